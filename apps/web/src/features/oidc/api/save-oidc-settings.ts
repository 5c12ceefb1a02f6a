import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OidcSettings, OidcSettingsInput } from '@lms/contract/oidc-settings.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { oidcSettingsQuery } from './get-oidc-settings.ts';

/** The body the form sends: what zod's input takes (empty texts become null on the server). */
export type OidcSettingsBody = Omit<OidcSettingsInput, 'issuer' | 'client_id' | 'prodi_akun_baru'> & {
  issuer: string;
  client_id: string;
  prodi_akun_baru: string | null;
};

/** PUT /v2/lms/pengaturan/sso (operators with konfigurasi write). */
export async function saveOidcSettings(body: OidcSettingsBody): Promise<OidcSettings> {
  const response = await apiClient.put<{ data: OidcSettings }>('/v2/lms/pengaturan/sso', body);
  return response.data.data;
}

/** Saves the settings and keeps the answer as the settings. */
export function useSaveOidcSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOidcSettings,
    onSuccess: (data) => queryClient.setQueryData(oidcSettingsQuery.queryKey, data),
  });
}
