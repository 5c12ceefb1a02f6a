import { DeleteOutlined, EditOutlined, FileTextOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { PlainCard } from '../../../components/plain-card.tsx';
import { Link, useNavigate } from 'react-router';
import {
  examKindLabels,
  examNatureLabels,
  examStatusLabels,
  gradingSummary,
  type ExamStatus,
} from '@lms/contract/exam.rules';
import type { Exam } from '@lms/contract/exam.schema';
import { formatDateTimeRange } from '../../../lib/date.ts';

/** Palette names: antd's preset status colours fail contrast. */
export const examStatusColors: Record<ExamStatus, string> = {
  belum_dimulai: 'blue',
  berlangsung: 'gold',
  selesai: 'green',
};

/**
 * A quiz or exam (spec 3 §2, §4): title, kind, nature, window and status; the student's own attempt
 * (answered of total, score once published) and the buttons Mulai / Lanjutkan / Lihat; the lecturer's
 * counts (Tidak Ada Pengerjaan / Belum Dinilai n / Sudah Dinilai n) with edit and delete.
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
  onEdit?: () => void;
  onDelete?: () => void;
}) {
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
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {exam.kelas_kuliah.mata_kuliah.kode} {exam.kelas_kuliah.mata_kuliah.nama} · Kelas{' '}
              {exam.kelas_kuliah.nama} · Pertemuan {exam.pertemuan.nomor}
            </Typography.Text>
          ) : null}
          <Space size={[4, 4]} wrap style={{ margin: '4px 0' }}>
            <Tag color={examStatusColors[exam.status]}>{examStatusLabels[exam.status]}</Tag>
            <Tag>{examKindLabels[exam.jenis]}</Tag>
            <Tag>{examNatureLabels[exam.sifat]}</Tag>
            {!exam.ditampilkan ? <Tag>Disembunyikan</Tag> : null}
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {formatDateTimeRange(exam.waktu_mulai, exam.waktu_selesai, timeZone)}
              {exam.gunakan_batas_waktu && exam.durasi ? ` · ${exam.durasi} menit` : ''}
            </Typography.Text>
          </Space>
          {lecturer ? (
            <Typography.Text style={{ display: 'block' }} data-testid="exam-grading-summary">
              {exam.jumlah_soal} soal ·{' '}
              <Tag color={summary.label === 'Belum Dinilai' ? 'red' : summary.count ? 'green' : 'gold'}>
                {summary.label}
                {summary.count !== null ? ` ${summary.count}` : ''}
              </Tag>
            </Typography.Text>
          ) : null}
          {own ? (
            <Typography.Text style={{ display: 'block' }}>
              Dijawab {own.jumlah_soal_dijawab} dari {own.jumlah_soal} soal
              {own.nilai_akhir !== null ? ` · Nilai ${own.nilai_akhir}` : ''}
            </Typography.Text>
          ) : null}
          <Space wrap style={{ marginTop: 8 }}>
            {exam.akses.kerjakan && (!own || own.status === 'sedang_berlangsung') ? (
              <Button type="primary" onClick={() => void navigate(`/ujian/${exam.id}/soal`)}>
                {own ? 'Lanjutkan' : 'Mulai'}
              </Button>
            ) : null}
            {own && own.status === 'selesai' ? (
              <Button onClick={() => void navigate(`/ujian/${exam.id}`)}>Lihat Ujian</Button>
            ) : null}
            {onEdit ? (
              <Button icon={<EditOutlined />} onClick={onEdit}>
                Ubah
              </Button>
            ) : null}
            {onDelete ? (
              <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
                Hapus
              </Button>
            ) : null}
          </Space>
        </div>
      </div>
    </PlainCard>
  );
}
