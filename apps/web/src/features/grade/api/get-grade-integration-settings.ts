import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { gradeIntegrationSettingsResponseSchema } from '@lms/contract/grade.schema';
import { apiClient } from '../../../lib/api-client.ts';

/** The college's grade integration settings: the integrator and the SIAKAD connector. */
export type GradeIntegrationSettingsData = z.infer<typeof gradeIntegrationSettingsResponseSchema>['data'];

/** GET /v2/lms/pengaturan/integrasi_nilai (operators with konfigurasi read). */
export async function getGradeIntegrationSettings(): Promise<GradeIntegrationSettingsData> {
  const response = await apiClient.get<{ data: GradeIntegrationSettingsData }>(
    '/v2/lms/pengaturan/integrasi_nilai',
  );
  return response.data.data;
}

/** Query options of the grade integration settings. */
export const gradeIntegrationSettingsQuery = queryOptions({
  queryKey: ['pengaturan', 'integrasi_nilai'],
  queryFn: getGradeIntegrationSettings,
});

/** The grade integration settings. */
export function useGradeIntegrationSettings() {
  return useQuery(gradeIntegrationSettingsQuery);
}
