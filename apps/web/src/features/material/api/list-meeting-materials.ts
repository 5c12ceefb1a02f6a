import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Material } from '@lms/contract/material.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { meetingMaterialsList } from '../../../lib/meeting-content-lists.ts';

/** GET /v2/lms/kelas_kuliah/{id}/materi?id_pertemuan=…: a meeting's materials (students: those shown). */
export async function listMeetingMaterials(classId: string, meetingId: string): Promise<Material[]> {
  const response = await apiClient.get<{ data: Material[] }>(meetingMaterialsList(classId, meetingId).url);
  return response.data.data;
}

/** Query options of a meeting's materials. */
export function meetingMaterialsQuery(classId: string, meetingId: string) {
  return queryOptions({
    queryKey: meetingMaterialsList(classId, meetingId).queryKey,
    queryFn: () => listMeetingMaterials(classId, meetingId),
  });
}

/** A meeting's materials. */
export function useMeetingMaterials(classId: string, meetingId: string) {
  return useQuery(meetingMaterialsQuery(classId, meetingId));
}
