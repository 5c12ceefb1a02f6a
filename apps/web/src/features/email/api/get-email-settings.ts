import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailSettings } from '@lms/contract/email-settings.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/pengaturan/email (operators with konfigurasi read); the password only as stored or not. */
export async function getEmailSettings(): Promise<EmailSettings> {
  const response = await apiClient.get<{ data: EmailSettings }>('/v2/lms/pengaturan/email');
  return response.data.data;
}

export const emailSettingsQuery = queryOptions({
  queryKey: ['pengaturan', 'email'],
  queryFn: getEmailSettings,
});

/** The college's SMTP settings. */
export function useEmailSettings() {
  return useQuery(emailSettingsQuery);
}
