import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { LoadingLines } from '../../../components/loading-lines.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainStack } from '../../../components/plain-stack.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { examMessages } from '@lms/contract/exam.rules';
import type { Exam } from '@lms/contract/exam.schema';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useDeleteExam } from '../api/delete-exam.ts';
import { useExamFormReferences } from '../api/get-exam-form-references.ts';
import { useMeetingExams } from '../api/list-meeting-exams.ts';
import { ExamCard } from './exam-card.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { useDeferredQueryData } from '../../../lib/use-deferred-query-data.ts';

// Fetched the first time it opens (its form, selects and date pickers): readers never open it.
const ExamFormModal = lazyModal(async () => (await import('./exam-form-modal.tsx')).ExamFormModal);

/** The delete confirmation of spec 3 §5: plain, with attempts, or with attempts and a remedial. */
export function deleteExamText(exam: Exam): string {
  if (exam.jumlah_pengerjaan > 0 && exam.has_remedial) return examMessages.deleteWithRemedial;
  if (exam.jumlah_pengerjaan > 0) return examMessages.deleteWithAttempts;
  return `Hapus kuis/ujian "${exam.judul}"?`;
}

/** The Kuis/Ujian block of a meeting: its exams, and Tambah Kuis/Ujian for those who edit the meeting. */
export function MeetingExams({ meeting }: { meeting: MeetingDetail }) {
  const user = useCurrentUser();
  const exams = useMeetingExams(meeting.id);
  const { data: list, isLoading } = useDeferredQueryData(exams);
  const remove = useDeleteExam();
  const { message, notification } = useToasts();
  const [form, setForm] = useState<{ exam?: Exam } | null>(null);
  const [deleting, setDeleting] = useState<Exam | null>(null);
  const references = useExamFormReferences(meeting.kelas_kuliah.id, form !== null);
  return (
    <PlainStack>
      {meeting.akses.ubah ? (
        <PlainButton icon={<PlusOutlined />} onClick={() => setForm({})} style={{ alignSelf: 'flex-start' }}>
          Tambah Kuis/Ujian
        </PlainButton>
      ) : null}
      {isLoading ? <LoadingLines /> : null}
      {list?.length === 0 ? (
        <PlainText type="secondary">Belum ada kuis atau ujian pada pertemuan ini.</PlainText>
      ) : null}
      {list?.map((exam) => (
        <ExamCard
          key={exam.id}
          exam={exam}
          timeZone={meeting.time_zone}
          onEdit={exam.akses.ubah ? () => setForm({ exam }) : undefined}
          onDelete={exam.akses.hapus ? () => setDeleting(exam) : undefined}
        />
      ))}
      {meeting.akses.ubah ? (
        <ExamFormModal
          open={form !== null}
          meeting={{
            id: meeting.id,
            nomor: meeting.nomor,
            kelasId: meeting.kelas_kuliah.id,
            waktu_mulai: meeting.waktu_mulai,
            waktu_selesai: meeting.waktu_selesai,
            timeZone: meeting.time_zone,
            fixed: user.role !== 'operator',
            exams: exams.data ?? [],
            participants: references.data?.participants ?? [],
            showsKey: references.data?.showsKey ?? true,
          }}
          exam={form?.exam}
          onClose={() => setForm(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        danger
        title="Hapus Kuis/Ujian"
        confirmText="Ya"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(deleting!.id);
            void message.success('Kuis/Ujian berhasil dihapus');
            setDeleting(null);
          } catch (error) {
            notification.error({ title: (error as Error).message, placement: 'bottom' });
          }
        }}
      >
        {deleting ? deleteExamText(deleting) : null}
      </ConfirmDialog>
    </PlainStack>
  );
}
