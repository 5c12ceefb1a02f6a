import { uploadLimitsQuery } from '../../../lib/queries/get-upload-limits.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollegeSettings, CollegeSettingsInput } from '@lms/contract/college-settings.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { configurationQuery } from '../../../lib/queries/get-configuration.ts';
import { collegeSettingsQuery } from './get-college-settings.ts';

/** PUT /v2/lms/pengaturan: replaces the college settings. */
export async function saveCollegeSettings(body: CollegeSettingsInput): Promise<CollegeSettings> {
  const response = await apiClient.put<{ data: CollegeSettings }>('/v2/lms/pengaturan', body);
  return response.data.data;
}

/** The save mutation; the configuration (time zone of the header clock, SIAKAD link) reloads too. */
export function useSaveCollegeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCollegeSettings,
    onSuccess: async (data) => {
      queryClient.setQueryData(collegeSettingsQuery.queryKey, data);
      await queryClient.invalidateQueries({ queryKey: configurationQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: uploadLimitsQuery.queryKey });
    },
  });
}
