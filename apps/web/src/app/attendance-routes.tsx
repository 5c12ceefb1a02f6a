import { Navigate } from 'react-router';
import { canWriteArea } from '@lms/contract/permission.rules';
import { AttendanceListPage } from '../features/attendance/routes/attendance-list-page.tsx';
import { ClassAttendanceRecapPage } from '../features/attendance/routes/class-attendance-recap-page.tsx';
import {
  MeetingAttendancePage,
  type MeetingAttendancePageType,
} from '../features/attendance/routes/meeting-attendance-page.tsx';
import { LecturerAttendanceSection } from '../features/lecturer-attendance/components/lecturer-attendance-section.tsx';
import { QrCodePanel } from '../features/qr-attendance/components/qr-code-panel.tsx';
import { MyAttendancePage } from '../features/attendance/routes/my-attendance-page.tsx';
import { useCurrentUser } from '../lib/queries/get-current-user.ts';

/** /kehadiran: a student's classes; a lecturer's meetings; operators work from /kehadiran-peserta. */
export function AttendanceHomeRoute() {
  const user = useCurrentUser();
  if (user.role === 'mahasiswa') return <MyAttendancePage />;
  if (user.role === 'operator') return <Navigate to="/kehadiran-peserta" replace />;
  return <AttendanceListPage basePath="/kehadiran" canRecalculate={false} />;
}

/** /kehadiran-peserta: the operators' attendance list. */
export function OperatorAttendanceListRoute() {
  const user = useCurrentUser();
  return (
    <AttendanceListPage
      basePath="/kehadiran-peserta"
      canRecalculate={user.role === 'operator' && canWriteArea(user.permissions, 'kelas_kuliah')}
    />
  );
}

/** /kehadiran/{id} and /kehadiran-peserta/{id}: the class recap (a student: their own attendance). */
export function ClassAttendanceRoute() {
  const user = useCurrentUser();
  return <ClassAttendanceRecapPage staff={user.role !== 'mahasiswa'} />;
}

/**
 * The meeting attendance page with the sections other features own, composed here: features never
 * import each other.
 */
export function MeetingAttendanceRoute({ type }: { type: MeetingAttendancePageType | 'kelas' }) {
  const user = useCurrentUser();
  const resolved = type === 'kelas' ? (user.role === 'operator' ? 'operator-kelas' : 'dosen-kelas') : type;
  return (
    <MeetingAttendancePage
      type={resolved}
      lecturers={(attendance) => <LecturerAttendanceSection meeting={attendance.pertemuan} />}
      qrCode={(attendance) => <QrCodePanel meeting={attendance.pertemuan} />}
    />
  );
}
