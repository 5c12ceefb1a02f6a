import { useState } from 'react';
import { Alert, Button, Input, Space, Typography } from 'antd';
import type { Exam } from '@lms/contract/exam.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useExamPause } from '../api/get-exam-pause.ts';
import { usePauseExam } from '../api/pause-exam.ts';
import { useToasts } from '../../../components/toasts.tsx';

const minutesOf = (seconds: number) => Math.round(seconds / 60);

/**
 * Pausing a running exam during an outage and resuming it (lecturers and operators): while paused
 * nobody can begin, the students' countdowns stand still, and the resume gives the lost minutes back
 * to the exam and every open attempt.
 */
export function ExamPauseControl({ exam, timeZone }: { exam: Exam; timeZone: string }) {
  const pause = useExamPause(exam.id);
  const mutation = usePauseExam();
  const { message, notification } = useToasts();
  const [asking, setAsking] = useState(false);
  const [alasan, setAlasan] = useState('');
  const fail = (error: unknown) =>
    notification.error({ title: (error as Error).message, placement: 'bottom' });
  const status = pause.data;
  const last = status?.riwayat.find((p) => p.detik_dikembalikan !== null);

  if (status?.dijeda) {
    return (
      <Alert
        type="warning"
        showIcon
        title={`Ujian dijeda sejak ${formatDateTime(status.dijeda_pada!, timeZone)}`}
        description={status.alasan || 'Waktu pengerjaan mahasiswa tidak berjalan selama jeda.'}
        action={
          <Button
            type="primary"
            loading={mutation.isPending}
            onClick={async () => {
              try {
                const done = await mutation.mutateAsync({ examId: exam.id, jeda: false });
                const given = done.riwayat[0]?.detik_dikembalikan ?? 0;
                void message.success(
                  `Ujian dilanjutkan; ${minutesOf(given)} menit dikembalikan ke semua pengerjaan`,
                );
              } catch (error) {
                fail(error);
              }
            }}
          >
            Lanjutkan Ujian
          </Button>
        }
      />
    );
  }
  if (exam.status !== 'berlangsung') return null;
  return (
    <Space wrap>
      <Button danger onClick={() => setAsking(true)}>
        Jeda Ujian
      </Button>
      {last ? (
        <Typography.Text type="secondary">
          Jeda terakhir: {minutesOf(last.detik_dikembalikan!)} menit dikembalikan
        </Typography.Text>
      ) : null}
      <ConfirmDialog
        open={asking}
        title="Jeda Ujian"
        confirmText="Jeda"
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          try {
            await mutation.mutateAsync({ examId: exam.id, jeda: true, alasan });
            setAsking(false);
            void message.success('Ujian dijeda');
          } catch (error) {
            fail(error);
          }
        }}
      >
        <Typography.Paragraph>
          Semua mahasiswa berhenti mengerjakan dan waktu mereka tidak berjalan sampai ujian dilanjutkan.
        </Typography.Paragraph>
        <Input
          aria-label="Alasan jeda"
          placeholder="Alasan (mis. gangguan listrik)"
          maxLength={500}
          value={alasan}
          onChange={(e) => setAlasan(e.target.value)}
        />
      </ConfirmDialog>
    </Space>
  );
}
