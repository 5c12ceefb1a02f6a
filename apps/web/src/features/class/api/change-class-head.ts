import { useMutation } from '@tanstack/react-query';
import type { ClassDetail } from '@lms/contract/class.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { useStoreClass } from './update-class.ts';

/** PUT /v2/lms/kelas_kuliah/{id}/ketua_kelas: the chosen student's nim, or '' for none. */
export async function changeClassHead(id: string, nim: string): Promise<ClassDetail> {
  const response = await apiClient.put<{ data: ClassDetail }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(id)}/ketua_kelas`,
    { nim },
  );
  return response.data.data;
}

/** Changes the class head (Ubah Ketua Kelas). */
export function useChangeClassHead(id: string) {
  const store = useStoreClass();
  return useMutation({ mutationFn: (nim: string) => changeClassHead(id, nim), onSuccess: store });
}
