import { downloadFromApi } from '../../../lib/download-file.ts';

/** GET /v2/lms/pertemuan/{id}/bap/unduh: saves the meeting's BAP (stored when it ended); answers the name. */
export function downloadMeetingBap(meetingId: string): Promise<string> {
  return downloadFromApi(`/v2/lms/pertemuan/${encodeURIComponent(meetingId)}/bap/unduh`, {}, 'BAP.pdf');
}
