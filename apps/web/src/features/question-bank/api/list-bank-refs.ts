import { useQuery } from '@tanstack/react-query';
import type { CourseRef, TeachingPeriod } from '@lms/contract/question-bank.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { questionBankKeys } from '../../../lib/query-keys/question-bank-query-keys.ts';

/** GET /v2/lms/mata_kuliah/ref?id_dosen=&ignore_default_pagination=true: courses for the bank form. */
export async function listCourseRefs(dosenId: string | null): Promise<CourseRef[]> {
  const response = await apiClient.get<{ data: CourseRef[] }>('/v2/lms/mata_kuliah/ref', {
    params: { ...(dosenId ? { id_dosen: dosenId } : {}), ignore_default_pagination: 'true' },
  });
  return response.data.data;
}

/** The courses of a lecturer (or all, for an operator without one chosen). */
export function useCourseRefs(dosenId: string | null, enabled = true) {
  return useQuery({
    queryKey: questionBankKeys.courseRefs(dosenId),
    queryFn: () => listCourseRefs(dosenId),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /v2/lms/bank_soal/dosen_ref: lecturers for the operator's bank form. */
export async function listLecturerRefs(): Promise<Array<{ id: string; nama: string }>> {
  const response = await apiClient.get<{ data: Array<{ id: string; nama: string }> }>(
    '/v2/lms/bank_soal/dosen_ref',
  );
  return response.data.data;
}

/** The lecturers an operator may give a bank to. */
export function useLecturerRefs(enabled: boolean) {
  return useQuery({
    queryKey: questionBankKeys.lecturerRefs(),
    queryFn: listLecturerRefs,
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** GET /v1/dosen/{id}/periode_mengajar: the periods a lecturer teaches in. */
export async function listTeachingPeriods(dosenId: string): Promise<TeachingPeriod[]> {
  const response = await apiClient.get<{ data: TeachingPeriod[] }>(
    `/v1/dosen/${encodeURIComponent(dosenId)}/periode_mengajar`,
  );
  return response.data.data;
}

/** A lecturer's teaching periods. */
export function useTeachingPeriods(dosenId: string | null) {
  return useQuery({
    queryKey: questionBankKeys.teachingPeriods(dosenId ?? ''),
    queryFn: () => listTeachingPeriods(dosenId!),
    enabled: !!dosenId,
    staleTime: 5 * 60_000,
  });
}
