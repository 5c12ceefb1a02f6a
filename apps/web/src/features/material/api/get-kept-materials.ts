import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultOfflineMaterialsMb } from '@lms/contract/material-offline.rules';
import { apiClient } from '../../../lib/api-client.ts';
import { materialKeys } from '../../../lib/query-keys/material-query-keys.ts';
import { listKeptMeetings, readKeptMeeting, type KeptMeeting } from './offline-material-cache.ts';

/** What the student keeps of a meeting on this device; read from the phone, so it works offline. */
export function keptMeetingQuery(userId: string, meetingId: string) {
  return queryOptions({
    queryKey: [...materialKeys.all, 'kept', userId, meetingId] as const,
    queryFn: async (): Promise<KeptMeeting | null> => (await readKeptMeeting(userId, meetingId)) ?? null,
    networkMode: 'always',
    staleTime: Infinity,
  });
}

export function useKeptMeeting(userId: string, meetingId: string, enabled: boolean) {
  return useQuery({ ...keptMeetingQuery(userId, meetingId), enabled });
}

/** Every meeting the student keeps on this device; read from the phone, so it works offline. */
export function useKeptMeetings(userId: string) {
  return useQuery({
    queryKey: [...materialKeys.all, 'kept-list', userId] as const,
    queryFn: () => listKeptMeetings(userId),
    networkMode: 'always',
    staleTime: 0,
  });
}

/** GET /v2/lms/pengaturan: the college's limit on one meeting's kept materials, MB. */
async function getOfflineMaterialsLimitMb(): Promise<number> {
  const response = await apiClient.get<{
    data: { pengaturan_sistem?: { ukuran_max_materi_luring?: number } };
  }>('/v2/lms/pengaturan');
  return response.data.data.pengaturan_sistem?.ukuran_max_materi_luring ?? defaultOfflineMaterialsMb;
}

/** The limit on kept materials (the default while loading or when the call fails). */
export function useOfflineMaterialsLimitMb(enabled: boolean): number {
  return (
    useQuery({
      queryKey: [...materialKeys.all, 'offline-limit'] as const,
      queryFn: getOfflineMaterialsLimitMb,
      staleTime: 5 * 60_000,
      enabled,
    }).data ?? defaultOfflineMaterialsMb
  );
}
