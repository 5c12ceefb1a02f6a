import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { courseRefSchema } from '@lms/contract/academic.schema';
import { apiClient } from '../api-client.ts';
import { referenceKeys, referencePageSize, referenceStaleTime } from '../query-keys/reference-query-keys.ts';

export type CourseRef = z.infer<typeof courseRefSchema>;

/** GET /v1/makul_ref: the courses, optionally of one study program. */
export async function listCourses(idProdi: string | undefined): Promise<CourseRef[]> {
  const response = await apiClient.get<{ data: CourseRef[] }>('/v1/makul_ref', {
    params: { page: 1, per_page: referencePageSize, id_prodi: idProdi },
  });
  return response.data.data;
}

/** Query options of the courses (of one study program, or all). */
export function listCoursesQuery(idProdi: string | undefined) {
  return queryOptions({
    queryKey: referenceKeys.courses(idProdi),
    queryFn: () => listCourses(idProdi),
    staleTime: referenceStaleTime,
  });
}

/** The courses (Mata Kuliah filters). */
export function useCourses(idProdi: string | undefined, enabled = true) {
  return useQuery({ ...listCoursesQuery(idProdi), enabled });
}

/** A course option as spec 1 §3 shows it: 'kodeMakul(idMakul) - nama'. */
export function courseOptionLabel(course: Pick<CourseRef, 'id' | 'kode' | 'nama'>): string {
  return `${course.kode}(${course.id}) - ${course.nama}`;
}
