import { useMediaQuery } from './use-media-query.ts';

/** Phones are narrower than the tablet breakpoint of spec 1 §9 (768 px). */
const phoneQuery = '(max-width: 767.98px)';

/** Whether the viewport is phone-sized; exact from the first render, unlike antd's useBreakpoint. */
export function useIsPhone(): boolean {
  return useMediaQuery(phoneQuery);
}
