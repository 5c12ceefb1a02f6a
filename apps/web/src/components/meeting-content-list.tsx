import { Fragment, useState, type ReactNode } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { useCurrentUser } from '../lib/queries/get-current-user.ts';
import { useDeferredQueryData } from '../lib/use-deferred-query-data.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { LoadingLines } from './loading-lines.tsx';
import { PlainButton } from './plain-button.tsx';
import { PlainStack } from './plain-stack.tsx';
import { PlainText } from './plain-text.tsx';
import { useToasts } from './toasts.tsx';

/** What a content form (material, task, exam, forum, vidcon) needs of the meeting it is opened on. */
export interface ContentFormMeeting {
  id: string;
  nomor: number;
  kelasId: string;
  waktu_mulai: string;
  waktu_selesai: string;
  timeZone: string;
  /** Lecturers add to this meeting; operators pick one of the class's meetings (spec 2 §6). */
  fixed: boolean;
}

/** A kind's form modal's props: open, on which item (none: a new one), on which meeting. */
export interface ContentFormState<Item, Meeting extends ContentFormMeeting = ContentFormMeeting> {
  open: boolean;
  item?: Item;
  meeting: Meeting;
  onClose: () => void;
}

/** What the list offers on a card, each only where the item's `akses` allows it. */
export interface ContentCardActions {
  onEdit?: () => void;
  onDelete?: () => void;
}

/**
 * A content kind's block of a meeting: Tambah {name} for those who edit the meeting, the loading lines,
 * the empty line, the kind's cards, its form (lazy: readers never open it) and the delete confirmation.
 * A kind writes its card, its form and its texts; the rest is the same for all of them.
 */
export function MeetingContentList<Item extends { id: string; akses: { ubah: boolean } }>({
  meeting,
  list,
  name,
  noun,
  loadingRows,
  card,
  form,
  deletable,
  remove,
  deleteText,
  confirmText = 'Hapus',
}: {
  meeting: MeetingDetail;
  /** The kind's query of this meeting's items. */
  list: { data: Item[] | undefined; isError: boolean };
  /** 'Forum': Tambah Forum, Hapus Forum, Forum berhasil dihapus. */
  name: string;
  /** 'forum': Belum ada forum pada pertemuan ini. */
  noun: string;
  loadingRows?: number;
  card: (item: Item, actions: ContentCardActions) => ReactNode;
  form: (state: ContentFormState<Item>) => ReactNode;
  deletable: (item: Item) => boolean;
  remove: { mutateAsync: (id: string) => Promise<unknown> };
  deleteText: (item: Item) => ReactNode;
  confirmText?: string;
}) {
  const user = useCurrentUser();
  const { data: items, isLoading } = useDeferredQueryData(list);
  const { message, notification } = useToasts();
  const [editing, setEditing] = useState<{ item?: Item } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const formMeeting: ContentFormMeeting = {
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
        <PlainButton
          icon={<PlusOutlined />}
          onClick={() => setEditing({})}
          style={{ alignSelf: 'flex-start' }}
        >
          {`Tambah ${name}`}
        </PlainButton>
      ) : null}
      {isLoading ? <LoadingLines rows={loadingRows} /> : null}
      {items?.length === 0 ? (
        <PlainText type="secondary">{`Belum ada ${noun} pada pertemuan ini.`}</PlainText>
      ) : null}
      {items?.map((item) => (
        <Fragment key={item.id}>
          {card(item, {
            onEdit: item.akses.ubah ? () => setEditing({ item }) : undefined,
            onDelete: deletable(item) ? () => setDeleting(item) : undefined,
          })}
        </Fragment>
      ))}
      {meeting.akses.ubah
        ? form({
            open: editing !== null,
            item: editing?.item,
            meeting: formMeeting,
            onClose: () => setEditing(null),
          })
        : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={`Hapus ${name}`}
        confirmText={confirmText}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!.id);
            void message.success(`${name} berhasil dihapus`);
            setDeleting(null);
          } catch (error) {
            notification.error({ title: (error as Error).message, placement: 'bottom' });
          }
        }}
      >
        {deleting ? deleteText(deleting) : null}
      </ConfirmDialog>
    </PlainStack>
  );
}
