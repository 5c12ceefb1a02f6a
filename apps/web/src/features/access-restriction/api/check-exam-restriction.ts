import { useQuery } from '@tanstack/react-query';
import type { AccessRestrictionStatus } from '@lms/contract/college.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/check_pembatasan?ujian=uts and =uas: the exam-attendance requirements too. */
export async function checkExamRestriction(): Promise<AccessRestrictionStatus> {
  const [uts, uas] = await Promise.all(
    (['uts', 'uas'] as const).map((ujian) =>
      apiClient.get<{ data: AccessRestrictionStatus }>('/v2/lms/check_pembatasan', { params: { ujian } }),
    ),
  );
  return { ...uts!.data.data, ...uas!.data.data };
}

/** The status including exam attendance, for /forbidden/{idPertemuan}. */
export function useExamRestriction(enabled: boolean) {
  return useQuery({ queryKey: ['access-restriction', 'ujian'], queryFn: checkExamRestriction, enabled });
}
