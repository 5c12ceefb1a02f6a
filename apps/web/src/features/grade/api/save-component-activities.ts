import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecapActivity } from '@lms/contract/grade.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { gradeKeys } from '../../../lib/query-keys/grade-query-keys.ts';

/** PUT …/komponen/{komponenId} with list_aktivitas. */
export async function saveComponentActivities(input: {
  classId: string;
  komponenId: string;
  activityIds: string[];
}): Promise<RecapActivity[]> {
  const response = await apiClient.put<{ data: RecapActivity[] }>(
    `/v2/lms/nilai/kelas_kuliah/${encodeURIComponent(input.classId)}/komponen/${encodeURIComponent(input.komponenId)}`,
    { list_aktivitas: input.activityIds },
  );
  return response.data.data;
}

/** Saves a component's activities; the recap recomputes its values. */
export function useSaveComponentActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveComponentActivities,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gradeKeys.all }),
  });
}
