import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Radio, Space, Statistic, Tooltip, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import {
  attendanceMarkLabels,
  attendanceMessages,
  type AttendanceMark,
} from '@lms/contract/attendance.rules';
import type { MeetingAttendance, StudentAttendanceRow } from '@lms/contract/attendance.schema';
import { lectureModeLabels } from '@lms/contract/class.rules';
import { useClassCrumbLabel } from '../../../components/class-crumb.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MeetingStatusTag } from '../../../components/meeting-status-tag.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCrumbLabel } from '../../../components/route-handle.ts';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { formatDateTime, formatDateTimeRange } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useAttendanceKinds } from '../api/get-attendance-kinds.ts';
import { useMeetingAttendance } from '../api/get-meeting-attendance.ts';
import { useRequestRecalculation } from '../api/request-recalculation.ts';
import { useSaveMeetingAttendance } from '../api/save-meeting-attendance.ts';
import { useAttendanceEvents } from '../api/use-attendance-events.ts';
import { AttendanceDetailModal } from '../components/attendance-detail-modal.tsx';
import { ProgressLegend } from '../components/attendance-mark.tsx';
import { MeetingForumList } from '../components/meeting-forum-list.tsx';
import { StudentAttendanceList, type DraftMark } from '../components/student-attendance-list.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import '../components/meeting-attendance.css';

/** The confirmation before a save turns students nobody chose a mark for into A (issue 45). */
export function unchosenSentence(count: number): string {
  return `${count} mahasiswa yang belum dipilih akan disimpan sebagai Alpa. Lanjutkan?`;
}

/** The four variants of spec 2 §2; they differ in breadcrumbs and where they are reached from. */
export const meetingAttendancePageTypes = ['dosen', 'dosen-kelas', 'operator', 'operator-kelas'] as const;
export type MeetingAttendancePageType = (typeof meetingAttendancePageTypes)[number];

function MeetingInfoBox({ attendance, timeZone }: { attendance: MeetingAttendance; timeZone: string }) {
  const isPhone = useIsPhone();
  const m = attendance.pertemuan;
  return (
    <Descriptions
      bordered
      size="small"
      column={isPhone ? 1 : 2}
      styles={{ label: { width: isPhone ? 120 : 170 } }}
      items={[
        {
          key: 'mk',
          label: 'Mata Kuliah',
          children: `${m.kelas_kuliah.mata_kuliah.kode} - ${m.kelas_kuliah.mata_kuliah.nama}`,
        },
        { key: 'kelas', label: 'Kelas', children: `${m.kelas_kuliah.nama} ${m.kelas_kuliah.jenis}` },
        { key: 'nomor', label: 'Pertemuan', children: `Pertemuan ${m.nomor} - ${m.judul}` },
        { key: 'metode', label: 'Metode', children: lectureModeLabels[m.jenis] },
        {
          key: 'waktu',
          label: 'Waktu',
          children: formatDateTimeRange(m.waktu_mulai, m.waktu_selesai, timeZone),
        },
        ...(attendance.dihitung_sistem
          ? [
              {
                key: 'min',
                label: 'Progress minimal peserta',
                children: `${attendance.presentase_progress_minimal_persen}%`,
              },
            ]
          : []),
        { key: 'status', label: 'Status', children: <MeetingStatusTag status={m.status} /> },
        { key: 'mulai', label: 'Mulai Kuliah', children: formatDateTime(m.mulai_kuliah, timeZone) },
        { key: 'selesai', label: 'Selesai Kuliah', children: formatDateTime(m.selesai_kuliah, timeZone) },
      ]}
    />
  );
}

/** Where the page is opened from decides its breadcrumb (spec 2 §2); the crumbs are named once loaded. */
function usePageCrumbs(type: MeetingAttendancePageType, attendance: MeetingAttendance | undefined) {
  const { id = '', meetingId = '' } = useParams();
  const m = attendance?.pertemuan;
  const classLabel = m ? { mata_kuliah: m.kelas_kuliah.mata_kuliah, kelas: m.kelas_kuliah } : undefined;
  const inClass = type === 'dosen-kelas' || type === 'operator-kelas';
  useClassCrumbLabel(inClass ? classLabel : undefined, id);
  const listBase = type === 'operator' ? '/kehadiran-peserta' : '/kehadiran';
  const meetingPath = inClass
    ? `/kelas/${encodeURIComponent(id)}/${meetingId}`
    : `${listBase}/${encodeURIComponent(id)}/${meetingId}`;
  useCrumbLabel(
    !inClass && classLabel ? `${classLabel.mata_kuliah.nama} ${classLabel.kelas.nama}` : undefined,
    `${listBase}/${encodeURIComponent(id)}`,
  );
  useCrumbLabel(m ? `Pertemuan ${m.nomor}` : undefined, meetingPath);
}

/**
 * The meeting attendance page (spec 2 §2) in its four variants: the meeting info box, "X dari N
 * Peserta", the average progress for computed meetings, the lecturers' section and the QR panel the app
 * composes in, the students with view → edit → save or cancel, and the meeting's forums with who completed
 * them. An unknown type renders nothing.
 */
export function MeetingAttendancePage({
  type,
  lecturers,
  qrCode,
}: {
  type: string;
  /** The lecturers' attendance section (another feature's; the app composes it). */
  lecturers?: (attendance: MeetingAttendance) => ReactNode;
  /** The QR check-in panel for offline meetings (another feature's). */
  qrCode?: (attendance: MeetingAttendance) => ReactNode;
}) {
  const known = (meetingAttendancePageTypes as readonly string[]).includes(type);
  const { id = '', meetingId = '' } = useParams();
  const timeZone = useTimeZone();
  const { message, notification } = useToasts();
  const attendance = useMeetingAttendance(meetingId);
  const data = attendance.data;
  const kinds = useAttendanceKinds(!!data?.akses.ubah);
  const save = useSaveMeetingAttendance(meetingId);
  const recalculate = useRequestRecalculation();
  const [draft, setDraft] = useState<Record<string, DraftMark> | null>(null);
  const [all, setAll] = useState<AttendanceMark | null>(null);
  const [detailOf, setDetailOf] = useState<StudentAttendanceRow | null>(null);
  /** How many unchosen students the pending save would mark A, while its confirmation is open. */
  const [unchosen, setUnchosen] = useState<number | null>(null);
  usePageCrumbs(known ? (type as MeetingAttendancePageType) : 'dosen', data);
  useAttendanceEvents(known && data ? data.pertemuan.kelas_kuliah.id : undefined, (r) => {
    if (r.status === 'completed' && r.id_pertemuan === meetingId) void message.success(r.message);
    if (r.status === 'failed') notification.error({ title: r.message });
  });

  if (!known) return null;
  if (attendance.isPending) return <PageLoader />;
  if (attendance.isError || !data) {
    return (
      <Card>
        <Typography.Title level={4} style={{ textAlign: 'center' }}>
          NO DATA
        </Typography.Title>
        {attendance.isError ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {normalizeApiError(attendance.error).message}
          </Typography.Paragraph>
        ) : null}
      </Card>
    );
  }

  const offered: AttendanceMark[] = ['H', 'A'];
  if (kinds.data?.izin.is_active) offered.push('I');
  if (kinds.data?.sakit.is_active) offered.push('S');

  const startEdit = () => {
    // Cancel drops the draft, so the page shows the marks as they were. No presence starts unchosen and
    // is saved as A where attendance is manual (spec 2 §4), after a confirmation naming how many; where
    // the system computes it, only the rows a person touches become manual marks, so the others keep
    // following the students' activity.
    setDraft(
      Object.fromEntries(
        data.mahasiswa.map((row) => [
          row.mahasiswa.nim,
          {
            presensi: row.ada_presensi ? row.presensi : null,
            ada_presensi: row.ada_presensi ? !row.sistem : !data.dihitung_sistem,
          },
        ]),
      ),
    );
    setAll(null);
  };
  const changeOne = (nim: string, presensi: AttendanceMark) =>
    setDraft((d) => (d ? { ...d, [nim]: { presensi, ada_presensi: true } } : d));
  const changeAll = (presensi: AttendanceMark) => {
    setAll(presensi);
    setDraft((d) =>
      d ? Object.fromEntries(Object.keys(d).map((nim) => [nim, { presensi, ada_presensi: true }])) : d,
    );
  };
  const changedRows = () =>
    data.mahasiswa
      .filter((row) => {
        const next = draft?.[row.mahasiswa.nim];
        return !!next?.ada_presensi && (row.sistem || !row.ada_presensi || row.presensi !== next.presensi);
      })
      .map((row) => ({
        nim: row.mahasiswa.nim,
        presensi: draft![row.mahasiswa.nim]!.presensi ?? ('A' as const),
        ada_presensi: true,
      }));
  const submit = () => {
    if (!draft) return;
    const count = Object.values(draft).filter((d) => d.ada_presensi && d.presensi === null).length;
    if (count > 0) setUnchosen(count);
    else saveDraft();
  };
  const saveDraft = () => {
    setUnchosen(null);
    const changed = changedRows();
    if (changed.length === 0) {
      setDraft(null);
      return;
    }
    save.mutate(
      { data: changed },
      {
        onSuccess: () => {
          void message.success(attendanceMessages.saved);
          setDraft(null);
        },
        onError: (error) => notification.error({ title: normalizeApiError(error).message }),
      },
    );
  };
  const startRecalculation = () =>
    recalculate.mutate(
      { meetingId },
      {
        onSuccess: () => void message.success(attendanceMessages.recalculationRequested),
        onError: (error) => notification.error({ title: normalizeApiError(error).message }),
      },
    );

  const running = data.sedang_update || recalculate.isPending;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        className="meeting-attendance-card"
        title="Kehadiran Pertemuan"
        extra={
          // The class's recap (issue 45: it was reachable only by a breadcrumb).
          <Link
            to={`${type.startsWith('operator') ? '/kehadiran-peserta' : '/kehadiran'}/${encodeURIComponent(data.pertemuan.kelas_kuliah.id)}`}
          >
            Rekap Kehadiran Kelas
          </Link>
        }
      >
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <MeetingInfoBox attendance={data} timeZone={timeZone} />
          <Space wrap size={32}>
            <Statistic title="Kehadiran" value={`${data.jumlah_hadir} dari ${data.jumlah_peserta} Peserta`} />
            {data.dihitung_sistem ? (
              <Statistic
                title="Rata-rata progress"
                value={data.rata_rata_progress ?? 0}
                precision={1}
                suffix="%"
              />
            ) : null}
            {data.dihitung_sistem ? (
              <Statistic
                title="Terakhir diperbarui"
                value={
                  data.waktu_terakhir_update_kehadiran
                    ? formatDateTime(data.waktu_terakhir_update_kehadiran, timeZone)
                    : '-'
                }
              />
            ) : null}
          </Space>
        </Space>
      </Card>
      {lecturers?.(data)}
      {qrCode?.(data)}
      <Card
        title="Kehadiran Peserta"
        extra={
          <Space wrap>
            {data.akses.hitung_ulang && !draft ? (
              <Tooltip title={running ? attendanceMessages.recalculationRunning : undefined}>
                <Button onClick={startRecalculation} disabled={running} loading={recalculate.isPending}>
                  Update Progress
                </Button>
              </Tooltip>
            ) : null}
            {data.akses.ubah && !draft ? (
              <Button type="primary" onClick={startEdit}>
                Ubah kehadiran
              </Button>
            ) : null}
          </Space>
        }
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {data.dihitung_sistem ? null : (
            <Alert type="info" showIcon title={attendanceMessages.manualNotice} />
          )}
          {draft ? (
            <Space wrap>
              <Typography.Text strong>Tandai semua:</Typography.Text>
              <Radio.Group
                aria-label="Tandai semua"
                value={all}
                onChange={(e) => changeAll(e.target.value as AttendanceMark)}
                options={offered.map((m) => ({ value: m, label: attendanceMarkLabels[m] }))}
              />
            </Space>
          ) : null}
          <StudentAttendanceList
            attendance={data}
            timeZone={timeZone}
            draft={draft}
            offered={offered}
            onChange={changeOne}
            onDetail={setDetailOf}
          />
          {data.dihitung_sistem ? (
            <ProgressLegend minPercent={data.presentase_progress_minimal_persen} />
          ) : null}
        </Space>
        {draft ? (
          // Under every row (edit mode does not page), kept in view while scrolling: a child of the card's
          // body, so it sticks for as long as the list is on screen.
          <div className="attendance-edit-bar">
            <Button onClick={() => setDraft(null)} disabled={save.isPending}>
              Batal
            </Button>
            <Button type="primary" onClick={submit} loading={save.isPending}>
              Simpan
            </Button>
          </div>
        ) : null}
      </Card>
      <ConfirmDialog
        open={unchosen !== null}
        title="Simpan kehadiran"
        onConfirm={saveDraft}
        onCancel={() => setUnchosen(null)}
      >
        {unchosenSentence(unchosen ?? 0)}
      </ConfirmDialog>
      <MeetingForumList meetingId={meetingId} timeZone={timeZone} />
      <AttendanceDetailModal
        classId={id || data.pertemuan.kelas_kuliah.id}
        meetingId={detailOf ? meetingId : null}
        nim={detailOf?.mahasiswa.nim ?? null}
        timeZone={timeZone}
        onClose={() => setDetailOf(null)}
      />
    </Space>
  );
}
