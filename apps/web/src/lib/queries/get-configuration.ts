import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CollegeConfiguration } from '@lms/contract/college.schema';
import { apiClient, hasStatus } from '../api-client.ts';
import { forgetCollegeId, rememberCollege } from '../college.ts';

/** GET /v1/configuration; remembers the college id every later request sends. */
export async function getConfiguration(): Promise<CollegeConfiguration> {
  try {
    const response = await apiClient.get<{ data: CollegeConfiguration }>('/v1/configuration', {
      skipAuth: true,
    });
    const configuration = response.data.data;
    rememberCollege(configuration.college_id, configuration.nama);
    return configuration;
  } catch (error) {
    // A remembered college the server no longer knows: forget it and let the server pick.
    if (hasStatus(error, 400)) {
      forgetCollegeId();
      const response = await apiClient.get<{ data: CollegeConfiguration }>('/v1/configuration', {
        skipAuth: true,
      });
      rememberCollege(response.data.data.college_id, response.data.data.nama);
      return response.data.data;
    }
    throw error;
  }
}

/** Query options of the college configuration. */
export const configurationQuery = queryOptions({
  queryKey: ['configuration'],
  queryFn: getConfiguration,
  staleTime: 5 * 60_000,
});

/** The college configuration (name, time zone, demo accounts, …). */
export function useConfiguration() {
  return useQuery(configurationQuery);
}
