import { Progress, Table, Tag, Typography } from 'antd';
import { questionKindLabels } from '@lms/contract/exam.rules';
import type { AnswerStats } from '@lms/contract/exam.schema';
import { useAnswerStats } from '../api/get-answer-stats.ts';

type StatRow = AnswerStats[number];

const percent = (part: number, whole: number) => (whole ? Math.round((part / whole) * 100) : 0);

/**
 * How the answers spread: per option (A, B, …; for multiple answers the picks of each option, so they add
 * up to more than the answers) or Benar/Salah, with counts; "-" for the kinds without options.
 */
export function spreadOf(row: StatRow): string {
  if ((row.jenis === 'pilihan' || row.jenis === 'pilihan_kompleks') && row.sebaran.length > 0)
    return row.sebaran.map((n, i) => `${String.fromCharCode(65 + i)}: ${n}`).join(' · ');
  if (row.jenis === 'benar_salah') return `Benar: ${row.sebaran[0] ?? 0} · Salah: ${row.sebaran[1] ?? 0}`;
  return '-';
}

/**
 * The answer statistics of an exam per question (jawaban_stats): how many students were given it,
 * answered it and got full marks, how the choices spread, and the mean mark.
 */
export function ExamAnswerStats({ examId }: { examId: string }) {
  const stats = useAnswerStats(examId);
  return (
    <Table<StatRow>
      size="small"
      rowKey="id_soal"
      loading={stats.isPending}
      dataSource={stats.data ?? []}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'Belum ada soal.' }}
      columns={[
        { title: 'No', dataIndex: 'nomor', width: 56 },
        { title: 'Jenis', render: (_, r) => <Tag>{questionKindLabels[r.jenis]}</Tag> },
        { title: 'Diberikan', dataIndex: 'jumlah_peserta' },
        {
          title: 'Dijawab',
          render: (_, r) => `${r.jumlah_dijawab} (${percent(r.jumlah_dijawab, r.jumlah_peserta)}%)`,
        },
        {
          title: 'Nilai Penuh',
          render: (_, r) => (
            <div style={{ minWidth: 140 }}>
              <Progress
                percent={percent(r.jumlah_benar, r.jumlah_peserta)}
                size="small"
                aria-label={`Nilai penuh soal ${r.nomor}`}
              />
              <Typography.Text type="secondary">
                {r.jumlah_benar} dari {r.jumlah_peserta}
              </Typography.Text>
            </div>
          ),
        },
        { title: 'Sebaran Jawaban', render: (_, r) => spreadOf(r) },
        {
          title: 'Rata-rata Nilai',
          render: (_, r) => (r.rata_rata_nilai === null ? '-' : r.rata_rata_nilai),
        },
      ]}
    />
  );
}
