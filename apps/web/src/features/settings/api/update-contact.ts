import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnSettings, OwnSettingsUpdate } from '@lms/contract/account.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { ownSettingsQuery } from './get-own-settings.ts';
import { accountKeys } from '../../../lib/query-keys/account-query-keys.ts';

/** PUT /v2/lms/pengaturan/me: email and phone. */
export async function updateContact(body: OwnSettingsUpdate): Promise<OwnSettings> {
  const response = await apiClient.put<{ data: OwnSettings }>('/v2/lms/pengaturan/me', body);
  return response.data.data;
}

/** The contact mutation; refreshes the settings and the profile. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (data) => {
      queryClient.setQueryData(ownSettingsQuery.queryKey, data);
      void queryClient.invalidateQueries({ queryKey: accountKeys.profile() });
    },
  });
}
