import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultUploadLimitsMb, type UploadFileKind } from '@lms/contract/college-settings.rules';
import { apiClient } from '../api-client.ts';
import { referenceKeys } from '../query-keys/reference-query-keys.ts';

interface CollegeSettingsAnswer {
  pengaturan_sistem?: { ukuran_max_file?: Partial<Record<UploadFileKind, number>> };
}

/** GET /v2/lms/pengaturan: the size limit of each upload kind in MB (pengaturan_sistem.ukuran_max_file). */
export async function getUploadLimits(): Promise<Record<UploadFileKind, number>> {
  const response = await apiClient.get<{ data: CollegeSettingsAnswer }>('/v2/lms/pengaturan');
  return { ...defaultUploadLimitsMb, ...response.data.data.pengaturan_sistem?.ukuran_max_file };
}

export const uploadLimitsQuery = queryOptions({
  queryKey: referenceKeys.uploadLimits(),
  queryFn: getUploadLimits,
  staleTime: 5 * 60_000,
});

/** The size limit of an upload kind in MB; the default while loading or when the call fails. */
export function useUploadLimitMb(kind: UploadFileKind): number {
  return useQuery(uploadLimitsQuery).data?.[kind] ?? defaultUploadLimitsMb[kind];
}
