import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { studyProgramRefSchema } from '@lms/contract/academic.schema';
import { apiClient } from '../api-client.ts';
import { referenceKeys, referencePageSize, referenceStaleTime } from '../query-keys/reference-query-keys.ts';

export type StudyProgramRef = z.infer<typeof studyProgramRefSchema>;

/** GET /v1/prodi_ref: the study programs. */
export async function listStudyPrograms(): Promise<StudyProgramRef[]> {
  const response = await apiClient.get<{ data: StudyProgramRef[] }>('/v1/prodi_ref', {
    params: { page: 1, per_page: referencePageSize },
  });
  return response.data.data;
}

/** Query options of the study programs. */
export const listStudyProgramsQuery = queryOptions({
  queryKey: referenceKeys.studyPrograms(),
  queryFn: listStudyPrograms,
  staleTime: referenceStaleTime,
});

/** The study programs (Prodi filters). */
export function useStudyPrograms(enabled = true) {
  return useQuery({ ...listStudyProgramsQuery, enabled });
}

/** A study program option as the filters show it: 'S1 Informatika'. */
export function studyProgramLabel(program: Pick<StudyProgramRef, 'jenjang' | 'nama'>): string {
  return `${program.jenjang} ${program.nama}`;
}
