import { examMessages } from '@lms/contract/exam.rules';
import type { Exam } from '@lms/contract/exam.schema';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { MeetingContentList, type ContentFormState } from '../../../components/meeting-content-list.tsx';
import { lazyModal } from '../../../components/lazy-modal.tsx';
import { useDeleteExam } from '../api/delete-exam.ts';
import { useExamFormReferences } from '../api/get-exam-form-references.ts';
import { useMeetingContentList } from '../../../lib/use-meeting-content-list.ts';
import { ExamCard } from './exam-card.tsx';

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
  const exams = useMeetingContentList<Exam>('ujian', meeting.id);
  return (
    <MeetingContentList
      meeting={meeting}
      list={exams}
      name="Kuis/Ujian"
      noun="kuis atau ujian"
      card={(exam, actions) => <ExamCard exam={exam} timeZone={meeting.time_zone} {...actions} />}
      form={(state) => <ExamForm {...state} exams={exams.data ?? []} />}
      deletable={(exam) => exam.akses.hapus}
      remove={useDeleteExam()}
      deleteText={deleteExamText}
      confirmText="Ya"
    />
  );
}

/**
 * The exam form with what it needs beyond the meeting: the class's students and whether keys may be
 * shown, asked for once it opens.
 */
function ExamForm({ open, item, meeting, onClose, exams }: ContentFormState<Exam> & { exams: Exam[] }) {
  const references = useExamFormReferences(meeting.kelasId, open);
  return (
    <ExamFormModal
      open={open}
      meeting={{
        ...meeting,
        exams,
        participants: references.data?.participants ?? [],
        showsKey: references.data?.showsKey ?? true,
      }}
      item={item}
      onClose={onClose}
    />
  );
}
