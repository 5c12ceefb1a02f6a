import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { courseRefSchema } from '@lms/contract/academic.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { referencePageSize } from './list-periods.ts';

export type CourseRef = z.infer<typeof courseRefSchema>;

/** GET /v1/makul_ref: the courses, optionally of one study program. */
export async function listCourses(idProdi: string | undefined): Promise<CourseRef[]> {
  const response = await apiClient.get<{ data: CourseRef[] }>('/v1/makul_ref', {
    params: { per_page: referencePageSize, id_prodi: idProdi },
  });
  return response.data.data;
}

export function listCoursesQuery(idProdi: string | undefined) {
  return queryOptions({
    queryKey: ['reference', 'makul', idProdi ?? null],
    queryFn: () => listCourses(idProdi),
    staleTime: 30 * 60_000,
  });
}

/** The courses (class list filter). */
export function useCourses(idProdi: string | undefined, enabled = true) {
  return useQuery({ ...listCoursesQuery(idProdi), enabled });
}

/** A course option as spec 1 §3 shows it: 'kodeMakul(idMakul) - nama'. */
export function courseOptionLabel(course: Pick<CourseRef, 'id' | 'kode' | 'nama'>): string {
  return `${course.kode}(${course.id}) - ${course.nama}`;
}
