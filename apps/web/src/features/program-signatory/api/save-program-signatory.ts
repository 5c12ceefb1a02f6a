import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProgramSignatory } from '@lms/contract/bap.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { programSignatoryQuery } from './get-program-signatory.ts';

/** The body of PUT /v1/penandatangan_prodi/{id}. */
export interface ProgramSignatoryBody {
  nama: string;
  jabatan?: string | null;
  nidn?: string | null;
  nip?: string | null;
}

/** PUT /v1/penandatangan_prodi/{id} (operators with write on Data Master). */
export async function saveProgramSignatory(input: {
  programId: string;
  body: ProgramSignatoryBody;
}): Promise<ProgramSignatory | null> {
  const response = await apiClient.put<{ data: ProgramSignatory | null }>(
    `/v1/penandatangan_prodi/${encodeURIComponent(input.programId)}`,
    input.body,
  );
  return response.data.data;
}

/** Saves a program's signatory. */
export function useSaveProgramSignatory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgramSignatory,
    onSuccess: (data, input) => {
      queryClient.setQueryData(programSignatoryQuery(input.programId).queryKey, data);
    },
  });
}
