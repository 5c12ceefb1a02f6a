import { useQuery } from '@tanstack/react-query';
import type { SendPreview } from '@lms/contract/grade.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { gradeKeys } from '../../../lib/query-keys/grade-query-keys.ts';

/** GET …/kirim/pratinjau: SIAKAD's value, the value to send and what changes, per student. */
export async function getSendPreview(classId: string): Promise<SendPreview> {
  const response = await apiClient.get<{ data: SendPreview }>(
    `/v2/lms/nilai/kelas_kuliah/${encodeURIComponent(classId)}/kirim/pratinjau`,
  );
  return response.data.data;
}

/** The sending preview, fresh each time the dialog opens. */
export function useSendPreview(classId: string, enabled: boolean) {
  return useQuery({
    queryKey: gradeKeys.preview(classId),
    queryFn: () => getSendPreview(classId),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
