import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradeIntegrationInput } from '@lms/contract/grade.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { gradeKeys } from '../../../lib/query-keys/grade-query-keys.ts';
import {
  gradeIntegrationSettingsQuery,
  type GradeIntegrationSettingsData,
} from './get-grade-integration-settings.ts';

/** PUT /v2/lms/pengaturan/integrasi_nilai (operators with konfigurasi write). */
export async function saveGradeIntegrationSettings(
  body: GradeIntegrationInput,
): Promise<GradeIntegrationSettingsData> {
  const response = await apiClient.put<{ data: GradeIntegrationSettingsData }>(
    '/v2/lms/pengaturan/integrasi_nilai',
    body,
  );
  return response.data.data;
}

/** Saves the settings; recaps reload (who may set components and which SIAKAD answers changed). */
export function useSaveGradeIntegrationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGradeIntegrationSettings,
    onSuccess: async (data) => {
      queryClient.setQueryData(gradeIntegrationSettingsQuery.queryKey, data);
      await queryClient.invalidateQueries({ queryKey: gradeKeys.all });
    },
  });
}
