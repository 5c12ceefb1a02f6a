import { useState } from 'react';
import { Button, Card, Radio, Space, Table, Typography } from 'antd';
import type { AttendanceMark } from '@lms/contract/attendance.rules';
import { attendanceMarkLabels } from '@lms/contract/attendance.rules';
import type { MeetingAttendance, StudentAttendanceRow } from '@lms/contract/attendance.schema';
import { emptyTableLocale, EmptyState, noParticipantsSentence } from '../../../components/empty-state.tsx';
import { InfoHint } from '../../../components/info-hint.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { AttendanceMarkTag, AttendanceProgress } from './attendance-mark.tsx';
import './student-attendance-list.css';

/**
 * A student's mark while editing: the code (null while nobody chose one: no radio is selected, and a
 * manual meeting saves it as A) and whether the student has a person's mark at all.
 */
export interface DraftMark {
  presensi: AttendanceMark | null;
  ada_presensi: boolean;
}

interface Props {
  attendance: MeetingAttendance;
  timeZone: string;
  /** The marks being edited by nim, or null in view mode. */
  draft: Record<string, DraftMark> | null;
  offered: AttendanceMark[];
  onChange: (nim: string, mark: AttendanceMark) => void;
  onDetail: (row: StudentAttendanceRow) => void;
}

function MarkChoice({
  nim,
  value,
  offered,
  onChange,
}: {
  nim: string;
  value: AttendanceMark | null | undefined;
  offered: AttendanceMark[];
  onChange: (nim: string, mark: AttendanceMark) => void;
}) {
  return (
    <Radio.Group
      aria-label={`Kehadiran ${nim}`}
      className="attendance-mark-choice"
      value={value ?? undefined}
      onChange={(e) => onChange(nim, e.target.value as AttendanceMark)}
      options={offered.map((m) => ({ value: m, label: m, title: attendanceMarkLabels[m] }))}
      optionType="button"
      size="small"
    />
  );
}

/** What the Progress column measures (issue 45: the counts in the tables were unexplained). */
const progressHint =
  'Bagian aktivitas wajib pertemuan ini (materi, tugas, kuis/ujian, forum, vidcon yang dihitung) yang ' +
  'diselesaikan mahasiswa tepat waktu. Detail menunjukkan berapa dari berapa aktivitas dan apa yang belum.';

function UpdatedBy({ row, timeZone }: { row: StudentAttendanceRow; timeZone: string }) {
  if (!row.updated_by) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text>{row.updated_by.name || row.updated_by.username}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(row.updated_at, timeZone)}
      </Typography.Text>
    </Space>
  );
}

/**
 * The meeting's students: a table on desktop, cards on phones (spec 2 §2); radios while editing. The
 * table pages in view mode with numbers running on across pages (spec 2 §9); in edit mode it shows every
 * row, so the lecturer sees each mark that Simpan will save (issue 45: unseen rows were saved as A).
 */
export function StudentAttendanceList({ attendance, timeZone, draft, offered, onChange, onDetail }: Props) {
  const isPhone = useIsPhone();
  const [paging, setPaging] = useState({ current: 1, pageSize: 10 });
  const min = attendance.presentase_progress_minimal_persen;
  const rows = attendance.mahasiswa;
  if (rows.length === 0) return <EmptyState description={noParticipantsSentence} />;
  const markCell = (row: StudentAttendanceRow) =>
    draft ? (
      <MarkChoice
        nim={row.mahasiswa.nim}
        value={draft[row.mahasiswa.nim]?.presensi}
        offered={offered}
        onChange={onChange}
      />
    ) : (
      <AttendanceMarkTag mark={row} computed={attendance.dihitung_sistem} />
    );
  const detailButton = (row: StudentAttendanceRow) => (
    <Button size="small" onClick={() => onDetail(row)} aria-label={`Detail kehadiran ${row.mahasiswa.nama}`}>
      Detail
    </Button>
  );

  if (isPhone) {
    return (
      <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="attendance-cards">
        {rows.map((row, i) => (
          <Card key={row.mahasiswa.id_user} size="small" data-nim={row.mahasiswa.nim}>
            <Space orientation="vertical" size={6} style={{ width: '100%' }}>
              <Space size={8} align="start">
                <UserAvatar src={row.mahasiswa.avatar_url} alt={row.mahasiswa.nama} size={36} />
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>
                    {i + 1}. {row.mahasiswa.nama}
                  </Typography.Text>
                  <Typography.Text type="secondary">{row.mahasiswa.nim}</Typography.Text>
                </Space>
              </Space>
              {attendance.dihitung_sistem ? <AttendanceProgress mark={row} minPercent={min} /> : null}
              <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
                {markCell(row)}
                {detailButton(row)}
              </Space>
              <UpdatedBy row={row} timeZone={timeZone} />
            </Space>
          </Card>
        ))}
      </Space>
    );
  }

  return (
    <Table<StudentAttendanceRow>
      rowKey={(row) => row.mahasiswa.id_user}
      dataSource={rows}
      pagination={
        draft
          ? false
          : {
              ...paging,
              pageSizeOptions: [5, 10, 20, 50],
              showSizeChanger: true,
              // A new page size starts again at page 1 (spec 2 §9).
              onChange: (current, pageSize) =>
                setPaging((p) => ({ current: pageSize === p.pageSize ? current : 1, pageSize })),
            }
      }
      locale={emptyTableLocale}
      onRow={(row) => ({ 'data-nim': row.mahasiswa.nim }) as React.HTMLAttributes<HTMLElement>}
      scroll={{ x: 760 }}
      columns={[
        {
          key: 'no',
          title: 'No',
          width: 56,
          render: (_v, _r, i) => (draft ? 0 : (paging.current - 1) * paging.pageSize) + i + 1,
        },
        {
          key: 'mahasiswa',
          title: 'Mahasiswa',
          render: (_v, row) => (
            <Space size={8}>
              <UserAvatar src={row.mahasiswa.avatar_url} alt={row.mahasiswa.nama} size={32} />
              <Space orientation="vertical" size={0}>
                <Typography.Text strong>{row.mahasiswa.nama}</Typography.Text>
                <Typography.Text type="secondary">{row.mahasiswa.nim}</Typography.Text>
              </Space>
            </Space>
          ),
        },
        ...(attendance.dihitung_sistem
          ? [
              {
                key: 'progress',
                title: (
                  <Space size={4}>
                    <span>Progress</span>
                    <InfoHint hint={progressHint} />
                  </Space>
                ),
                width: 180,
                render: (_v: unknown, row: StudentAttendanceRow) => (
                  <AttendanceProgress mark={row} minPercent={min} />
                ),
              },
            ]
          : []),
        { key: 'presensi', title: 'Kehadiran', width: 200, render: (_v, row) => markCell(row) },
        {
          key: 'updated',
          title: 'Diperbarui oleh',
          width: 180,
          render: (_v, row) => <UpdatedBy row={row} timeZone={timeZone} />,
        },
        { key: 'detail', title: '', width: 90, render: (_v, row) => detailButton(row) },
      ]}
    />
  );
}
