import { defaultTimeZone } from './date.ts';
import { useConfiguration } from './queries/get-configuration.ts';

/** The college's configured time zone (WIB when none is set or while it loads). */
export function useTimeZone(): string {
  return useConfiguration().data?.time_zone ?? defaultTimeZone;
}
