import { useState } from 'react';
import { Card, Select, Space, Typography } from 'antd';
import type { Exam } from '@lms/contract/exam.schema';
import { CommentThread } from '../features/chat/components/comment-thread.tsx';
import { useAttempts } from '../features/exam/api/list-attempts.ts';
import { ExamDetailPage } from '../features/exam/routes/exam-detail-page.tsx';
import { TakeFromBankButton } from '../features/question-bank/components/take-from-bank-button.tsx';
import { useCurrentUser } from '../lib/queries/get-current-user.ts';

// The exam page takes slots that the chat and question bank features fill here, so no feature imports another.

/** The lecturer's comments on an exam: one student's thread at a time, chosen among the attempts. */
function LecturerExamComments({ exam }: { exam: Exam }) {
  const attempts = useAttempts(exam.id, true);
  const [chosen, setChosen] = useState<string | undefined>();
  const row = attempts.data?.data.find((a) => a.mahasiswa.id === chosen);
  return (
    <Card size="small" title="Komentar">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Select
          aria-label="Pilih mahasiswa"
          placeholder="Pilih mahasiswa"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%', maxWidth: 420 }}
          loading={attempts.isPending}
          value={chosen}
          onChange={setChosen}
          options={(attempts.data?.data ?? []).map((a) => ({
            value: a.mahasiswa.id,
            label: `${a.mahasiswa.nim} - ${a.mahasiswa.nama}`,
          }))}
        />
        {row ? (
          <CommentThread
            key={row.mahasiswa.id}
            type="ujian"
            contentId={exam.id}
            studentId={row.mahasiswa.id}
            title={`Komentar ${row.mahasiswa.nama}`}
          />
        ) : (
          <Typography.Text type="secondary">
            Pilih mahasiswa untuk membaca dan membalas komentarnya.
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

/**
 * /ujian/{id}: a student's page carries their comment thread; editors pick a student's thread, and
 * each question group can also take questions from a bank.
 */
export function ExamDetailRoute() {
  const user = useCurrentUser();
  return (
    <ExamDetailPage
      groupActions={(group) => <TakeFromBankButton {...group} />}
      comments={(exam) => {
        if (user.role === 'mahasiswa')
          return <CommentThread type="ujian" contentId={exam.id} studentId={user.id} />;
        return exam.akses.nilai ? <LecturerExamComments exam={exam} /> : null;
      }}
    />
  );
}
