import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@lms/contract/account.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys/account-query-keys.ts';

/** GET /v2/lms/profil: Data Diri of the signed-in user. */
export async function getProfile(): Promise<Profile> {
  const response = await apiClient.get<{ data: Profile }>('/v2/lms/profil');
  return response.data.data;
}

/** Query options of the profile (the settings page invalidates it after a photo change). */
export const profileQuery = queryOptions({ queryKey: accountKeys.profile(), queryFn: getProfile });

/** The signed-in user's profile. */
export function useProfile() {
  return useQuery(profileQuery);
}
