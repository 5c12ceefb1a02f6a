import { useMutation } from '@tanstack/react-query';
import type { PasswordChange } from '@lms/contract/account.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** PUT /v2/lms/pengaturan/password; the server revokes the user's other sign-ins. */
export async function changePassword(body: PasswordChange): Promise<void> {
  // A wrong current password is a 400, never a 401, so the session stays.
  await apiClient.put('/v2/lms/pengaturan/password', body);
}

/** The change-password mutation. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
