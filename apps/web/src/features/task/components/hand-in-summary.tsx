import type { ReactNode } from 'react';
import { Tag, Typography } from 'antd';
import type { MyHandIn } from '@lms/contract/task.schema';
import { RichText } from '../../../components/rich-text.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { TaskFiles } from './task-files.tsx';
import './hand-in-summary.css';

type HandIn = NonNullable<MyHandIn['pengumpulan']>;

/**
 * The student's hand-in as label/value rows: beside each other on wider screens, stacked on phones
 * (issue 45: antd's bordered Descriptions was a 428 px table in a 301 px card, cutting off the on-time
 * tag, the answer and the file names). Long answers and file names wrap instead of widening the card.
 */
export function HandInSummary({ handIn, timeZone }: { handIn: HandIn; timeZone: string }) {
  const rows: Array<{ key: string; label: string; value: ReactNode }> = [
    {
      key: 'waktu',
      label: 'Dikumpulkan',
      value: (
        <span className="hand-in-summary__time">
          <span>{formatDateTime(handIn.waktu_kumpul, timeZone)}</span>
          {handIn.terlambat ? <Tag color="red">Terlambat</Tag> : <Tag color="green">Tepat waktu</Tag>}
          {handIn.kelompok ? <span>oleh {handIn.mahasiswa.nama}</span> : null}
        </span>
      ),
    },
    {
      key: 'jawaban',
      label: 'Jawaban',
      value:
        handIn.teks || handIn.file.length ? (
          <>
            {handIn.teks ? <RichText html={handIn.teks} /> : null}
            <TaskFiles files={handIn.file} />
          </>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
    {
      key: 'nilai',
      label: 'Nilai',
      value: handIn.dinilai ? (
        <span data-testid="nilai-saya">{handIn.nilai}</span>
      ) : (
        <Typography.Text type="secondary">Belum dinilai atau belum dipublikasikan</Typography.Text>
      ),
    },
    ...(handIn.dinilai && handIn.feedback
      ? [{ key: 'feedback', label: 'Feedback', value: handIn.feedback }]
      : []),
  ];
  return (
    <dl className="hand-in-summary" data-testid="hand-in-summary">
      {rows.map((row) => (
        <div key={row.key} className="hand-in-summary__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
