import { useState } from 'react';
import { EditOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { isBlankRichText } from '@lms/contract/rich-text.rules';
import { RichText } from '../../../components/rich-text.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import type { MeetingTextModalProps } from './meeting-text-modal.tsx';

// The editor's dialog comes with its code when first opened: readers never need it.
const MeetingTextModal = lazyModal<MeetingTextModalProps>(
  async () => (await import('./meeting-text-modal.tsx')).MeetingTextModal,
);

/**
 * The meeting's text block (content type teks, spec 2 §2 "add meeting text"): shown above the other
 * content, added or changed by those who edit the meeting in a rich-text modal; saving it empty removes it.
 */
export function MeetingText({ meeting }: { meeting: MeetingDetail }) {
  // Counts the openings: each one mounts the dialog anew, starting from the meeting's current text.
  const [openings, setOpenings] = useState(0);
  const [open, setOpen] = useState(false);
  const hasText = !isBlankRichText(meeting.teks);
  if (!hasText && !meeting.akses.ubah) return null;
  const openEditor = () => {
    setOpenings((count) => count + 1);
    setOpen(true);
  };

  return (
    <>
      {hasText ? (
        <PlainCard
          size="small"
          title={
            <span>
              <FileTextOutlined /> Teks Pertemuan
            </span>
          }
          extra={
            meeting.akses.ubah ? (
              <PlainButton size="small" icon={<EditOutlined />} onClick={openEditor}>
                Ubah Teks
              </PlainButton>
            ) : null
          }
          style={{ marginBottom: 12 }}
        >
          <RichText html={meeting.teks!} />
        </PlainCard>
      ) : (
        <PlainButton icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={openEditor}>
          Tambah Teks
        </PlainButton>
      )}
      {meeting.akses.ubah ? (
        <MeetingTextModal
          key={openings}
          open={open}
          meetingId={meeting.id}
          initialText={hasText ? meeting.teks! : ''}
          adding={!hasText}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
