import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProgramSignatory } from '@lms/contract/bap.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v1/penandatangan_prodi/{id}: the program's signatory, null until an operator sets one. */
export async function getProgramSignatory(programId: string): Promise<ProgramSignatory | null> {
  const response = await apiClient.get<{ data: ProgramSignatory | null }>(
    `/v1/penandatangan_prodi/${encodeURIComponent(programId)}`,
  );
  return response.data.data;
}

/** Query options of one program's signatory. */
export function programSignatoryQuery(programId: string) {
  return queryOptions({
    queryKey: ['penandatangan_prodi', programId],
    queryFn: () => getProgramSignatory(programId),
  });
}

/** The signatory of the chosen program (nothing is asked before a program is chosen). */
export function useProgramSignatory(programId: string | null) {
  return useQuery({ ...programSignatoryQuery(programId ?? ''), enabled: !!programId });
}
