import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import {
  formatRecapScore,
  gradeTypeLabels,
  scoreStatusColors,
  scoreStatusLabels,
  type RecapFilterKey,
} from '@lms/contract/grade.rules';
import type { GradeRecap, RecapActivity, RecapComponent, RecapStudentRow } from '@lms/contract/grade.schema';

/** Where an activity's header leads (spec 3 §2 "Activity header links"). */
export function activityLink(classId: string, a: RecapActivity, role: 'dosen' | 'operator'): string | null {
  const id = encodeURIComponent(classId);
  const activityId = encodeURIComponent(a.aktivitas.content_id);
  if (a.aktivitas.kind === 'ujian') return `/kelas/${id}/ujian/${activityId}?tab=hasil&from=nilai`;
  if (a.aktivitas.kind === 'tugas') return `/kelas/${id}/tugas/${activityId}?tab=submission&ref=nilai`;
  if (a.aktivitas.kind === 'forum') {
    return role === 'operator'
      ? `/kelas/${id}?back=forum`
      : `/forum?groupId=${id}&forumId=FORUM__${activityId}&ref=nilai`;
  }
  return null;
}

/** Under a SIAKAD component's header whose activities are not chosen yet: its value is not sent. */
export const noActivityChosen = 'Aktivitas belum dipilih';

/** The hint over the table: a component's header is where its activities are chosen. */
export function componentHint(example: Pick<RecapComponent, 'label' | 'bobot'>): string {
  return `Klik judul kolom komponen Siakad, mis. '${example.label} (${example.bobot}%)', untuk memilih aktivitas yang dihitung.`;
}

const score = (value: number) => (
  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRecapScore(value)}</span>
);

/** An activity's status tag in its column head: wraps, as the column is narrower than the longest status. */
const statusTagStyle = { marginTop: 4, marginInlineEnd: 0, whiteSpace: 'normal', maxWidth: '100%' } as const;

/**
 * The recap's table: one row per student; activity columns grouped by meeting with their status colour,
 * LMS averages per type, then SIAKAD components (a header opens the component modal when allowed).
 */
export function GradeRecapTable({
  recap,
  shown,
  role,
  onComponent,
}: {
  recap: GradeRecap;
  shown: Record<RecapFilterKey, boolean>;
  role: 'dosen' | 'operator';
  onComponent?: (component: RecapComponent) => void;
}) {
  const classId = recap.kelas.id;
  const activities = recap.header_aktivitas.filter((a) => shown[a.aktivitas.jenis]);
  const meetings = new Map<string, RecapActivity[]>();
  for (const a of activities)
    meetings.set(a.label_pertemuan, [...(meetings.get(a.label_pertemuan) ?? []), a]);
  const averages = recap.header_rerata.filter((r) => shown[r.jenis]);
  const components = recap.header_sikad.filter((k) =>
    k.bobot > 0 ? shown.sikad_lebih_0 : shown.sikad_sama_0,
  );

  const activityColumn = (a: RecapActivity) => {
    const href = activityLink(classId, a, role);
    const label = `${gradeTypeLabels[a.aktivitas.jenis]}: ${a.aktivitas.label}`;
    return {
      key: a.aktivitas.id,
      width: 140,
      align: 'center' as const,
      title: (
        <div>
          {href && recap.akses.baca_kelas ? <Link to={href}>{label}</Link> : <span>{label}</span>}
          <div>
            {/* Wraps in the 140 px column rather than cutting 'Tidak Ada Pengerjaan' (issue 45). */}
            <Tag color={scoreStatusColors[a.status_nilai]} style={statusTagStyle}>
              {scoreStatusLabels[a.status_nilai]}
            </Tag>
          </div>
        </div>
      ),
      render: (_: unknown, row: RecapStudentRow) =>
        score(row.nilai_pertemuan.find((v) => v.aktivitas === a.aktivitas.id)?.nilai ?? -1.618),
    };
  };

  const columns: ColumnsType<RecapStudentRow> = [
    {
      key: 'mahasiswa',
      title: 'Mahasiswa',
      width: 220,
      render: (_, row) => (
        <div>
          <Typography.Text strong>{row.mahasiswa.nama}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{row.mahasiswa.nim}</Typography.Text>
          </div>
        </div>
      ),
    },
    ...[...meetings].map(([label, list]) => ({
      key: label,
      title: label,
      children: list.map(activityColumn),
    })),
    ...(averages.length
      ? [
          {
            key: 'rerata',
            title: 'Rata-rata LMS',
            children: averages.map((r) => ({
              key: `r:${r.jenis}`,
              title: r.label,
              width: 120,
              align: 'center' as const,
              render: (_: unknown, row: RecapStudentRow) =>
                score(row.rata_rata_lms.find((v) => v.jenis === r.jenis)?.rata_rata ?? -1.618),
            })),
          },
        ]
      : []),
    ...(components.length
      ? [
          {
            key: 'sikad',
            title: 'Komponen Nilai Sikad',
            children: components.map((k) => ({
              key: `k:${k.id}`,
              width: 150,
              align: 'center' as const,
              title: onComponent ? (
                <div>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => onComponent(k)}
                    // The name begins with the visible text (WCAG 2.5.3) and says what the click does.
                    aria-label={`${k.label} (${k.bobot}%) — pilih aktivitas`}
                  >
                    {k.label} ({k.bobot}%)
                  </Button>
                  {k.aktivitas.length === 0 ? (
                    <div>
                      <Tag color="orange" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
                        {noActivityChosen}
                      </Tag>
                    </div>
                  ) : null}
                </div>
              ) : (
                `${k.label} (${k.bobot}%)`
              ),
              render: (_: unknown, row: RecapStudentRow) => {
                const v = row.nilai_sikad.find((n) => n.komponen.id === k.id);
                if (!v) return score(-1.618);
                return (
                  <Tooltip
                    title={`Nilai di Siakad: ${formatRecapScore(v.nilai_di_sikad)}${v.update_by_sikad ? ' (diubah di Siakad)' : ''}`}
                  >
                    <span>
                      {score(v.nilai)}
                      {v.update_by_sikad ? (
                        <Tag color="gold" style={{ marginInlineStart: 4 }}>
                          Siakad
                        </Tag>
                      ) : null}
                    </span>
                  </Tooltip>
                );
              },
            })),
          },
        ]
      : []),
  ];
  const minWidth = 220 + activities.length * 140 + averages.length * 120 + components.length * 150;
  // The wrapper scrolls, not the table: a scrolling antd table repeats the headers' links and buttons in
  // an aria-hidden measuring row, which leaves focusable elements hidden from assistive technology.
  const example = components.find((k) => k.bobot > 0) ?? components[0];
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 8 }}>
      {onComponent && example ? (
        <Typography.Text type="secondary" data-testid="component-hint">
          <InfoCircleOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
          {componentHint(example)}
        </Typography.Text>
      ) : null}
      <div style={{ overflowX: 'auto' }}>
        <Table
          size="small"
          bordered
          rowKey={(row) => row.mahasiswa.id_user}
          columns={columns}
          dataSource={recap.nilai_mahasiswa}
          pagination={false}
          tableLayout="fixed"
          style={{ minWidth }}
        />
      </div>
    </div>
  );
}

/** Keterangan: what the status colours and "-" mean. */
export function GradeRecapLegend() {
  return (
    <div>
      <Typography.Text strong>Keterangan</Typography.Text>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 4 }}>
        {(Object.keys(scoreStatusLabels) as (keyof typeof scoreStatusLabels)[]).map((s) => (
          <Tag key={s} color={scoreStatusColors[s]}>
            {scoreStatusLabels[s]}
          </Tag>
        ))}
        <Typography.Text type="secondary">
          "-": belum ada nilai. Rata-rata LMS = rata-rata aktivitas yang sudah berakhir atau sudah dinilai;
          aktivitas yang belum berakhir dan belum dinilai tidak dihitung. Nilai komponen Siakad = rata-rata
          semua aktivitas yang dipilih; aktivitas tanpa nilai dihitung 0.
        </Typography.Text>
      </div>
    </div>
  );
}
