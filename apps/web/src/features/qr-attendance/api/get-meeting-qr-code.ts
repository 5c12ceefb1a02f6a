import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeetingQrCode } from '@lms/contract/qr-attendance.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { qrAttendanceKeys } from '../../../lib/query-keys/qr-attendance-query-keys.ts';

/** GET /v2/lms/kehadiran_mahasiswa/pertemuan/{idPertemuan}/qr: the code shown in class now. */
export async function getMeetingQrCode(meetingId: string): Promise<MeetingQrCode> {
  const response = await apiClient.get<{ data: MeetingQrCode }>(
    `/v2/lms/kehadiran_mahasiswa/pertemuan/${meetingId}/qr`,
  );
  return response.data.data;
}

/** Milliseconds until the server replaces the code, measured on the server's clock. */
export function msUntilNextCode(code: MeetingQrCode): number {
  return Math.max(1000, Date.parse(code.berganti_pada) - Date.parse(code.server_time) + 300);
}

/** The meeting's current code, fetched again when the server replaces it (every 30 seconds). */
export function useMeetingQrCode(meetingId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: qrAttendanceKeys.code(meetingId),
      queryFn: () => getMeetingQrCode(meetingId),
      enabled,
      retry: false,
      refetchInterval: (query) => (query.state.data ? msUntilNextCode(query.state.data) : false),
      refetchIntervalInBackground: true,
    }),
  );
}
