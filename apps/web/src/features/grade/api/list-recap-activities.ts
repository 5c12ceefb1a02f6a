import { useQuery } from '@tanstack/react-query';
import type { RecapActivity } from '@lms/contract/grade.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { gradeKeys } from '../../../lib/query-keys/grade-query-keys.ts';

const path = (classId: string) => `/v2/lms/nilai/kelas_kuliah/${encodeURIComponent(classId)}`;

/** GET …/aktivitas: the class's activities a component may be made of. */
export async function listRecapActivities(classId: string): Promise<RecapActivity[]> {
  const response = await apiClient.get<{ data: RecapActivity[] }>(`${path(classId)}/aktivitas`);
  return response.data.data;
}

/** GET …/komponen/{komponenId}: the activities chosen for a component. */
export async function getComponentActivities(classId: string, komponenId: string): Promise<RecapActivity[]> {
  const response = await apiClient.get<{ data: RecapActivity[] }>(
    `${path(classId)}/komponen/${encodeURIComponent(komponenId)}`,
  );
  return response.data.data;
}

/** The class's activities (the component modal's choices). */
export function useRecapActivities(classId: string, enabled: boolean) {
  return useQuery({
    queryKey: gradeKeys.activities(classId),
    queryFn: () => listRecapActivities(classId),
    enabled,
  });
}

/** A component's chosen activities. */
export function useComponentActivities(classId: string, komponenId: string | null) {
  return useQuery({
    queryKey: gradeKeys.component(classId, komponenId ?? ''),
    queryFn: () => getComponentActivities(classId, komponenId!),
    enabled: !!komponenId,
  });
}
