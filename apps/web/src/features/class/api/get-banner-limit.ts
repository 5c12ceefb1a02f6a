import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultBannerMaxMb } from '@lms/contract/class.rules';
import { bytesPerMb } from '@lms/contract/format.rules';
import { apiClient } from '../../../lib/api-client.ts';

interface CollegeSettingsAnswer {
  pengaturan_sistem?: { ukuran_max_file?: { banner_kelas?: number } };
}

/** GET /v2/lms/pengaturan: the banner size limit in bytes (MB × 1,000,000; spec 2 §5). */
export async function getBannerLimit(): Promise<number> {
  const response = await apiClient.get<{ data: CollegeSettingsAnswer }>('/v2/lms/pengaturan');
  const mb = response.data.data.pengaturan_sistem?.ukuran_max_file?.banner_kelas ?? defaultBannerMaxMb;
  return Math.round(mb * bytesPerMb);
}

export const getBannerLimitQuery = queryOptions({
  queryKey: ['settings', 'banner-limit'],
  queryFn: getBannerLimit,
  staleTime: 5 * 60_000,
});

/** The banner size limit in bytes; the default 2 MB while loading or when the call fails. */
export function useBannerLimit(): number {
  return useQuery(getBannerLimitQuery).data ?? defaultBannerMaxMb * bytesPerMb;
}
