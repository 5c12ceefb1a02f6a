import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import type { Task } from '@lms/contract/task.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadingLines } from '../../../components/loading-lines.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainStack } from '../../../components/plain-stack.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useMeetingTasks } from '../api/list-meeting-tasks.ts';
import { useDeleteTask } from '../api/save-task.ts';
import { TaskCard } from './task-card.tsx';
import type { TaskMeeting } from './task-form-modal.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { useDeferredQueryData } from '../../../lib/use-deferred-query-data.ts';

// Fetched the first time it opens (the rich text editor, upload and date pickers): readers never open it.
const TaskFormModal = lazyModal(async () => (await import('./task-form-modal.tsx')).TaskFormModal);

/** The Tugas block of a meeting: its tasks, and Tambah Tugas for those who edit the meeting. */
export function MeetingTasks({ meeting }: { meeting: MeetingDetail }) {
  const user = useCurrentUser();
  const tasks = useMeetingTasks(meeting.id);
  const { data: list, isLoading } = useDeferredQueryData(tasks);
  const remove = useDeleteTask();
  const { message, notification } = useToasts();
  const [form, setForm] = useState<{ task?: Task } | null>(null);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const context: TaskMeeting = {
    id: meeting.id,
    nomor: meeting.nomor,
    kelasId: meeting.kelas_kuliah.id,
    waktu_mulai: meeting.waktu_mulai,
    waktu_selesai: meeting.waktu_selesai,
    timeZone: meeting.time_zone,
    fixed: user.role !== 'operator',
  };
  return (
    <PlainStack>
      {meeting.akses.ubah ? (
        <PlainButton icon={<PlusOutlined />} onClick={() => setForm({})} style={{ alignSelf: 'flex-start' }}>
          Tambah Tugas
        </PlainButton>
      ) : null}
      {isLoading ? <LoadingLines rows={2} /> : null}
      {list?.length === 0 ? (
        <PlainText type="secondary">Belum ada tugas pada pertemuan ini.</PlainText>
      ) : null}
      {list?.map((task) => (
        <TaskCard
          key={task.id}
          task={task}
          timeZone={meeting.time_zone}
          onEdit={task.akses.ubah ? () => setForm({ task }) : undefined}
          onDelete={task.akses.ubah ? () => setDeleting(task) : undefined}
        />
      ))}
      {meeting.akses.ubah ? (
        <TaskFormModal
          open={form !== null}
          meeting={context}
          task={form?.task}
          onClose={() => setForm(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title="Hapus Tugas"
        confirmText="Hapus"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!.id);
            void message.success('Tugas berhasil dihapus');
            setDeleting(null);
          } catch (error) {
            notification.error({ title: (error as Error).message, placement: 'bottom' });
          }
        }}
      >
        Hapus tugas &quot;{deleting?.judul}&quot; beserta seluruh pengumpulannya?
      </ConfirmDialog>
    </PlainStack>
  );
}
