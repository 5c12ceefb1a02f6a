import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnSettings } from '@lms/contract/account.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys/account-query-keys.ts';

/** GET /v2/lms/pengaturan/me: the user's own settings and the photo limit. */
export async function getOwnSettings(): Promise<OwnSettings> {
  const response = await apiClient.get<{ data: OwnSettings }>('/v2/lms/pengaturan/me');
  return response.data.data;
}

/** Query options of the user's own settings. */
export const ownSettingsQuery = queryOptions({ queryKey: accountKeys.settings(), queryFn: getOwnSettings });

/** The user's own settings. */
export function useOwnSettings() {
  return useQuery(ownSettingsQuery);
}
