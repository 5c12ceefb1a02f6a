import { useState } from 'react';
import { Card, Select, Space, Typography } from 'antd';
import type { Task } from '@lms/contract/task.schema';
import { CommentThread } from '../features/chat/components/comment-thread.tsx';
import { useMyHandIn } from '../features/task/api/get-my-hand-in.ts';
import { useSubmissions } from '../features/task/api/list-submissions.ts';
import { useCurrentUser } from '../lib/queries/get-current-user.ts';

/**
 * A student's comments on a task (spec 1 §9): their own thread with the lecturers, or their group's on a
 * group task (none until they are in a group).
 */
export function StudentTaskComments({ task }: { task: Task }) {
  const user = useCurrentUser();
  const mine = useMyHandIn(task.id, task.jenis === 'kelompok');
  if (task.jenis === 'individu') {
    return <CommentThread type="tugas" contentId={task.id} studentId={user.id} />;
  }
  const groupId = mine.data?.kelompok?.id;
  return groupId ? <CommentThread type="tugas" contentId={task.id} taskGroupId={groupId} /> : null;
}

/** The lecturer's comments on a task: one student's (or group's) thread at a time, chosen from the class. */
export function LecturerTaskComments({ task }: { task: Task }) {
  const rows = useSubmissions(task.id);
  const [chosen, setChosen] = useState<string | undefined>();
  const row = rows.data?.find((r) => r.kunci === chosen);
  return (
    <Card size="small" title="Komentar">
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Select
          aria-label={task.jenis === 'kelompok' ? 'Pilih kelompok' : 'Pilih mahasiswa'}
          placeholder={task.jenis === 'kelompok' ? 'Pilih kelompok' : 'Pilih mahasiswa'}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: '100%', maxWidth: 420 }}
          loading={rows.isPending}
          value={chosen}
          onChange={setChosen}
          options={(rows.data ?? []).map((r) => ({
            value: r.kunci,
            label: r.kelompok ? r.kelompok.nama : r.mahasiswa.map((m) => `${m.nim} - ${m.nama}`).join(', '),
          }))}
        />
        {row ? (
          <CommentThread
            key={row.kunci}
            type="tugas"
            contentId={task.id}
            studentId={row.kelompok ? null : row.mahasiswa[0]?.id}
            taskGroupId={row.kelompok?.id}
            title={
              row.kelompok ? `Komentar ${row.kelompok.nama}` : `Komentar ${row.mahasiswa[0]?.nama ?? ''}`
            }
          />
        ) : (
          <Typography.Text type="secondary">
            Pilih {task.jenis === 'kelompok' ? 'kelompok' : 'mahasiswa'} untuk membaca dan membalas
            komentarnya.
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}
