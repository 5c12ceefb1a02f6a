import { useEffect, useState } from 'react';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag, Typography } from 'antd';
import { taskScoreMax, taskScoreMin } from '@lms/contract/task.rules';
import { rangeRule } from '@lms/contract/number-range.rules';
import type { SubmissionRow, Task, TaskFile } from '@lms/contract/task.schema';
import { emptyTableLocale } from '../../../components/empty-state.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { FilePreviewList, type PreviewableFile } from '../../../components/file-preview-list.tsx';
import { GradingStepper, neighbourOf } from '../../../components/grading-stepper.tsx';
import { downloadAllSubmissions, downloadTaskFile, getTaskFileBlob } from '../api/download-task-files.ts';
import { useGradeSubmission } from '../api/grade-submission.ts';
import { useSubmissions } from '../api/list-submissions.ts';
import { usePublishScores } from '../api/publish-scores.ts';
import { TaskFiles } from './task-files.tsx';
import { useToasts } from '../../../components/toasts.tsx';

/**
 * The lecturer's submissions tab: every student (or group) with the hand-in, score and feedback; grading
 * in a dialog, publishing the scores, and the zip of every hand-in.
 */
export function SubmissionsTab({ task, timeZone }: { task: Task; timeZone: string }) {
  const rows = useSubmissions(task.id);
  const publish = usePublishScores();
  const { message, notification } = useToasts();
  // The row's key, so the dialog shows the row as the list answers it after each save.
  const [grading, setGrading] = useState<string | null>(null);
  const [zipping, setZipping] = useState(false);
  const canGrade = task.akses.nilai;
  const group = task.jenis === 'kelompok';
  // Only hand-ins can be graded; the dialog steps through them in the list's order.
  const gradeable = canGrade ? (rows.data ?? []).filter((r) => r.pengumpulan) : [];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {canGrade ? (
        <Space wrap>
          <Switch
            checked={task.nilai_dipublikasikan}
            loading={publish.isPending}
            aria-label="Publikasikan nilai"
            onChange={async (checked) => {
              try {
                await publish.mutateAsync({ id: task.id, publikasi: checked });
                void message.success(checked ? 'Nilai dipublikasikan' : 'Publikasi nilai ditarik');
              } catch (error) {
                notification.error({ title: (error as Error).message, placement: 'bottom' });
              }
            }}
          />
          <Typography.Text>Publikasikan nilai</Typography.Text>
          <Button
            icon={<DownloadOutlined />}
            loading={zipping}
            onClick={async () => {
              setZipping(true);
              try {
                await downloadAllSubmissions(task.id, task.judul);
              } catch (error) {
                notification.error({ title: (error as Error).message, placement: 'bottom' });
              } finally {
                setZipping(false);
              }
            }}
          >
            Unduh Semua
          </Button>
        </Space>
      ) : null}
      <Table<SubmissionRow>
        rowKey="kunci"
        size="small"
        loading={rows.isPending}
        dataSource={rows.data ?? []}
        locale={emptyTableLocale}
        pagination={false}
        scroll={{ x: 720 }}
        columns={[
          {
            title: group ? 'Kelompok' : 'Mahasiswa',
            key: 'who',
            render: (_, row) => (
              <div>
                {row.kelompok ? <Typography.Text strong>{row.kelompok.nama}</Typography.Text> : null}
                {row.mahasiswa.map((m) => (
                  <div key={m.id}>
                    {m.nim} - {m.nama}
                  </div>
                ))}
                {group && !row.kelompok ? <Tag>Belum berkelompok</Tag> : null}
              </div>
            ),
          },
          {
            title: 'Pengumpulan',
            key: 'sub',
            render: (_, row) =>
              row.pengumpulan ? (
                <div>
                  <Space wrap size={4}>
                    {formatDateTime(row.pengumpulan.waktu_kumpul, timeZone)}
                    {row.pengumpulan.terlambat ? (
                      <Tag color="red">Terlambat</Tag>
                    ) : (
                      <Tag color="green">Tepat waktu</Tag>
                    )}
                  </Space>
                  <TaskFiles files={row.pengumpulan.file} />
                </div>
              ) : (
                <Tag color="default">Belum mengumpulkan</Tag>
              ),
          },
          {
            title: 'Nilai',
            key: 'nilai',
            width: 140,
            render: (_, row) => <ScoreCell row={row} />,
          },
          {
            title: 'Aksi',
            key: 'aksi',
            width: 110,
            render: (_, row) =>
              row.pengumpulan && canGrade ? (
                <Button
                  size="small"
                  onClick={() => setGrading(row.kunci)}
                  aria-label={`Nilai ${row.mahasiswa[0]?.nama ?? ''}`}
                >
                  {row.pengumpulan.nilai === null ? 'Beri Nilai' : 'Ubah Nilai'}
                </Button>
              ) : null,
          },
        ]}
      />
      <GradeModal
        task={task}
        rows={gradeable}
        current={grading}
        onMove={setGrading}
        onClose={() => setGrading(null)}
      />
    </Space>
  );
}

interface GradeFormValues {
  nilai: number | null;
  feedback: string;
  anggota?: Record<string, number | null | undefined>;
}

/** The score of a row; on a group, the members whose score differs from the group's are listed under it. */
function ScoreCell({ row }: { row: SubmissionRow }) {
  const submission = row.pengumpulan;
  if (!submission || submission.nilai === null) return <>-</>;
  const names = new Map(row.mahasiswa.map((m) => [m.id, m.nama] as const));
  return (
    <div>
      <div>{submission.nilai}</div>
      {submission.nilai_anggota.map((a) => (
        <Typography.Text key={a.id_mahasiswa} type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {names.get(a.id_mahasiswa) ?? 'Anggota'}: {a.nilai}
        </Typography.Text>
      ))}
    </div>
  );
}

/**
 * Beri Nilai: the hand-in's text and files (PDFs and images shown in the page), the score, per-member
 * scores of a group, the feedback; ‹ Sebelumnya / Berikutnya › move through the hand-ins, saving a changed
 * score first (a score out of range stays, with its message, and nothing moves).
 */
function GradeModal({
  task,
  rows,
  current,
  onMove,
  onClose,
}: {
  task: Task;
  rows: SubmissionRow[];
  current: string | null;
  onMove(kunci: string): void;
  onClose(): void;
}) {
  const isPhone = useIsPhone();
  const grade = useGradeSubmission();
  const { message, notification } = useToasts();
  const [form] = Form.useForm<GradeFormValues>();
  const row = rows.find((r) => r.kunci === current) ?? null;
  const submission = row?.pengumpulan;
  // A group's members may each get a score different from the group's; empty means the group's score.
  const members = row?.kelompok ? row.mahasiswa : [];
  const keys = rows.map((r) => r.kunci);
  const shownKey = row?.kunci;
  // The one form instance outlives the keyed Form: another hand-in starts from its own stored values.
  useEffect(() => {
    if (shownKey) form.resetFields();
  }, [shownKey, form]);

  /** Saves the form; false when a field is refused or the server refuses. */
  const save = async (): Promise<boolean> => {
    let values: GradeFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    try {
      await grade.mutateAsync({
        taskId: task.id,
        submissionId: submission!.id,
        input: {
          nilai: values.nilai ?? null,
          feedback: values.feedback ?? '',
          ...(members.length
            ? {
                nilai_anggota: members.flatMap((m) => {
                  const nilai = values.anggota?.[m.id];
                  return typeof nilai === 'number' ? [{ id_mahasiswa: m.id, nilai }] : [];
                }),
              }
            : {}),
        },
      });
      void message.success('Nilai tersimpan');
      return true;
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
      return false;
    }
  };

  const move = async (step: -1 | 1) => {
    const target = current ? neighbourOf(keys, current, step) : null;
    if (!target) return;
    if (form.isFieldsTouched() && !(await save())) return;
    onMove(target);
  };

  return (
    <Modal
      open={!!submission}
      title="Beri Nilai"
      width={modalWidth('default', isPhone)}
      onCancel={onClose}
      destroyOnHidden
      okText="Simpan"
      cancelText="Batal"
      confirmLoading={grade.isPending}
      onOk={async () => {
        if (await save()) onClose();
      }}
    >
      {submission && row ? (
        <Form
          key={row.kunci}
          form={form}
          layout="vertical"
          initialValues={{
            nilai: submission.nilai,
            feedback: submission.feedback ?? '',
            anggota: Object.fromEntries(submission.nilai_anggota.map((a) => [a.id_mahasiswa, a.nilai])),
          }}
        >
          {/* Outside the Space: a sticky bar sticks only within its parent, here the whole form. */}
          <GradingStepper
            index={keys.indexOf(row.kunci)}
            total={keys.length}
            busy={grade.isPending}
            noun={row.kelompok ? 'Kelompok' : 'Mahasiswa'}
            onMove={(step) => void move(step)}
          />
          <Space orientation="vertical" size={8} style={{ width: '100%', marginBottom: 12 }}>
            <Typography.Text strong>
              {row.kelompok ? `${row.kelompok.nama} · ` : ''}
              {row.mahasiswa.map((m) => `${m.nim} - ${m.nama}`).join(', ')}
            </Typography.Text>
            {submission.teks ? <RichText html={submission.teks} /> : null}
            <FilePreviewList<TaskFile & PreviewableFile>
              files={submission.file.map((f) => ({ ...f, name: f.nama, size: f.ukuran }))}
              load={getTaskFileBlob}
              download={downloadTaskFile}
              onError={(error) => notification.error({ title: error.message, placement: 'bottom' })}
            />
          </Space>
          <Form.Item name="nilai" label="Nilai (0–100)" rules={[rangeRule(taskScoreMin, taskScoreMax)]}>
            {/* No min/max on the input: antd would change 150 to 100 on blur; the rule refuses it instead. */}
            <InputNumber precision={2} style={{ width: '100%' }} />
          </Form.Item>
          {members.length ? (
            <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
              <legend>
                <Typography.Text strong>Nilai per anggota</Typography.Text>
              </legend>
              <Typography.Paragraph type="secondary">
                Kosongkan untuk memakai nilai kelompok. Isi bila seorang anggota mendapat nilai berbeda.
              </Typography.Paragraph>
              {members.map((m) => (
                <Form.Item
                  key={m.id}
                  name={['anggota', m.id]}
                  label={`${m.nim} - ${m.nama}`}
                  rules={[rangeRule(taskScoreMin, taskScoreMax)]}
                >
                  <InputNumber precision={2} placeholder="Sama dengan kelompok" style={{ width: '100%' }} />
                </Form.Item>
              ))}
            </fieldset>
          ) : null}
          <Form.Item name="feedback" label="Feedback">
            <Input.TextArea rows={3} maxLength={5000} />
          </Form.Item>
          {keys.length > 1 ? (
            <Typography.Text type="secondary">
              Saat pindah ke pengumpulan lain, nilai yang diubah disimpan lebih dulu.
            </Typography.Text>
          ) : null}
        </Form>
      ) : null}
    </Modal>
  );
}
