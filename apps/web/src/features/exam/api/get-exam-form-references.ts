import { useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';

interface SettingsAnswer {
  pengaturan_kelas?: { akses_resume_ujian?: { tampilkan_soal?: boolean } };
}

/**
 * What the exam form reads when it opens: the class's participants (GET …/peserta/nim_nama) and whether
 * the class setting lets questions and keys be shown after the exam (GET /v2/lms/pengaturan).
 */
export async function getExamFormReferences(classId: string) {
  const [participants, settings] = await Promise.all([
    apiClient.get<{ data: Array<{ nim: string; nama: string }> }>(
      `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/peserta/nim_nama`,
    ),
    apiClient.get<{ data: SettingsAnswer }>('/v2/lms/pengaturan'),
  ]);
  return {
    participants: participants.data.data,
    showsKey: settings.data.data.pengaturan_kelas?.akses_resume_ujian?.tampilkan_soal ?? true,
  };
}

/** The form's references, loaded when the form opens. */
export function useExamFormReferences(classId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...examKeys.all, 'form-references', classId],
    queryFn: () => getExamFormReferences(classId),
    enabled,
    staleTime: 60_000,
  });
}
