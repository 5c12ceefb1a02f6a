import { useState } from 'react';
import { ClockCircleOutlined } from '@ant-design/icons';
import { ownAttendanceButtonLabels } from '@lms/contract/lecturer-attendance.rules';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useOwnLecturerAttendance } from '../api/get-own-lecturer-attendance.ts';
import { useRecordOwnLecturerAttendance } from '../api/record-own-lecturer-attendance.ts';
import { LecturerAttendanceTag } from './lecturer-attendance-tag.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import './own-attendance-button.css';

/**
 * The signed-in lecturer's own attendance on the meeting page (spec 2 §5): the button shows from the
 * meeting start plus the configured minutes, or once the lecture started, and records the start and then
 * the end of the lecture until 23:59 of the meeting's day. The server's clock decides; this only shows it.
 */
export function OwnAttendanceButton({ meeting }: { meeting: MeetingDetail }) {
  const user = useCurrentUser();
  const isLecturer = user.role === 'dosen';
  const own = useOwnLecturerAttendance(meeting.id, meeting.mulai_kuliah, isLecturer);
  const record = useRecordOwnLecturerAttendance(meeting.id);
  const { message, notification } = useToasts();
  const [asking, setAsking] = useState(false);
  const state = own.data;
  if (!isLecturer || !state?.tercatat) return null;
  const zone = meeting.time_zone;
  const step = state.langkah;
  const deadline = `Batas presensi dosen: ${formatDateTime(state.batas_waktu, zone)}`;

  let body;
  if (step === 'mulai' || step === 'akhiri') {
    body = (
      <div className="own-attendance__row">
        <PlainButton variant="primary" icon={<ClockCircleOutlined />} onClick={() => setAsking(true)}>
          {ownAttendanceButtonLabels[step]}
        </PlainButton>
        <PlainText type="secondary">{deadline}</PlainText>
      </div>
    );
  } else if (step === 'belum_tampil') {
    body = (
      <PlainText type="secondary">
        Tombol presensi dosen tampil mulai {formatDateTime(state.tombol_tampil_mulai, zone)}.
      </PlainText>
    );
  } else if (step === 'lewat_batas') {
    body = <PlainText type="secondary">Batas waktu presensi dosen sudah lewat.</PlainText>;
  } else {
    body = (
      <PlainText type="secondary">
        {step === 'selesai'
          ? 'Presensi dosen pada pertemuan ini sudah lengkap.'
          : 'Anda tercatat tidak hadir.'}
      </PlainText>
    );
  }

  const confirm = async () => {
    if (step !== 'mulai' && step !== 'akhiri') return;
    try {
      await record.mutateAsync({ aksi: step });
      void message.success(
        step === 'mulai'
          ? 'Presensi mulai kuliah berhasil dicatat'
          : 'Presensi akhiri kuliah berhasil dicatat',
      );
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <div className="own-attendance" data-testid="presensi-dosen">
        <PlainAlert
          type="info"
          title={
            <span className="own-attendance__row">
              <span>Presensi Dosen</span>
              {state.kehadiran ? <LecturerAttendanceTag tag={state.kehadiran.tag} /> : null}
            </span>
          }
          description={body}
        />
      </div>
      <ConfirmDialog
        open={asking}
        title={step === 'akhiri' ? 'Presensi Akhiri Kuliah' : 'Presensi Mulai Kuliah'}
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      >
        Waktu {step === 'akhiri' ? 'akhir' : 'mulai'} kuliah Anda dicatat sekarang menurut waktu server.
        Lanjutkan?
      </ConfirmDialog>
    </>
  );
}
