import { useMutation } from '@tanstack/react-query';
import type { ClashCheckResult, MeetingDetail, MeetingUpdate } from '@lms/contract/meeting.schema';
import type { MeetingFieldError } from '@lms/contract/meeting.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError, capitalizeWords } from '../../../lib/api-error.ts';
import { useStoreMeeting } from './get-meeting.ts';

/** A refused save, with what the server said about the fields or the clash. */
export class MeetingSaveError extends ApiError {
  constructor(
    message: string,
    statusCode: number,
    code: string | undefined,
    /** pengisian_belum_lengkap, jadwal_tidak_valid, ruangan_tidak_tersedia: per-field messages. */
    readonly fields: MeetingFieldError[],
    /** jadwal_bentrok: the clash result. */
    readonly clash: ClashCheckResult | null,
  ) {
    super(message, statusCode, undefined, code);
    this.name = 'MeetingSaveError';
  }
}

interface ErrorBody {
  status?: { code?: string; message?: string };
  detail?: { fields?: MeetingFieldError[] } & Partial<ClashCheckResult>;
}

/**
 * PUT /v2/lms/pertemuan/{id}. The shared client's errors carry no `detail`, so 400 and 409 are read
 * here to put the server's field messages and clash result on the form.
 */
export async function updateMeeting(meetingId: string, body: MeetingUpdate): Promise<MeetingDetail> {
  const response = await apiClient.put<{ data: MeetingDetail } | ErrorBody>(
    `/v2/lms/pertemuan/${meetingId}`,
    body,
    {
      validateStatus: (status) => (status >= 200 && status < 300) || status === 400 || status === 409,
    },
  );
  if (response.status < 300) return (response.data as { data: MeetingDetail }).data;
  const error = response.data as ErrorBody;
  const detail = error.detail;
  const clash =
    detail?.bentrok_kelas && detail.bentrok_ruangan && detail.bentrok_pengajar
      ? (detail as ClashCheckResult)
      : null;
  throw new MeetingSaveError(
    capitalizeWords(error.status?.message ?? 'Terjadi kesalahan'),
    response.status,
    error.status?.code,
    Array.isArray(detail?.fields) ? detail.fields : [],
    clash,
  );
}

/** Saves the meeting form; the answer replaces the cached detail, what lists meetings refetches. */
export function useUpdateMeeting(meetingId: string) {
  const store = useStoreMeeting(meetingId);
  return useMutation({
    mutationFn: (body: MeetingUpdate) => updateMeeting(meetingId, body),
    onSuccess: store,
  });
}
