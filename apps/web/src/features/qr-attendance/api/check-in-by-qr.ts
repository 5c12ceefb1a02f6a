import { useMutation } from '@tanstack/react-query';
import type { QrCheckInResult } from '@lms/contract/qr-attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** POST /v2/lms/kehadiran_mahasiswa/presensi_qr: the student's check-in with a scanned code. */
export async function checkInByQr(kode: string): Promise<QrCheckInResult> {
  const response = await apiClient.post<{ data: QrCheckInResult }>(
    '/v2/lms/kehadiran_mahasiswa/presensi_qr',
    {
      kode,
    },
  );
  return response.data.data;
}

/** The check-in as a mutation; the page shows its answer or the server's refusal. */
export function useCheckInByQr() {
  return useMutation({ mutationFn: checkInByQr });
}
