import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Material } from '@lms/contract/material.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { materialKeys } from '../../../lib/query-keys/material-query-keys.ts';

/** What a student did with a material, as the server records it. */
export type MaterialAction = 'set_download' | 'buka' | 'sudah_baca';

/** PUT /v2/lms/materi/{id}/{action}: answers the material with the student's progress. */
export async function recordMaterialAction(id: string, action: MaterialAction): Promise<Material> {
  const response = await apiClient.put<{ data: Material }>(`/v2/lms/materi/${id}/${action}`);
  return response.data.data;
}

/** PUT /v2/lms/materi/{id}/putar: seconds of real playback since the last report. */
export async function reportMaterialPlayback(id: string, seconds: number): Promise<Material> {
  const response = await apiClient.put<{ data: Material }>(`/v2/lms/materi/${id}/putar`, { detik: seconds });
  return response.data.data;
}

/** Puts the answered material into its meeting's list, so the card shows the new progress at once. */
export function useStoreMaterial() {
  const queryClient = useQueryClient();
  return (material: Material) => {
    queryClient.setQueryData<Material[]>(
      materialKeys.meetingList(material.id_kelas_kuliah, material.id_pertemuan),
      (list) => list?.map((m) => (m.id === material.id ? material : m)),
    );
  };
}

/** A student's action on a material. */
export function useMaterialAction() {
  const store = useStoreMaterial();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: MaterialAction }) => recordMaterialAction(id, action),
    onSuccess: store,
  });
}
