import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Material } from '@lms/contract/material.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { meetingMaterialLimit } from '../../../lib/first-screens.ts';
import { materialKeys } from '../../../lib/query-keys/material-query-keys.ts';

/** GET /v2/lms/kelas_kuliah/{id}/materi?id_pertemuan=…: a meeting's materials (students: those shown). */
export async function listMeetingMaterials(classId: string, meetingId: string): Promise<Material[]> {
  const response = await apiClient.get<{ data: Material[] }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/materi`,
    { params: { id_pertemuan: meetingId, per_page: meetingMaterialLimit } },
  );
  return response.data.data;
}

/** Query options of a meeting's materials. */
export function meetingMaterialsQuery(classId: string, meetingId: string) {
  return queryOptions({
    queryKey: materialKeys.meetingList(classId, meetingId),
    queryFn: () => listMeetingMaterials(classId, meetingId),
  });
}

/** A meeting's materials. */
export function useMeetingMaterials(classId: string, meetingId: string) {
  return useQuery(meetingMaterialsQuery(classId, meetingId));
}
