import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseInfo } from '@lms/contract/academic.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { courseKeys } from '../../../lib/query-keys/course-query-keys.ts';

/** GET /v2/academic/matakuliah/{courseId}: coordinator, RPS developer, syllabus and rights. */
export async function getCourseInfo(courseId: string): Promise<CourseInfo> {
  const response = await apiClient.get<{ data: CourseInfo }>(
    `/v2/academic/matakuliah/${encodeURIComponent(courseId)}`,
  );
  return response.data.data;
}

export function getCourseInfoQuery(courseId: string) {
  return queryOptions({ queryKey: courseKeys.info(courseId), queryFn: () => getCourseInfo(courseId) });
}

/** The course's academic data (Data Silabus). */
export function useCourseInfo(courseId: string, enabled: boolean) {
  return useQuery({ ...getCourseInfoQuery(courseId), enabled });
}
