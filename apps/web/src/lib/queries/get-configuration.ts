import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CollegeConfiguration } from '@lms/contract/college.schema';
import type { ColorMode } from '@lms/contract/college-settings.rules';
import { apiClient, hasStatus } from '../api-client.ts';
import { colorModeOf, forgetCollegeId, rememberCollege, rememberedColorMode } from '../college.ts';

/** GET /v1/configuration; remembers the college id every later request sends. */
export async function getConfiguration(): Promise<CollegeConfiguration> {
  try {
    const response = await apiClient.get<{ data: CollegeConfiguration }>('/v1/configuration', {
      skipAuth: true,
    });
    const configuration = response.data.data;
    rememberCollege(configuration);
    return configuration;
  } catch (error) {
    // A remembered college the server no longer knows: forget it and let the server pick.
    if (hasStatus(error, 400)) {
      forgetCollegeId();
      const response = await apiClient.get<{ data: CollegeConfiguration }>('/v1/configuration', {
        skipAuth: true,
      });
      rememberCollege(response.data.data);
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

/** The college's colour mode: the configuration's, or until it comes the one remembered from the last visit. */
export function useColorMode(): ColorMode {
  const colorMode = useConfiguration().data?.color_mode;
  return colorMode === undefined ? rememberedColorMode() : colorModeOf(colorMode);
}
