import { TakeFromBankButton } from '../features/question-bank/components/take-from-bank-button.tsx';
import { ExamDetailPage } from '../features/exam/routes/exam-detail-page.tsx';

// The exam's question editor takes a slot the question bank fills here, so neither feature imports the other.

/** /ujian/{id}: each question group can also take questions from a bank. */
export function ExamDetailRoute() {
  return <ExamDetailPage groupActions={(group) => <TakeFromBankButton {...group} />} />;
}
