import { canWriteArea } from '@lms/contract/permission.rules';
import { StatusPage } from '../components/status-page.tsx';
import { GradeClassListPage } from '../features/grade/routes/grade-class-list-page.tsx';
import { GradeRecapPage } from '../features/grade/routes/grade-recap-page.tsx';
import { MyGradesPage } from '../features/grade/routes/my-grades-page.tsx';
import { DemoSiakadPage } from '../features/siakad-demo/routes/demo-siakad-page.tsx';
import { useCurrentUser } from '../lib/queries/get-current-user.ts';
import { useParams } from 'react-router';

/** Pages the caller's page type may not open. */
function Forbidden() {
  return (
    <StatusPage code="403" title="Akses ditolak" description="Anda tidak memiliki akses ke halaman ini." />
  );
}

/** /nilai: a student's published scores; lecturers' and operators' class list. */
export function GradeHomeRoute() {
  const user = useCurrentUser();
  return user.role === 'mahasiswa' ? <MyGradesPage /> : <GradeClassListPage />;
}

/** /nilai/{id}: Rekap Nilai Kelas, for page types dosen and operator only (spec 3 §2). */
export function GradeRecapRoute() {
  const user = useCurrentUser();
  const { id = '' } = useParams();
  if (user.role === 'mahasiswa') return <Forbidden />;
  const demo = user.role === 'operator' && canWriteArea(user.permissions, 'kelas_kuliah');
  return (
    <GradeRecapPage
      role={user.role}
      siakadDemoPath={demo ? `/nilai/${encodeURIComponent(id)}/demo-siakad` : undefined}
    />
  );
}

/** /nilai/{id}/demo-siakad: the demo SIAKAD's screen (operators with write on kelas_kuliah). */
export function DemoSiakadRoute() {
  const user = useCurrentUser();
  if (user.role !== 'operator' || !canWriteArea(user.permissions, 'kelas_kuliah')) return <Forbidden />;
  return <DemoSiakadPage />;
}
