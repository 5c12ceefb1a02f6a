import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { qrAttendanceKeys } from '../../../lib/query-keys/qr-attendance-query-keys.ts';

/** GET /v0/aturan/qr-code: whether the college takes attendance by QR code. */
export async function getQrCodeRule(): Promise<{ status: boolean }> {
  const response = await apiClient.get<{ data: { status: boolean } }>('/v0/aturan/qr-code');
  return response.data.data;
}

/** The QR rule; a setting, so kept for a few minutes. */
export function useQrCodeRule(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: qrAttendanceKeys.rule(),
      queryFn: getQrCodeRule,
      staleTime: 5 * 60_000,
      enabled,
    }),
  );
}
