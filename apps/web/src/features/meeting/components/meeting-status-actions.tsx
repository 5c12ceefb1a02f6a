import { useState } from 'react';
import { CheckCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { PlainButton } from '../../../components/plain-button.tsx';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useChangeMeetingStatus, type MeetingStatusAction } from '../api/change-meeting-status.ts';
import { useToasts } from '../../../components/toasts.tsx';

const texts: Record<MeetingStatusAction, { button: string; title: string; body: string; done: string }> = {
  start: {
    button: 'Mulai',
    title: 'Mulai Kuliah',
    body: 'Waktu mulai kuliah dicatat sekarang dan status pertemuan menjadi Sedang Berlangsung. Lanjutkan?',
    done: 'Kuliah berhasil dimulai',
  },
  end: {
    button: 'Selesai',
    title: 'Selesai Kuliah',
    body: 'Waktu selesai kuliah dicatat sekarang dan status pertemuan menjadi Telah Berakhir. Lanjutkan?',
    done: 'Kuliah berhasil diakhiri',
  },
};

/** 'Mulai' and 'Selesai' for the class's lecturers and operators with write, each behind a confirm dialog. */
export function MeetingStatusActions({ meeting, block }: { meeting: MeetingDetail; block?: boolean }) {
  const { message, notification } = useToasts();
  const [asking, setAsking] = useState<MeetingStatusAction | null>(null);
  const change = useChangeMeetingStatus(meeting.id);
  const action: MeetingStatusAction | null = meeting.akses.mulai
    ? 'start'
    : meeting.akses.akhiri
      ? 'end'
      : null;
  if (!action && !asking) return null;
  const shown = asking ?? action!;

  const confirm = async () => {
    try {
      await change.mutateAsync(shown);
      void message.success(texts[shown].done);
      setAsking(null);
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
      setAsking(null);
    }
  };

  return (
    <>
      {action ? (
        <PlainButton
          variant="primary"
          block={block}
          icon={action === 'start' ? <PlayCircleOutlined /> : <CheckCircleOutlined />}
          onClick={() => setAsking(action)}
        >
          {texts[action].button}
        </PlainButton>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title={texts[shown].title}
        confirmText={`Ya, ${texts[shown].button}`}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        Pertemuan {meeting.nomor}: {meeting.judul}. {texts[shown].body}
      </ConfirmDialog>
    </>
  );
}
