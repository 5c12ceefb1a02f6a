import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CollegeProfile } from '@lms/contract/college-profile.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** GET /v2/lms/perguruan_tinggi (operators with konfigurasi read). */
export async function getCollegeProfile(): Promise<CollegeProfile> {
  const response = await apiClient.get<{ data: CollegeProfile }>('/v2/lms/perguruan_tinggi');
  return response.data.data;
}

export const collegeProfileQuery = queryOptions({
  queryKey: ['perguruan-tinggi', 'profil'],
  queryFn: getCollegeProfile,
});

/** The college's name, address, contact and logo address. */
export function useCollegeProfile() {
  return useQuery(collegeProfileQuery);
}
