import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailSettings, EmailSettingsInput } from '@lms/contract/email-settings.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { emailSettingsQuery } from './get-email-settings.ts';

/** The body the form sends: what zod's input takes (the port may still be text). */
export type EmailSettingsBody = Omit<EmailSettingsInput, 'host' | 'username' | 'pengirim_email'> & {
  host: string;
  username: string;
  pengirim_email: string;
};

/** PUT /v2/lms/pengaturan/email (operators with konfigurasi write). */
export async function saveEmailSettings(body: EmailSettingsBody): Promise<EmailSettings> {
  const response = await apiClient.put<{ data: EmailSettings }>('/v2/lms/pengaturan/email', body);
  return response.data.data;
}

/** Saves the settings and keeps the answer as the settings. */
export function useSaveEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveEmailSettings,
    onSuccess: (data) => queryClient.setQueryData(emailSettingsQuery.queryKey, data),
  });
}
