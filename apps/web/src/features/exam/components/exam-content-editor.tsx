import { useState, type ReactNode } from 'react';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, InputNumber, Select, Space, Spin, Typography } from 'antd';
import { groupRuleLabels, groupRules, type GroupRule } from '@lms/contract/exam.rules';
import type { Question, QuestionGroup } from '@lms/contract/exam.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useExamContent } from '../api/get-exam-content.ts';
import { deleteExamOptionImage, uploadExamOptionImage } from '../api/option-images.ts';
import { useSaveContent } from '../api/save-question.ts';
import { saveExamQuestionFiles } from '../api/save-question-files.ts';
import { QuestionEditorModal, type QuestionMedia } from '../../../components/question-editor-modal.tsx';
import { useUploadLimitMb } from '../../../lib/queries/get-upload-limits.ts';
import { keyAttachmentExtensions, questionAttachmentExtensions } from '@lms/contract/question-bank.rules';
import { QuestionView } from '../../../components/question-view.tsx';
import { useToasts } from '../../../components/toasts.tsx';

/**
 * The lecturer's question editor of an exam: numbered question groups with their rule (semua, random,
 * sebagian) and required count, and in each its questions with keys; add, edit and delete.
 */
export function ExamContentEditor({
  examId,
  groupActions,
}: {
  examId: string;
  /** More ways to add questions to a group (the question bank's, composed in app/); `onDone` reloads. */
  groupActions?: (group: { examId: string; groupId: string; onDone: () => void }) => ReactNode;
}) {
  const content = useExamContent(examId);
  const save = useSaveContent();
  const { message, notification } = useToasts();
  const [editing, setEditing] = useState<{ groupId: string; question?: Question } | null>(null);
  const [deleting, setDeleting] = useState<{ groupId: string; question?: Question } | null>(null);
  const fail = (error: unknown) =>
    notification.error({ title: (error as Error).message, placement: 'bottom' });
  const soalMb = useUploadLimitMb('soal_ujian');
  const kunciMb = useUploadLimitMb('kunci_ujian');
  // Question attachments (soal_ujian) and essay key attachments (kunci_ujian, no audio/video).
  const media: QuestionMedia = {
    uploadImage: uploadExamOptionImage,
    deleteImage: deleteExamOptionImage,
    attachments: {
      soal: { extensions: questionAttachmentExtensions, maxBytes: soalMb * 1_000_000 },
      kunci: { extensions: keyAttachmentExtensions, maxBytes: kunciMb * 1_000_000 },
    },
  };

  const addGroup = async () => {
    try {
      await save.mutateAsync({ kind: 'group', examId, input: { judul: '', aturan: 'semua' } });
    } catch (error) {
      fail(error);
    }
  };

  const changeRule = async (group: QuestionGroup, aturan: GroupRule, count: number | null) => {
    try {
      await save.mutateAsync({
        kind: 'group',
        examId,
        groupId: group.id,
        input: { judul: group.judul, aturan, jumlah_wajib_dijawab: aturan === 'semua' ? null : (count ?? 1) },
      });
    } catch (error) {
      fail(error);
    }
  };

  if (content.isPending) return <Spin />;
  const groups = content.data ?? [];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {groups.length === 0 ? (
        <EmptyState description="Belum ada soal. Tambahkan kelompok soal terlebih dahulu." />
      ) : null}
      {groups.map((group) => (
        <Card
          key={group.id}
          size="small"
          title={`Kelompok Soal ${group.nomor}`}
          extra={
            <Button
              danger
              size="small"
              icon={<DeleteOutlined />}
              aria-label={`Hapus kelompok soal ${group.nomor}`}
              onClick={() => setDeleting({ groupId: group.id })}
            />
          }
        >
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              aria-label={`Aturan kelompok soal ${group.nomor}`}
              value={group.aturan}
              style={{ minWidth: 240 }}
              onChange={(aturan: GroupRule) => void changeRule(group, aturan, group.jumlah_wajib_dijawab)}
              options={groupRules.map((r) => ({ value: r, label: groupRuleLabels[r] }))}
            />
            {group.aturan !== 'semua' ? (
              <Space>
                <Typography.Text>Jumlah wajib dijawab</Typography.Text>
                <InputNumber
                  aria-label="Jumlah wajib dijawab"
                  min={1}
                  max={Math.max(1, group.soal.length)}
                  value={group.jumlah_wajib_dijawab ?? 1}
                  onChange={(n) => void changeRule(group, group.aturan, n ?? 1)}
                />
              </Space>
            ) : null}
          </Space>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {group.soal.map((question) => (
              <Card key={question.id} size="small" type="inner">
                {/* The editor shows the question and its key, no student's answer state (issue 45). */}
                <QuestionView question={question} answer={null} readOnly hideAnswer />
                <Space style={{ marginTop: 8 }}>
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => setEditing({ groupId: group.id, question })}
                  >
                    Ubah
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => setDeleting({ groupId: group.id, question })}
                  >
                    Hapus
                  </Button>
                </Space>
              </Card>
            ))}
            <Space wrap>
              <Button icon={<PlusOutlined />} onClick={() => setEditing({ groupId: group.id })}>
                Tambah Soal
              </Button>
              {groupActions?.({ examId, groupId: group.id, onDone: () => void content.refetch() })}
            </Space>
          </Space>
        </Card>
      ))}
      <Button icon={<PlusOutlined />} loading={save.isPending} onClick={() => void addGroup()}>
        Tambah Kelompok Soal
      </Button>
      <QuestionEditorModal
        open={editing !== null}
        question={editing?.question}
        media={media}
        onClose={() => setEditing(null)}
        onSave={async (input, onUploadProgress) => {
          const questionId = await save.mutateAsync({
            kind: 'question',
            examId,
            groupId: editing!.groupId,
            questionId: editing!.question?.id,
            input: { pertanyaan: input.pertanyaan, isi: input.isi },
          });
          if (questionId) {
            await saveExamQuestionFiles(examId, questionId, input, onUploadProgress);
            await content.refetch();
          }
          void message.success('Soal berhasil disimpan');
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={deleting?.question ? 'Hapus Soal' : 'Hapus Kelompok Soal'}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            const target = deleting!;
            if (target.question)
              await save.mutateAsync({
                kind: 'delete-question',
                examId,
                groupId: target.groupId,
                questionId: target.question.id,
              });
            else await save.mutateAsync({ kind: 'delete-group', examId, groupId: target.groupId });
            setDeleting(null);
          } catch (error) {
            fail(error);
          }
        }}
      >
        {deleting?.question
          ? `Hapus soal nomor ${deleting.question.nomor}?`
          : 'Hapus kelompok soal beserta semua soalnya?'}
      </ConfirmDialog>
    </Space>
  );
}
