import { useState } from 'react';
import { EditOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Modal } from 'antd';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { isBlankRichText } from '@lms/contract/rich-text.rules';
import { RichText } from '../../../components/rich-text.tsx';
import { LazyRichTextEditor } from '../../../components/lazy-rich-text-editor.tsx';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSaveMeetingText } from '../api/save-meeting-text.ts';
import { useToasts } from '../../../components/toasts.tsx';

/**
 * The meeting's text block (content type teks, spec 2 §2 "add meeting text"): shown above the other
 * content, added or changed by those who edit the meeting in a rich-text modal; saving it empty removes it.
 */
export function MeetingText({ meeting }: { meeting: MeetingDetail }) {
  const isPhone = useIsPhone();
  const { message, notification } = useToasts();
  const save = useSaveMeetingText(meeting.id);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const hasText = !isBlankRichText(meeting.teks);
  if (!hasText && !meeting.akses.ubah) return null;

  const submit = async () => {
    try {
      await save.mutateAsync(isBlankRichText(text) ? null : text);
      void message.success('Teks pertemuan berhasil disimpan');
      setOpen(false);
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    }
  };

  return (
    <>
      {hasText ? (
        <Card
          size="small"
          title={
            <span>
              <FileTextOutlined /> Teks Pertemuan
            </span>
          }
          extra={
            meeting.akses.ubah ? (
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => {
                  setText(meeting.teks ?? '');
                  setOpen(true);
                }}
              >
                Ubah Teks
              </Button>
            ) : null
          }
          style={{ marginBottom: 12 }}
        >
          <RichText html={meeting.teks!} />
        </Card>
      ) : (
        <Button
          icon={<PlusOutlined />}
          style={{ marginBottom: 12 }}
          onClick={() => {
            setText('');
            setOpen(true);
          }}
        >
          Tambah Teks
        </Button>
      )}
      {/* Only those who edit get the dialog: a closed antd Modal still costs a reader's phone its styles. */}
      {meeting.akses.ubah ? (
        <Modal
          open={open}
          title={hasText ? 'Ubah Teks Pertemuan' : 'Tambah Teks Pertemuan'}
          width={modalWidth('default', isPhone)}
          onCancel={() => setOpen(false)}
          okText="Simpan"
          cancelText="Batal"
          confirmLoading={save.isPending}
          onOk={() => void submit()}
          destroyOnHidden
        >
          <LazyRichTextEditor label="Teks pertemuan" value={text} onChange={setText} />
        </Modal>
      ) : null}
    </>
  );
}
