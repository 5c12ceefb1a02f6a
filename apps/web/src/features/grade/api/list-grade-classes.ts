import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { gradeClassListResponseSchema } from '@lms/contract/grade.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { gradeKeys } from '../../../lib/query-keys/grade-query-keys.ts';

export type GradeClassList = z.infer<typeof gradeClassListResponseSchema>;
export interface GradeClassListParams {
  page: number;
  per_page: number;
  periode?: number;
  search?: string;
}

/** GET /v2/lms/nilai: the classes of the recap list (lecturers theirs, operators all). */
export async function listGradeClasses(params: GradeClassListParams): Promise<GradeClassList> {
  const response = await apiClient.get<GradeClassList>('/v2/lms/nilai', { params });
  return response.data;
}

/** The recap list's classes. */
export function useGradeClasses(params: GradeClassListParams) {
  return useQuery({
    queryKey: gradeKeys.classes(params),
    queryFn: () => listGradeClasses(params),
    placeholderData: keepPreviousData,
  });
}
