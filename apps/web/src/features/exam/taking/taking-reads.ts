import { defaultUploadLimitsMb } from '@lms/contract/college-settings.rules';
import type { PauseStatus } from '@lms/contract/exam-run.schema';
import type { Exam } from '@lms/contract/exam.schema';
import { examRequest } from './exam-http.ts';

// The reads of the taking page, through fetch (exam-http.ts); the app's pages read the same routes
// through TanStack Query (api/get-exam.ts, api/get-exam-pause.ts, lib/queries/get-upload-limits.ts).

/** GET /v2/lms/ujian/{id}: the exam with the student's own attempt and whether it can be taken now. */
export function fetchExam(id: string): Promise<Exam> {
  return examRequest<Exam>('GET', `/v2/lms/ujian/${id}`);
}

/** GET /v2/lms/ujian/{id}/jeda: whether the exam is paused. */
export function fetchExamPause(id: string): Promise<PauseStatus> {
  return examRequest<PauseStatus>('GET', `/v2/lms/ujian/${id}/jeda`);
}

/** GET /v2/lms/pengaturan: the size limit of essay answer files in MB (the default when it fails). */
export async function fetchAnswerFileLimitMb(): Promise<number> {
  try {
    const settings = await examRequest<{
      pengaturan_sistem?: { ukuran_max_file?: { jawaban_ujian?: number } };
    }>('GET', '/v2/lms/pengaturan');
    return settings.pengaturan_sistem?.ukuran_max_file?.jawaban_ujian ?? defaultUploadLimitsMb.jawaban_ujian;
  } catch {
    return defaultUploadLimitsMb.jawaban_ujian;
  }
}
