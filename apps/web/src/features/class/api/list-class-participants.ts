import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { classKeys } from '../../../lib/query-keys/class-query-keys.ts';

export interface ParticipantName {
  nim: string;
  nama: string;
}

/** GET /v2/lms/kelas_kuliah/{id}/peserta/nim_nama: participants matching a nim or name. */
export async function listClassParticipants(
  classId: string,
  search: string,
  signal?: AbortSignal,
): Promise<ParticipantName[]> {
  const response = await apiClient.get<{ data: ParticipantName[] }>(
    `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/peserta/nim_nama`,
    { params: { search: search || undefined }, signal },
  );
  return response.data.data;
}

export function listClassParticipantsQuery(classId: string, search: string) {
  return queryOptions({
    queryKey: classKeys.participants(classId, search),
    queryFn: ({ signal }) => listClassParticipants(classId, search, signal),
  });
}

/** The participants for the class-head search. */
export function useClassParticipants(classId: string, search: string, enabled: boolean) {
  return useQuery({ ...listClassParticipantsQuery(classId, search), enabled });
}
