import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CollegeSettings } from '@lms/contract/college-settings.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/pengaturan: the college's settings with defaults. */
export async function getCollegeSettings(): Promise<CollegeSettings> {
  const response = await apiClient.get<{ data: CollegeSettings }>('/v2/lms/pengaturan');
  return response.data.data;
}

/** Query options of the college settings. */
export const collegeSettingsQuery = queryOptions({
  queryKey: ['pengaturan', 'college'],
  queryFn: getCollegeSettings,
});

/** The college settings. */
export function useCollegeSettings() {
  return useQuery(collegeSettingsQuery);
}
