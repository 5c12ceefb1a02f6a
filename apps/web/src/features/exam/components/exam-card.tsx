import { FileTextOutlined } from '@ant-design/icons';
import { ContentCardEditButtons } from '../../../components/content-card-edit-buttons.tsx';
import type { ContentCardActions } from '../../../components/meeting-content-list.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainRow } from '../../../components/plain-row.tsx';
import { PlainTag, type PlainTagColor } from '../../../components/plain-tag.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { Link, useNavigate } from 'react-router';
import {
  examKindLabels,
  examMessages,
  examNatureLabels,
  examStatusLabels,
  gradingSummary,
  type ExamStatus,
} from '@lms/contract/exam.rules';
import type { Exam } from '@lms/contract/exam.schema';
import { formatDateTimeRange } from '../../../lib/date.ts';
import { formatContentPlace } from '../../../lib/content-place.ts';

/** Palette names: antd's preset status colours fail contrast. */
export const examStatusColors: Record<ExamStatus, PlainTagColor> = {
  belum_dimulai: 'blue',
  berlangsung: 'gold',
  selesai: 'green',
};

/**
 * A quiz or exam (spec 3 §2, §4): title, kind, nature, window and status; the student's own attempt
 * (answered of total, score once published) and the buttons Mulai / Lanjutkan / Lihat; the lecturer's
 * counts (Tidak Ada Pengerjaan / Belum Dinilai n / Sudah Dinilai n) with edit and delete, and a warning
 * while the exam has no questions (students do not see it until then). Plain markup in
 * antd's look: the meeting page's first screen loads no antd.
 */
export function ExamCard({
  exam,
  timeZone,
  showClass = false,
  onEdit,
  onDelete,
}: {
  exam: Exam;
  timeZone: string;
  showClass?: boolean;
} & ContentCardActions) {
  const navigate = useNavigate();
  const own = exam.pengerjaan_saya;
  const summary = gradingSummary(exam.jumlah_pengerjaan, exam.jumlah_belum_dinilai);
  const lecturer = exam.akses.nilai;
  return (
    <PlainCard size="small" data-testid="exam-card">
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <FileTextOutlined aria-hidden style={{ fontSize: 22, color: '#1d4ed8' }} />
        <div style={{ minWidth: 0, flex: 1 }}>
          <Link to={`/ujian/${exam.id}`} style={{ fontSize: 15, fontWeight: 600, overflowWrap: 'anywhere' }}>
            {exam.judul}
          </Link>
          {showClass ? (
            <PlainText type="secondary" style={{ display: 'block' }}>
              {formatContentPlace(exam)}
            </PlainText>
          ) : null}
          <PlainRow gap={4} style={{ margin: '4px 0' }}>
            <PlainTag color={examStatusColors[exam.status]}>{examStatusLabels[exam.status]}</PlainTag>
            <PlainTag>{examKindLabels[exam.jenis]}</PlainTag>
            <PlainTag>{examNatureLabels[exam.sifat]}</PlainTag>
            {!exam.ditampilkan ? <PlainTag>Disembunyikan</PlainTag> : null}
            {lecturer && exam.jumlah_soal === 0 ? (
              <PlainTag color="orange" style={{ whiteSpace: 'normal' }} data-testid="exam-no-questions">
                {examMessages.noQuestionsYet}
              </PlainTag>
            ) : null}
            <PlainText type="secondary" style={{ fontSize: 13 }}>
              {formatDateTimeRange(exam.waktu_mulai, exam.waktu_selesai, timeZone)}
              {exam.gunakan_batas_waktu && exam.durasi ? ` · ${exam.durasi} menit` : ''}
            </PlainText>
          </PlainRow>
          {lecturer ? (
            <PlainText style={{ display: 'block' }} data-testid="exam-grading-summary">
              {exam.jumlah_soal} soal ·{' '}
              <PlainTag color={summary.label === 'Belum Dinilai' ? 'red' : summary.count ? 'green' : 'gold'}>
                {summary.label}
                {summary.count !== null ? ` ${summary.count}` : ''}
              </PlainTag>
            </PlainText>
          ) : null}
          {own ? (
            <PlainText style={{ display: 'block' }}>
              Dijawab {own.jumlah_soal_dijawab} dari {own.jumlah_soal} soal
              {own.nilai_akhir !== null ? ` · Nilai ${own.nilai_akhir}` : ''}
            </PlainText>
          ) : null}
          <PlainRow style={{ marginTop: 8 }}>
            {exam.akses.kerjakan && (!own || own.status === 'sedang_berlangsung') ? (
              <PlainButton variant="primary" onClick={() => void navigate(`/ujian/${exam.id}/soal`)}>
                {own ? 'Lanjutkan' : 'Mulai'}
              </PlainButton>
            ) : null}
            {own && own.status === 'selesai' ? (
              <PlainButton onClick={() => void navigate(`/ujian/${exam.id}`)}>Lihat Ujian</PlainButton>
            ) : null}
            <ContentCardEditButtons onEdit={onEdit} onDelete={onDelete} />
          </PlainRow>
        </div>
      </div>
    </PlainCard>
  );
}
