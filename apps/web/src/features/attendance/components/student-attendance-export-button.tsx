import { useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { useToasts } from '../../../components/toasts.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { exportStudentAttendance } from '../api/export-student-attendance.ts';

/**
 * Downloads one student's attendance in every class of the period (Detail data kehadiran); shown to
 * operators only (`useCanExportStudentAttendance`), as the route: a lecturer exports their class's recap.
 */
export function StudentAttendanceExportButton({ nim, periode }: { nim: string; periode: number }) {
  const { notification } = useToasts();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      title={`Kehadiran mahasiswa ini di semua kelasnya, periode ${formatPeriodLabel(periode)}`}
      onClick={() => {
        setBusy(true);
        exportStudentAttendance(nim, periode)
          .catch((error: unknown) => notification.error({ title: normalizeApiError(error).message }))
          .finally(() => setBusy(false));
      }}
    >
      Export Kehadiran Mahasiswa
    </Button>
  );
}

/** Whether the signed-in user may export a student's attendance (operators, as the route). */
export function useCanExportStudentAttendance(): boolean {
  return useCurrentUser().role === 'operator';
}
