import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassDetail } from '@lms/contract/class.schema';
import type { LectureMode } from '@lms/contract/class.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { classKeys } from '../../../lib/query-keys/class-query-keys.ts';

/** The class data fields of PUT /v2/lms/kelas_kuliah/{id} (Ubah Kelas, Pengaturan Kelas). */
export interface ClassDataInput {
  mode_kuliah?: LectureMode;
  kapasitas?: number;
  lingkup?: 'Prodi' | 'Fakultas' | 'Universitas';
  metode_pengajaran?: 'Individu' | 'Team Teaching';
  /** A campus of the college (GET /v2/lms/kampus); the server refuses another college's. */
  id_kampus?: string;
  banner_color_idx?: number;
  hapus_banner?: boolean;
}

/** PUT /v2/lms/kelas_kuliah/{id} as JSON: class data fields; answers the detail. */
export async function updateClass(id: string, input: ClassDataInput): Promise<ClassDetail> {
  const response = await apiClient.put<{ data: ClassDetail }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(id)}`,
    input,
  );
  return response.data.data;
}

/** PUT /v2/lms/kelas_kuliah/{id} multipart with `file_banner`, reporting upload progress. */
export async function uploadClassBanner(
  id: string,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<ClassDetail> {
  const form = new FormData();
  form.append('file_banner', file);
  const response = await apiClient.put<{ data: ClassDetail }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(id)}`,
    form,
    {
      onUploadProgress: (event) => {
        if (event.total) onProgress?.((event.loaded / event.total) * 100);
      },
    },
  );
  return response.data.data;
}

/** Puts a changed class into the cache and refreshes the lists that show it. */
export function useStoreClass() {
  const queryClient = useQueryClient();
  return (detail: ClassDetail) => {
    queryClient.setQueryData(classKeys.detail(detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: classKeys.all, refetchType: 'active' });
  };
}

/** Changes class data fields. */
export function useUpdateClass(id: string) {
  const store = useStoreClass();
  return useMutation({ mutationFn: (input: ClassDataInput) => updateClass(id, input), onSuccess: store });
}

/** Uploads a new banner. */
export function useUploadClassBanner(id: string) {
  const store = useStoreClass();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      uploadClassBanner(id, file, onProgress),
    onSuccess: store,
  });
}
