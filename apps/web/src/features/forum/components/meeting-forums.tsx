import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { LoadingLines } from '../../../components/loading-lines.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainStack } from '../../../components/plain-stack.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import type { Forum } from '@lms/contract/forum.schema';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useMeetingForums } from '../api/list-meeting-forums.ts';
import { useDeleteForum } from '../api/save-forum.ts';
import { ForumCard } from './forum-card.tsx';
import type { ForumMeeting } from './forum-form-modal.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { useDeferredQueryData } from '../../../lib/use-deferred-query-data.ts';

// Fetched the first time it opens (the rich text editor and upload): readers never open it.
const ForumFormModal = lazyModal(async () => (await import('./forum-form-modal.tsx')).ForumFormModal);

/** The Forum block of a meeting: its forums, and Tambah Forum for those who edit the meeting. */
export function MeetingForums({ meeting }: { meeting: MeetingDetail }) {
  const user = useCurrentUser();
  const forums = useMeetingForums(meeting.id);
  const { data: list, isLoading } = useDeferredQueryData(forums);
  const remove = useDeleteForum();
  const { message, notification } = useToasts();
  const [form, setForm] = useState<{ forum?: Forum } | null>(null);
  const [deleting, setDeleting] = useState<Forum | null>(null);
  const context: ForumMeeting = {
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
          Tambah Forum
        </PlainButton>
      ) : null}
      {isLoading ? <LoadingLines /> : null}
      {list?.length === 0 ? (
        <PlainText type="secondary">Belum ada forum pada pertemuan ini.</PlainText>
      ) : null}
      {list?.map((forum) => (
        <ForumCard
          key={forum.id}
          forum={forum}
          timeZone={meeting.time_zone}
          student={user.role === 'mahasiswa'}
          onEdit={forum.akses.ubah ? () => setForm({ forum }) : undefined}
          onDelete={forum.akses.hapus ? () => setDeleting(forum) : undefined}
        />
      ))}
      {meeting.akses.ubah ? (
        <ForumFormModal
          open={form !== null}
          meeting={context}
          forum={form?.forum}
          onClose={() => setForm(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title="Hapus Forum"
        confirmText="Hapus"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!.id);
            void message.success('Forum berhasil dihapus');
            setDeleting(null);
          } catch (error) {
            notification.error({ title: (error as Error).message, placement: 'bottom' });
          }
        }}
      >
        Hapus forum &quot;{deleting?.judul}&quot; beserta seluruh diskusinya?
      </ConfirmDialog>
    </PlainStack>
  );
}
