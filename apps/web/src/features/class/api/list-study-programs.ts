import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { studyProgramRefSchema } from '@lms/contract/academic.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { referencePageSize } from './list-periods.ts';

export type StudyProgramRef = z.infer<typeof studyProgramRefSchema>;

/** GET /v1/prodi_ref: the study programs. */
export async function listStudyPrograms(): Promise<StudyProgramRef[]> {
  const response = await apiClient.get<{ data: StudyProgramRef[] }>('/v1/prodi_ref', {
    params: { per_page: referencePageSize },
  });
  return response.data.data;
}

export const listStudyProgramsQuery = queryOptions({
  queryKey: ['reference', 'prodi'],
  queryFn: listStudyPrograms,
  staleTime: 30 * 60_000,
});

/** The study programs (class list filter). */
export function useStudyPrograms(enabled = true) {
  return useQuery({ ...listStudyProgramsQuery, enabled });
}
