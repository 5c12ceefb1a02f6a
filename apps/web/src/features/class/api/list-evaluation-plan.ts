import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { evaluationPlanRowSchema } from '@lms/contract/academic.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { courseKeys } from '../../../lib/query-keys/course-query-keys.ts';

export type EvaluationPlanRow = z.infer<typeof evaluationPlanRowSchema>;

/** GET /v2/academic/makul/{courseId}/rencana-evaluasi: grade components and weights. */
export async function listEvaluationPlan(courseId: string): Promise<EvaluationPlanRow[]> {
  const response = await apiClient.get<{ data: EvaluationPlanRow[] }>(
    `/v2/academic/makul/${encodeURIComponent(courseId)}/rencana-evaluasi`,
  );
  return response.data.data;
}

export function listEvaluationPlanQuery(courseId: string) {
  return queryOptions({
    queryKey: courseKeys.evaluationPlan(courseId),
    queryFn: () => listEvaluationPlan(courseId),
  });
}

/** The evaluation plan (RE). */
export function useEvaluationPlan(courseId: string, enabled: boolean) {
  return useQuery({ ...listEvaluationPlanQuery(courseId), enabled });
}
