import { useState } from 'react';
import { PlainButton } from '../../../components/plain-button.tsx';
import { FilePdfOutlined } from '@ant-design/icons';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { downloadMeetingBap } from '../api/download-meeting-bap.ts';
import { useToasts } from '../../../components/toasts.tsx';

/**
 * BAP Pertemuan: the meeting's attendance report, made by a job when the meeting ended. Shown to lecturers
 * and operators once the meeting has ended (the server refuses it before the meeting starts).
 */
export function MeetingBapButton({ meeting }: { meeting: MeetingDetail }) {
  const { message } = useToasts();
  const [busy, setBusy] = useState(false);
  // The page's opening time is enough: a meeting that ends while it is open shows the button on reload.
  const [openedAt] = useState(() => Date.now());
  const ended = meeting.status === 'selesai' || new Date(meeting.waktu_selesai).getTime() <= openedAt;
  if (!ended) return null;
  const download = async () => {
    setBusy(true);
    try {
      await downloadMeetingBap(meeting.id);
    } catch (error) {
      void message.error(normalizeApiError(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <PlainButton icon={<FilePdfOutlined />} loading={busy} onClick={() => void download()}>
      BAP Pertemuan
    </PlainButton>
  );
}
