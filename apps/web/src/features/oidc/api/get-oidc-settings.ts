import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OidcSettings } from '@lms/contract/oidc-settings.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/pengaturan/sso (operators with konfigurasi read); the client secret only as stored or not. */
export async function getOidcSettings(): Promise<OidcSettings> {
  const response = await apiClient.get<{ data: OidcSettings }>('/v2/lms/pengaturan/sso');
  return response.data.data;
}

export const oidcSettingsQuery = queryOptions({
  queryKey: ['pengaturan', 'sso'],
  queryFn: getOidcSettings,
});

/** The college's campus sign-in (OpenID Connect) settings. */
export function useOidcSettings() {
  return useQuery(oidcSettingsQuery);
}
