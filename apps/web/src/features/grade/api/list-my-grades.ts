import { useQuery } from '@tanstack/react-query';
import type { MyGrades } from '@lms/contract/grade.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { gradeKeys } from '../../../lib/query-keys/grade-query-keys.ts';

/** GET /v2/lms/nilai/me: the student's published scores per class. */
export async function listMyGrades(): Promise<MyGrades> {
  const response = await apiClient.get<{ data: MyGrades }>('/v2/lms/nilai/me');
  return response.data.data;
}

/** The student's published scores. */
export function useMyGrades() {
  return useQuery({ queryKey: gradeKeys.mine(), queryFn: listMyGrades });
}
