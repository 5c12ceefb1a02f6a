import { useState } from 'react';
import { Modal } from 'antd';
import { isBlankRichText } from '@lms/contract/rich-text.rules';
import { LazyRichTextEditor } from '../../../components/lazy-rich-text-editor.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSaveMeetingText } from '../api/save-meeting-text.ts';

export interface MeetingTextModalProps {
  open: boolean;
  meetingId: string;
  /** The text being changed; empty when adding (the caller mounts the dialog anew for each opening). */
  initialText: string;
  adding: boolean;
  onClose(): void;
}

/** Adds or changes the meeting's text in a rich-text editor; saving it empty removes the text. */
export function MeetingTextModal({ open, meetingId, initialText, adding, onClose }: MeetingTextModalProps) {
  const isPhone = useIsPhone();
  const { message, notification } = useToasts();
  const save = useSaveMeetingText(meetingId);
  const [text, setText] = useState(initialText);

  const submit = async () => {
    try {
      await save.mutateAsync(isBlankRichText(text) ? null : text);
      void message.success('Teks pertemuan berhasil disimpan');
      onClose();
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    }
  };

  return (
    <Modal
      open={open}
      title={adding ? 'Tambah Teks Pertemuan' : 'Ubah Teks Pertemuan'}
      width={modalWidth('default', isPhone)}
      onCancel={onClose}
      okText="Simpan"
      cancelText="Batal"
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      destroyOnHidden
    >
      <LazyRichTextEditor label="Teks pertemuan" value={text} onChange={setText} />
    </Modal>
  );
}
