import { type ReactNode, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { ArrowLeftOutlined, EditOutlined, TeamOutlined } from '@ant-design/icons';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainStack } from '../../../components/plain-stack.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { examRestrictionErrorCode, type ExamRestrictionDetail } from '@lms/contract/access-restriction.rules';
import { classCrumbLabel, useClassCrumbLabel } from '../../../components/class-crumb.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCrumbLabel } from '../../../components/route-handle.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDateTimeRange } from '../../../lib/date.ts';
import type { ForbiddenMeetingState } from '../../../lib/forbidden-meeting.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useMeeting } from '../api/get-meeting.ts';
import { MeetingContentBlocks, type MeetingContentBlock } from '../components/meeting-content-blocks.tsx';
import { MeetingInfo } from '../components/meeting-info.tsx';
import { MeetingBapButton } from '../components/meeting-bap-button.tsx';
import { MeetingStatusActions } from '../components/meeting-status-actions.tsx';
import { MeetingText } from '../components/meeting-text.tsx';
import { MeetingStatusTag } from '../../../components/meeting-status-tag.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { lazyWithAntd } from '../../../components/lazy-with-antd.tsx';
import './meeting-page.css';

// The page is drawn without antd (a first screen; docs/web.md "Plain first screen"): what uses antd comes
// with antd's provider when needed. antd's Result (its illustrations are ~11 KB gzip) is only for a
// meeting that fails to load.
const MeetingLoadError = lazyWithAntd(
  async () => (await import('../components/meeting-load-error.tsx')).MeetingLoadError,
);
// Fetched the first time it opens (its form, date picker and selects): readers never open it.
const MeetingEditModal = lazyModal(
  async () => (await import('../components/meeting-edit-modal.tsx')).MeetingEditModal,
);

/**
 * /kelas/{id}/{meetingId} and, for operators, /pertemuan/{id}: the meeting's data, Mulai and Selesai,
 * Ubah Data, and its content blocks. On phones the content comes right after the title and actions, and
 * the data table folds under it (Info Pertemuan).
 */
export function MeetingPage({
  blocks,
  attendance,
  offlineCopy,
}: {
  /** The content areas' blocks, composed by the app (features do not import each other). */
  blocks: readonly MeetingContentBlock[];
  /** The signed-in lecturer's own attendance button, shown above the meeting's data. */
  attendance?: (meeting: MeetingDetail) => ReactNode;
  /** The meeting as kept on the phone with its materials (issue 44 §4), for when it cannot be loaded. */
  offlineCopy?: (meetingId: string) => Promise<MeetingDetail | null>;
}) {
  const params = useParams();
  // On /kelas/{id}/{meetingId} the id is the class; on /pertemuan/{id} it is the meeting.
  const meetingId = params.meetingId ?? params.id ?? '';
  const meeting = useMeeting(meetingId);
  // Without a connection (the query waits for one) the copy kept with the meeting's materials, if any.
  const kept = useQuery({
    queryKey: ['meeting-kept-copy', meetingId],
    queryFn: () => offlineCopy!(meetingId),
    enabled: !!offlineCopy && meeting.isPaused && !meeting.data,
    networkMode: 'always',
  });
  // The page renders in a transition once its answer arrives: no long task on a slow phone (docs/web.md).
  const deferred = useDeferredValue(meeting.data ?? kept.data ?? undefined);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isPhone = useIsPhone();
  const { role } = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const error = meeting.error;
  const restricted = error instanceof ApiError && error.code === examRestrictionErrorCode;
  // On /kelas/{id}/{meetingId} the class has its own crumb to name; /pertemuan/{id} (operators) has
  // none, so the meeting's crumb carries the class there.
  const nested = params.meetingId !== undefined;
  const loaded = meeting.data ?? kept.data ?? undefined;
  useClassCrumbLabel(nested ? loaded?.kelas_kuliah : undefined, params.id ?? '');
  let crumb = loaded ? `Pertemuan ${loaded.nomor}` : undefined;
  if (loaded && !nested) crumb = `${classCrumbLabel(loaded.kelas_kuliah)} · ${crumb}`;
  useCrumbLabel(crumb);

  useEffect(() => {
    if (!restricted) return;
    const state: ForbiddenMeetingState = {
      restriction: error.detail as ExamRestrictionDetail,
      from: pathname,
    };
    void navigate(`/forbidden/${meetingId}`, { replace: true, state });
  }, [restricted, error, meetingId, navigate, pathname]);

  if (restricted) return <PageLoader />;
  if (error)
    return (
      <Suspense fallback={<PageLoader />}>
        <MeetingLoadError error={error} onRetry={() => void meeting.refetch()} />
      </Suspense>
    );

  if (!deferred) return <PageLoader />;
  const data = deferred;
  const kelas = data.kelas_kuliah;
  const canEdit = data.akses.ubah;
  const student = role === 'mahasiswa';
  const attendancePath = student
    ? `/kehadiran/${encodeURIComponent(kelas.id)}`
    : `/kelas/${encodeURIComponent(kelas.id)}/${data.id}/kehadiran`;
  const actions = (
    <div className="meeting-actions">
      <PlainButton to={attendancePath} icon={<TeamOutlined />}>
        {student ? 'Kehadiran Saya' : 'Kehadiran'}
      </PlainButton>
      {canEdit ? (
        <PlainButton icon={<EditOutlined />} onClick={() => setEditing(true)}>
          Ubah Data
        </PlainButton>
      ) : null}
      {student ? null : <MeetingBapButton meeting={data} />}
      <MeetingStatusActions meeting={data} />
    </div>
  );

  return (
    <PlainStack gap={16}>
      <PlainCard>
        <Link to={`/kelas/${encodeURIComponent(kelas.id)}`} style={{ display: 'inline-flex', gap: 6 }}>
          <ArrowLeftOutlined aria-hidden />
          <span>
            {kelas.mata_kuliah.kode} {kelas.mata_kuliah.nama} · Kelas {kelas.kelas.nama}{' '}
            {kelas.kelas.jenis.nama}
          </span>
        </Link>
        <div
          style={{
            display: 'flex',
            flexDirection: isPhone ? 'column' : 'row',
            alignItems: isPhone ? 'stretch' : 'flex-start',
            justifyContent: 'space-between',
            gap: 12,
            margin: '12px 0 16px',
          }}
        >
          <div style={{ minWidth: 0 }}>
            <div className="meeting-page__overline">
              <PlainText type="secondary">Pertemuan {data.nomor}</PlainText>
              <MeetingStatusTag status={data.status} />
            </div>
            {/* The page's h1 is the header's title; the meeting's is the next level, in an h3's size. */}
            <h2 className="meeting-page__title">{data.judul}</h2>
          </div>
          {actions}
        </div>
        {attendance?.(data)}
        {isPhone ? (
          // On a phone the time is enough up here; the whole info table waits below the content.
          <PlainText type="secondary" className="meeting-page__when">
            {formatDateTimeRange(data.waktu_mulai, data.waktu_selesai, data.time_zone)}
          </PlainText>
        ) : (
          <MeetingInfo meeting={data} />
        )}
      </PlainCard>
      <PlainCard title="Konten Pertemuan">
        <MeetingText meeting={data} />
        <MeetingContentBlocks meeting={data} blocks={blocks} />
      </PlainCard>
      {isPhone ? (
        // What a student opens daily comes first on a phone (issue 45); the meeting's data folds below it.
        <PlainCard>
          <details className="meeting-page__info">
            <summary>Info Pertemuan</summary>
            <MeetingInfo meeting={data} />
          </details>
        </PlainCard>
      ) : null}
      {canEdit ? <MeetingEditModal meeting={data} open={editing} onClose={() => setEditing(false)} /> : null}
    </PlainStack>
  );
}
