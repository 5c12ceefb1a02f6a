import { type ReactNode, Suspense, useDeferredValue, useState } from 'react';
import { BarChartOutlined, DownloadOutlined, ProfileOutlined, SettingOutlined } from '@ant-design/icons';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ClassDetail } from '@lms/contract/class.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { ClassBanner } from '../../../components/class-banner.tsx';
import { useClassCrumbLabel } from '../../../components/class-crumb.ts';
import { ClassStatusTag } from '../../../components/class-status-tag.tsx';
import { lazyWithAntd } from '../../../components/lazy-with-antd.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { downloadClassBap } from '../api/download-class-bap.ts';
import { useClass } from '../api/get-class.ts';
import { ClassDataCard } from '../components/class-data-card.tsx';
import {
  LazyBapDownloadModal,
  LazyClassDataModal,
  LazyClassHeadModal,
  LazyClassMembersModal,
  LazyClassProfileModal,
  LazyClassSettingsModal,
  LazySyllabusDataModal,
  LazySyllabusModal,
  LazyTeacherRoleModal,
} from '../components/lazy-class-modals.tsx';
import { ClassMeetingsCard } from '../components/class-meetings-card.tsx';
import { ClassParticipantsCard } from '../components/class-participants-card.tsx';
import { ClassTeachersCard } from '../components/class-teachers-card.tsx';
import '../components/class.css';
import { LoadingLines } from '../../../components/loading-lines.tsx';

// antd's Result (its illustrations are ~11 KB gzip) is only for a class that fails to load. The page itself
// is drawn without antd (a first screen; docs/web.md "Plain first screen"): its dialogs bring antd along.
const ClassLoadError = lazyWithAntd(
  async () => (await import('../components/class-load-error.tsx')).ClassLoadError,
);

type ClassModal =
  'settings' | 'profile' | 'data' | 'head' | 'roles' | 'syllabus' | 'syllabus-edit' | 'members' | 'bap';

/**
 * /kelas/{id}: banner, Data Pertemuan, Data Kelas, Data Peserta and Data Pengajar, and their modals;
 * `side` adds other areas' cards under them (composed by the app: features do not import each other).
 * `?back=forum` (the grade recap's forum header for an operator, spec 3 §2) puts `forums`, the class's
 * forums, first with a link back to the recap, as `from=nilai` does on the exam page.
 */
export function ClassDetailPage({
  side,
  forums,
}: {
  side?: (detail: ClassDetail) => ReactNode;
  forums?: (detail: ClassDetail) => ReactNode;
} = {}) {
  const { id = '' } = useParams();
  const klass = useClass(id);
  useClassCrumbLabel(klass.data, id);
  // The page renders in a transition once its answer arrives: no long task on a slow phone (docs/web.md).
  const detail = useDeferredValue(klass.data);

  const loading = <LoadingLines rows={10} />;
  if (klass.error && !detail)
    return (
      <Suspense fallback={loading}>
        <ClassLoadError error={klass.error} onRetry={() => void klass.refetch()} />
      </Suspense>
    );
  if (!detail) return loading;
  return <ClassDetailView detail={detail} side={side} forums={forums} />;
}

function ClassDetailView({
  detail,
  side,
  forums,
}: {
  detail: ClassDetail;
  side?: (detail: ClassDetail) => ReactNode;
  forums?: (detail: ClassDetail) => ReactNode;
}) {
  const isPhone = useIsPhone();
  const [search] = useSearchParams();
  const fromRecap = search.get('back') === 'forum';
  const { role } = useCurrentUser();
  const isOperator = role === 'operator';
  // Students have no attendance reports (spec 2: lecturers and operators download them).
  const mayDownloadBap = role === 'dosen' || role === 'operator';
  const [modal, setModal] = useState<ClassModal | null>(null);
  const close = () => setModal(null);
  // The document title is the layout's (pageTitle: 'Kelas - LMS Mahasiswa', spec 1 §2), not the course.
  const title = detail.mata_kuliah.nama;
  // The class's attendance recap (issue 45: it was reachable only by a breadcrumb): a student's own
  // attendance, a lecturer's recap under Kehadiran, an operator's under Kehadiran Peserta.
  const recapPath = `${isOperator ? '/kehadiran-peserta' : '/kehadiran'}/${encodeURIComponent(detail.id)}`;
  const recapLink = (
    <PlainButton to={recapPath} size="small" icon={<BarChartOutlined />}>
      {role === 'mahasiswa' ? 'Kehadiran Saya' : 'Rekap Kehadiran Kelas'}
    </PlainButton>
  );

  return (
    <div>
      {fromRecap ? (
        // Above the banner, so the page opens on them as a tab would, with the way back in sight.
        <div className="class-detail__forums">
          <Link to={`/nilai/${encodeURIComponent(detail.id)}`}>‹ Kembali ke Rekap Nilai</Link>
          {forums?.(detail)}
        </div>
      ) : null}
      <div className="class-hero">
        <ClassBanner
          bannerUrl={detail.banner_url}
          colorIdx={detail.banner_color_idx}
          height={isPhone ? 168 : 180}
        >
          <div className="class-hero__actions">
            <PlainButton
              size={isPhone ? 'small' : 'middle'}
              icon={<ProfileOutlined />}
              onClick={() => setModal('profile')}
            >
              Profil Kelas
            </PlainButton>
            {mayDownloadBap ? (
              <PlainButton
                size={isPhone ? 'small' : 'middle'}
                icon={<DownloadOutlined />}
                onClick={() => setModal('bap')}
              >
                Unduh BAP
              </PlainButton>
            ) : null}
            {detail.akses.ubah_banner ? (
              <PlainButton
                size={isPhone ? 'small' : 'middle'}
                icon={<SettingOutlined />}
                onClick={() => setModal('settings')}
              >
                Pengaturan Kelas
              </PlainButton>
            ) : null}
          </div>
          <div className="class-hero__content">
            <span>
              <ClassStatusTag status={detail.status} />
            </span>
            <h2 className="class-hero__title">{title}</h2>
            <span style={{ color: 'rgba(255,255,255,0.92)' }}>
              {detail.mata_kuliah.kode} · Kelas {detail.kelas.nama} {detail.kelas.jenis.nama} · Periode{' '}
              {formatPeriodLabel(detail.periode)}
            </span>
          </div>
        </ClassBanner>
      </div>
      <div className={isOperator ? 'class-detail class-detail--wide' : 'class-detail'}>
        <ClassMeetingsCard classId={detail.id} asTable={isOperator} extra={recapLink} />
        <div className="class-detail__side">
          <ClassDataCard
            detail={detail}
            onOpenSyllabus={() => setModal('syllabus')}
            onEdit={() => setModal('data')}
          />
          <ClassParticipantsCard
            detail={detail}
            onOpenMembers={() => setModal('members')}
            onChangeHead={() => setModal('head')}
          />
          <ClassTeachersCard detail={detail} onChangeRole={() => setModal('roles')} />
          {side?.(detail)}
        </div>
      </div>
      <LazyClassProfileModal detail={detail} open={modal === 'profile'} onClose={close} />
      {modal === 'bap' ? (
        <LazyBapDownloadModal
          open
          title="Unduh BAP"
          subtitle={`${detail.mata_kuliah.kode} ${detail.mata_kuliah.nama} · Kelas ${detail.kelas.nama} ${detail.kelas.jenis.nama}`}
          isLecturer={role === 'dosen'}
          teachers={detail.pengajar.map((t) => ({ id: t.id_dosen, nama: formatTeacherName(t) }))}
          download={(options) => downloadClassBap(detail.id, options)}
          onClose={close}
        />
      ) : null}
      {detail.akses.ubah_banner ? (
        <LazyClassSettingsModal detail={detail} open={modal === 'settings'} onClose={close} />
      ) : null}
      {detail.akses.ubah_kelas ? (
        <LazyClassDataModal detail={detail} open={modal === 'data'} onClose={close} />
      ) : null}
      {detail.akses.ubah_ketua_kelas ? (
        <LazyClassHeadModal detail={detail} open={modal === 'head'} onClose={close} />
      ) : null}
      {detail.akses.ubah_jabatan ? (
        <LazyTeacherRoleModal detail={detail} open={modal === 'roles'} onClose={close} />
      ) : null}
      <LazySyllabusDataModal
        detail={detail}
        open={modal === 'syllabus'}
        onClose={close}
        onEditSyllabus={() => setModal('syllabus-edit')}
      />
      {detail.akses.ubah_silabus ? (
        <LazySyllabusModal
          detail={detail}
          open={modal === 'syllabus-edit'}
          onClose={() => setModal('syllabus')}
        />
      ) : null}
      <LazyClassMembersModal
        detail={detail}
        open={modal === 'members'}
        canExport={mayDownloadBap}
        onClose={close}
      />
    </div>
  );
}
