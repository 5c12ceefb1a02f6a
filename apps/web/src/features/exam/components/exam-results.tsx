import { useState } from 'react';
import { Alert, Button, Card, InputNumber, Modal, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import { examMessages } from '@lms/contract/exam.rules';
import type { Exam, QuestionFile } from '@lms/contract/exam.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { downloadFromApi } from '../../../lib/download-file.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useExtendExam } from '../api/extend-exam.ts';
import { ExamPauseControl } from './exam-pause-control.tsx';
import { useStudentAttempt } from '../api/get-student-attempt.ts';
import { useGradeAttempt } from '../api/grade-attempt.ts';
import { useAttempts, type AttemptRow } from '../api/list-attempts.ts';
import {
  useStudentsWithoutAttempt,
  type StudentWithoutAttempt,
} from '../api/list-students-without-attempt.ts';
import { useCalculationStatus } from '../api/get-calculation-status.ts';
import { QuestionView } from '../../../components/question-view.tsx';
import { FilePreviewList, type PreviewableFile } from '../../../components/file-preview-list.tsx';
import { downloadAnswerFile, getAnswerFileBlob } from '../api/get-answer-file.ts';
import { GradingStepper, neighbourOf } from '../../../components/grading-stepper.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { MarkInput, markRangeError, QuestionMarkField } from './question-mark-field.tsx';

/** A row of the results table: an attempt, or an enrolled student who has none (nothing to grade). */
type ResultRow =
  | { id: string; mahasiswa: AttemptRow['mahasiswa']; attempt: AttemptRow }
  | { id: string; mahasiswa: StudentWithoutAttempt; attempt: null };

/**
 * The results of an exam for its lecturers (spec 3 §2, §8): publishing of scores, the attempts with
 * answered of total and the score, then the enrolled students who did not sit it (Tidak Mengerjakan, as
 * in the export), a student's attempt to grade (integer marks per question, a deduction with 2
 * decimals) and the reset of an attempt, each with the spec's toasts.
 */
export function ExamResults({ exam, timeZone }: { exam: Exam; timeZone: string }) {
  const attempts = useAttempts(exam.id, true);
  const withoutAttempt = useStudentsWithoutAttempt(exam.id);
  const isPhone = useIsPhone();
  const rows: ResultRow[] = [
    ...(attempts.data?.data ?? []).map((a) => ({ id: a.id, mahasiswa: a.mahasiswa, attempt: a })),
    ...(withoutAttempt.data ?? []).map((s) => ({ id: s.id, mahasiswa: s, attempt: null })),
  ];
  const calculation = useCalculationStatus(exam.id);
  const grade = useGradeAttempt();
  const { message, notification } = useToasts();
  // The attempt's id: the dialog shows it as the list answers it, and steps through the list.
  const [grading, setGrading] = useState<string | null>(null);
  const [resetting, setResetting] = useState<AttemptRow | null>(null);
  const extend = useExtendExam();
  const [minutes, setMinutes] = useState<number | null>(10);
  const fail = (error: unknown) =>
    notification.error({ title: (error as Error).message, placement: 'bottom' });

  return (
    <>
      {/* Outside the Space: a child appearing there would shift (and remount) the dialogs below. */}
      {calculation.data === 'proses' ? (
        <Alert
          type="warning"
          showIcon
          title={examMessages.calculating}
          role="status"
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>Tampilkan nilai ke mahasiswa</Typography.Text>
          <Switch
            aria-label="Tampilkan nilai ke mahasiswa"
            checked={exam.is_tampilkan_nilai}
            loading={grade.isPending}
            onChange={async (publish) => {
              try {
                await grade.mutateAsync({ kind: 'publish', examId: exam.id, publish });
                void message.success(publish ? examMessages.publishDone : examMessages.unpublishDone);
              } catch (error) {
                fail(error);
              }
            }}
          />
        </Space>
        <ExamPauseControl exam={exam} timeZone={timeZone} />
        <Space wrap>
          <Typography.Text>Perpanjang waktu (menit)</Typography.Text>
          <InputNumber
            aria-label="Perpanjang waktu (menit)"
            min={1}
            max={1440}
            value={minutes}
            onChange={setMinutes}
          />
          <Button
            loading={extend.isPending}
            disabled={!minutes}
            onClick={async () => {
              try {
                await extend.mutateAsync({ examId: exam.id, menit: minutes! });
                void message.success(`Waktu kuis/ujian diperpanjang ${minutes} menit`);
              } catch (error) {
                fail(error);
              }
            }}
          >
            Perpanjang
          </Button>
          <Button
            onClick={async () => {
              try {
                await downloadFromApi(
                  `/v2/lms/ujian/${exam.id}/pengerjaan/export_excel`,
                  {},
                  'pengerjaan.xlsx',
                );
              } catch (error) {
                fail(error);
              }
            }}
          >
            Ekspor Excel
          </Button>
        </Space>
        <Table
          size="small"
          rowKey="id"
          loading={attempts.isPending || withoutAttempt.isPending}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          pagination={false}
          locale={{ emptyText: examMessages.noAttempts }}
          columns={[
            {
              title: 'Mahasiswa',
              // Name over NIM (and on a phone the status under them): the status stays in view unscrolled.
              render: (_, r: ResultRow) => (
                <>
                  <div>{r.mahasiswa.nama}</div>
                  <Typography.Text type="secondary">{r.mahasiswa.nim}</Typography.Text>
                  {isPhone ? (
                    <div>
                      <AttemptStatusTag attempt={r.attempt} />
                    </div>
                  ) : null}
                </>
              ),
            },
            ...(isPhone
              ? []
              : [
                  {
                    title: 'Status',
                    render: (_: unknown, { attempt }: ResultRow) => <AttemptStatusTag attempt={attempt} />,
                  },
                ]),
            {
              title: 'Nilai',
              render: (_, { attempt: a }: ResultRow) =>
                !a || a.nilai_akhir === null ? '-' : a.nilai_akhir.toFixed(2),
            },
            {
              title: 'Mulai',
              render: (_, { attempt: a }: ResultRow) => (a ? formatDateTime(a.waktu_mulai, timeZone) : '-'),
            },
            {
              title: 'Dijawab',
              render: (_, { attempt: a }: ResultRow) =>
                a ? `${a.jumlah_soal_dijawab}/${a.jumlah_soal}` : '-',
            },
            {
              title: 'Aksi',
              render: (_, { attempt: a }: ResultRow) =>
                !a ? null : (
                  <Space>
                    <Button size="small" onClick={() => setGrading(a.id)}>
                      Nilai
                    </Button>
                    {a.status === 'berlangsung' ? (
                      <Button
                        size="small"
                        disabled={!minutes}
                        onClick={async () => {
                          try {
                            await extend.mutateAsync({ examId: exam.id, attemptId: a.id, menit: minutes! });
                            void message.success(`Waktu ${a.mahasiswa.nama} diperpanjang ${minutes} menit`);
                          } catch (error) {
                            fail(error);
                          }
                        }}
                      >
                        +{minutes ?? 0} menit
                      </Button>
                    ) : null}
                    <Button size="small" danger onClick={() => setResetting(a)}>
                      Reset
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
        <GradeModal
          exam={exam}
          attempts={attempts.data?.data ?? []}
          current={grading}
          timeZone={timeZone}
          onMove={setGrading}
          onClose={() => setGrading(null)}
        />
        <ConfirmDialog
          open={resetting !== null}
          danger
          title="Reset Pengerjaan"
          confirmText="Ya"
          cancelText="Tidak"
          onCancel={() => setResetting(null)}
          onConfirm={async () => {
            try {
              await grade.mutateAsync({ kind: 'reset', examId: exam.id, attemptId: resetting!.id });
              void message.success(examMessages.resetDone);
              setResetting(null);
            } catch (error) {
              fail(error);
            }
          }}
        >
          {examMessages.resetConfirm}
        </ConfirmDialog>
      </Space>
    </>
  );
}

/** An attempt's state, or Tidak Mengerjakan (as the export says it) for a student without one. */
function AttemptStatusTag({ attempt }: { attempt: AttemptRow | null }) {
  if (!attempt) return <Tag>{examMessages.noAttempt}</Tag>;
  if (attempt.status === 'berlangsung') return <Tag color="gold">Sedang Mengerjakan</Tag>;
  return attempt.sudah_dinilai ? (
    <Tag color="green">{examMessages.graded}</Tag>
  ) : (
    <Tag color="red">{examMessages.ungraded}</Tag>
  );
}

/** Moving to another student with a typed mark that cannot be saved (empty or outside 0–100). */
const unsavedMarkRefused =
  'Ada nilai yang belum disimpan dan tidak valid (0–100). Perbaiki dulu sebelum pindah.';

/**
 * A student's attempt to grade; ‹ Sebelumnya / Berikutnya › move through the attempts in the list's order
 * (issue 45), saving the marks and the deduction typed but not yet saved first (a mark out of range keeps
 * the dialog on this student).
 */
function GradeModal({
  exam,
  attempts,
  current,
  timeZone,
  onMove,
  onClose,
}: {
  exam: Exam;
  attempts: AttemptRow[];
  current: string | null;
  timeZone: string;
  onMove(attemptId: string): void;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  const attempt = attempts.find((a) => a.id === current) ?? null;
  return (
    <Modal
      open={attempt !== null}
      title={attempt ? `Pengerjaan ${attempt.mahasiswa.nama}` : ''}
      width={modalWidth('default', isPhone)}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {attempt ? (
        // Keyed: the marks typed for one student never show on the next (the questions are the same).
        <AttemptGrading
          key={attempt.id}
          exam={exam}
          attempt={attempt}
          ids={attempts.map((a) => a.id)}
          timeZone={timeZone}
          onMove={onMove}
        />
      ) : null}
    </Modal>
  );
}

function AttemptGrading({
  exam,
  attempt,
  ids,
  timeZone,
  onMove,
}: {
  exam: Exam;
  attempt: AttemptRow;
  ids: string[];
  timeZone: string;
  onMove(attemptId: string): void;
}) {
  const detail = useStudentAttempt(exam.id, attempt.mahasiswa.id);
  const grade = useGradeAttempt();
  const { message, notification } = useToasts();
  const [marks, setMarks] = useState<Record<string, number | null>>({});
  const [deduction, setDeduction] = useState<number | null>(null);
  const [moving, setMoving] = useState(false);
  const fail = (error: unknown) =>
    notification.error({ title: (error as Error).message, placement: 'bottom' });
  const data = detail.data;

  const move = async (step: -1 | 1) => {
    const target = neighbourOf(ids, attempt.id, step);
    if (!target) return;
    if (data && data.status === 'selesai') {
      // What was typed and differs from what is stored is saved first.
      const changed = data.kelompok_soal.flatMap((group) =>
        group.soal
          .filter((q) => q.id in marks && marks[q.id] !== q.nilai)
          .map((q) => ({ group, question: q, nilai: marks[q.id] ?? null })),
      );
      const deductionChanged = deduction !== null && deduction !== data.pengurangan_nilai;
      if (
        changed.some((c) => c.nilai === null || markRangeError(c.nilai)) ||
        (deductionChanged && markRangeError(deduction))
      ) {
        notification.error({ title: unsavedMarkRefused, placement: 'bottom' });
        return;
      }
      if (changed.length || deductionChanged) {
        setMoving(true);
        try {
          for (const c of changed) {
            await grade.mutateAsync({
              kind: 'mark',
              examId: exam.id,
              studentId: data.mahasiswa.id,
              groupId: c.group.id,
              questionId: c.question.id,
              nilai: c.nilai!,
            });
          }
          if (deductionChanged) {
            await grade.mutateAsync({
              kind: 'deduction',
              examId: exam.id,
              attemptId: data.id,
              nilai: Math.round(deduction * 100) / 100,
            });
          }
          void message.success(examMessages.markDone);
        } catch (error) {
          fail(error);
          return;
        } finally {
          setMoving(false);
        }
      }
    }
    onMove(target);
  };

  const forget = (questionId: string) => setMarks(({ [questionId]: _typed, ...rest }) => rest);
  const saveMark = async (groupId: string, questionId: string, nilai: number) => {
    if (!data) return;
    try {
      await grade.mutateAsync({
        kind: 'mark',
        examId: exam.id,
        studentId: data.mahasiswa.id,
        groupId,
        questionId,
        nilai,
      });
      void message.success(examMessages.markDone);
      await detail.refetch();
      forget(questionId);
    } catch (error) {
      fail(error);
    }
  };
  // The lecturer's mark goes; the server scores the answer again with the current key.
  const restoreMark = async (groupId: string, questionId: string) => {
    if (!data) return;
    try {
      await grade.mutateAsync({
        kind: 'clearMark',
        examId: exam.id,
        studentId: data.mahasiswa.id,
        groupId,
        questionId,
      });
      void message.success('Nilai otomatis dikembalikan');
      await detail.refetch();
      forget(questionId);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <>
      <GradingStepper
        index={ids.indexOf(attempt.id)}
        total={ids.length}
        busy={moving}
        onMove={(step) => void move(step)}
      />
      {detail.isPending ? <Spin /> : null}
      {data ? (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {data.catatan_keluar.length > 0 ? (
            <Typography.Text type="danger">
              Keluar dari layar ujian {data.catatan_keluar.length} kali:{' '}
              {data.catatan_keluar
                .map(
                  (c) => `${c.jenis === 'tab' ? 'tab' : 'layar penuh'} ${formatDateTime(c.waktu, timeZone)}`,
                )
                .join('; ')}
            </Typography.Text>
          ) : null}
          <Typography.Text>
            Nilai akhir: <strong>{data.nilai_akhir === null ? '-' : data.nilai_akhir.toFixed(2)}</strong>
            {data.sudah_dinilai ? '' : ` · ${examMessages.ungraded}`}
          </Typography.Text>
          {data.kelompok_soal.flatMap((group) =>
            group.soal.map((question) => (
              <Card key={question.id} size="small">
                <QuestionView question={question} answer={question.jawaban} readOnly mark={question.nilai} />
                {question.jawaban_files?.length ? (
                  <div
                    style={{ marginTop: 8 }}
                    aria-label={`Lampiran jawaban soal ${question.nomor}`}
                    role="group"
                  >
                    <Typography.Text type="secondary">Lampiran jawaban:</Typography.Text>
                    <FilePreviewList<QuestionFile & PreviewableFile>
                      files={question.jawaban_files.map((f) => ({ ...f, id: f.url, size: f.content_length }))}
                      load={getAnswerFileBlob}
                      download={downloadAnswerFile}
                      onError={fail}
                    />
                  </div>
                ) : null}
                <QuestionMarkField
                  question={question}
                  value={question.id in marks ? marks[question.id] : undefined}
                  onChange={(v) => setMarks({ ...marks, [question.id]: v })}
                  closed={data.status === 'selesai'}
                  busy={grade.isPending}
                  onSave={(nilai) => void saveMark(group.id, question.id, nilai)}
                  onRestore={() => void restoreMark(group.id, question.id)}
                />
              </Card>
            )),
          )}
          <Space wrap align="start">
            <Typography.Text>Pengurangan nilai</Typography.Text>
            <MarkInput
              id={`pengurangan-${data.id}`}
              label="Pengurangan nilai"
              precision={2}
              step={0.01}
              value={deduction ?? data.pengurangan_nilai}
              onChange={(v) => setDeduction(v)}
            />
            <Button
              onClick={async () => {
                if (markRangeError(deduction ?? data.pengurangan_nilai)) return;
                try {
                  await grade.mutateAsync({
                    kind: 'deduction',
                    examId: exam.id,
                    attemptId: data.id,
                    nilai: Math.round((deduction ?? data.pengurangan_nilai) * 100) / 100,
                  });
                  void message.success(examMessages.deductionDone);
                  await detail.refetch();
                } catch (error) {
                  fail(error);
                }
              }}
            >
              Simpan Pengurangan
            </Button>
          </Space>
          {ids.length > 1 ? (
            <Typography.Text type="secondary">
              Saat pindah ke mahasiswa lain, nilai yang sudah diketik disimpan lebih dulu.
            </Typography.Text>
          ) : null}
        </Space>
      ) : null}
    </>
  );
}
