import { useMutation } from '@tanstack/react-query';
import type { ClassDetail } from '@lms/contract/class.schema';
import type { TeacherRole } from '@lms/contract/class.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { useStoreClass } from './update-class.ts';

/** PUT /v2/lms/kelas_kuliah/{id}/pengajar/{idDosen}: a teacher's role (Ubah Jabatan). */
export async function changeTeacherRole(
  id: string,
  idDosen: string,
  peran: TeacherRole,
): Promise<ClassDetail> {
  const response = await apiClient.put<{ data: ClassDetail }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(id)}/pengajar/${encodeURIComponent(idDosen)}`,
    { peran },
  );
  return response.data.data;
}

/** Changes teachers' roles one call each; the last answer is the class as it now stands. */
export function useChangeTeacherRoles(id: string) {
  const store = useStoreClass();
  return useMutation({
    mutationFn: async (changes: { idDosen: string; peran: TeacherRole }[]) => {
      let detail: ClassDetail | undefined;
      for (const change of changes) detail = await changeTeacherRole(id, change.idDosen, change.peran);
      return detail;
    },
    onSuccess: (detail) => {
      if (detail) store(detail);
    },
  });
}
