import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { learningPlanRowSchema } from '@lms/contract/academic.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { courseKeys } from '../../../lib/query-keys/course-query-keys.ts';

export type LearningPlanRow = z.infer<typeof learningPlanRowSchema>;

/** GET /v2/academic/makul/{courseId}/rencana-pembelajaran: the RPS rows, all of them. */
export async function listLearningPlan(courseId: string): Promise<LearningPlanRow[]> {
  const response = await apiClient.get<{ data: LearningPlanRow[] }>(
    `/v2/academic/makul/${encodeURIComponent(courseId)}/rencana-pembelajaran`,
    { params: { ignore_default_pagination: true } },
  );
  return response.data.data;
}

export function listLearningPlanQuery(courseId: string) {
  return queryOptions({
    queryKey: courseKeys.learningPlan(courseId),
    queryFn: () => listLearningPlan(courseId),
  });
}

/** The semester learning plan (RPS). */
export function useLearningPlan(courseId: string, enabled: boolean) {
  return useQuery({ ...listLearningPlanQuery(courseId), enabled });
}
