import { useQueryClient } from '@tanstack/react-query';
import type { Recalculation } from '@lms/contract/attendance.schema';
import { attendanceKeys } from '../../../lib/query-keys/attendance-query-keys.ts';
import { useAuthorizedEventSource } from '../../../lib/use-authorized-event-source.ts';

/**
 * Follows `/v2/lms/events/kehadiran_mahasiswa` for a class: `progress` (a student did something, or a
 * meeting's activities changed) and `calc-percentage` (a recalculation's state) refresh what the page
 * shows, so progress moves without reloading and the update buttons follow a job started elsewhere.
 */
export function useAttendanceEvents(
  classId: string | undefined,
  onRecalculation?: (r: Recalculation) => void,
): void {
  const queryClient = useQueryClient();
  useAuthorizedEventSource(
    '/v2/lms/events/kehadiran_mahasiswa',
    { id_kelas_kuliah: classId ?? '' },
    {
      progress: () => void queryClient.invalidateQueries({ queryKey: attendanceKeys.all }),
      'calc-percentage': (data) => {
        void queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
        onRecalculation?.(data as Recalculation);
      },
    },
    classId !== undefined,
  );
}
