import type { ComponentProps, ReactNode } from 'react';
import { Alert, Button, Card, Descriptions, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Exam } from '@lms/contract/exam.schema';
import {
  examKindLabels,
  examMessages,
  examNatureLabels,
  examStatusLabels,
  gradingSummary,
  isUnsetDate,
} from '@lms/contract/exam.rules';
import { RichText } from '../../../components/rich-text.tsx';
import { StatusPage } from '../../../components/status-page.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useExam } from '../api/get-exam.ts';
import { useMyAttempt } from '../api/get-my-attempt.ts';
import { useExamPause } from '../api/get-exam-pause.ts';
import { examStatusColors } from '../components/exam-card.tsx';
import { AnswerFileLinks } from '../components/answer-files.tsx';
import { ExamAnswerStats } from '../components/exam-answer-stats.tsx';
import { ExamContentEditor } from '../components/exam-content-editor.tsx';
import { ExamItemAnalysis } from '../components/exam-item-analysis.tsx';
import { ExamPreview } from '../components/exam-preview.tsx';
import { ExamResults } from '../components/exam-results.tsx';
import { QuestionView } from '../../../components/question-view.tsx';

/** The tabs of an exam that its editors see, as `?tab=` names them (deep links, the grade recap). */
const examTabs = ['soal', 'pratinjau', 'hasil', 'statistik', 'analisis'] as const;
type ExamTab = (typeof examTabs)[number];

/** The tab `?tab=` asks for; the first one when it names none. */
export function examTabOf(value: string | null): ExamTab {
  return examTabs.find((tab) => tab === value) ?? 'soal';
}

/**
 * /ujian/{id} (and /kelas/{class}/ujian/{id}): the exam's details; for the student their attempt (Mulai, Lanjutkan, or the finished
 * attempt with the score once published and the key when allowed); for lecturers and operators who
 * edit it the questions (Soal), the read-only preview as a student gets it (Pratinjau), the results
 * (Hasil), the answer statistics (Statistik) and the item analysis (Analisis Soal). `comments`
 * is a slot the app fills with the exam's comment threads (features do not import each other).
 */
export function ExamDetailPage({
  groupActions,
  comments,
}: {
  /** Passed to the question editor (see ExamContentEditor). */
  groupActions?: ComponentProps<typeof ExamContentEditor>['groupActions'];
  comments?: (exam: Exam) => ReactNode;
} = {}) {
  // /ujian/{id}, or /kelas/{class}/ujian/{activityId} from the grade recap.
  const { id: routeId = '', activityId } = useParams();
  const id = activityId ?? routeId;
  const timeZone = useTimeZone();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const tab = examTabOf(search.get('tab'));
  const exam = useExam(id);
  const own = exam.data?.pengerjaan_saya;
  const mine = useMyAttempt(id, own?.status === 'selesai');
  const pause = useExamPause(id, exam.data?.status === 'berlangsung');
  if (exam.isPending) return <Spin />;
  if (!exam.data) return <StatusPage code="404" title="Kuis/Ujian tidak ditemukan" />;
  const e = exam.data;
  const summary = gradingSummary(e.jumlah_pengerjaan, e.jumlah_belum_dinilai);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {search.get('from') === 'nilai' ? (
        <Link to={`/nilai/${encodeURIComponent(e.id_kelas_kuliah)}`}>‹ Kembali ke Rekap Nilai</Link>
      ) : null}
      {e.akses.nilai && e.jumlah_soal === 0 ? (
        // Students see the exam only once it has a question; its editors are told why they do not yet.
        <Alert
          type="warning"
          showIcon
          data-testid="exam-no-questions"
          title={examMessages.noQuestionsYet}
          description="Tambahkan soal di tab Soal agar mahasiswa dapat melihat dan mengerjakannya."
        />
      ) : null}
      <Card title={e.judul}>
        <Space size={[4, 4]} wrap style={{ marginBottom: 12 }}>
          <Tag color={examStatusColors[e.status]}>{examStatusLabels[e.status]}</Tag>
          <Tag>{examKindLabels[e.jenis]}</Tag>
          <Tag>{examNatureLabels[e.sifat]}</Tag>
        </Space>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'kelas',
              label: 'Kelas',
              children: `${e.kelas_kuliah.mata_kuliah.kode} ${e.kelas_kuliah.mata_kuliah.nama} · ${e.kelas_kuliah.nama}`,
            },
            { key: 'pertemuan', label: 'Pertemuan', children: e.pertemuan.nomor },
            { key: 'mulai', label: 'Waktu Mulai', children: formatDateTime(e.waktu_mulai, timeZone) },
            {
              key: 'selesai',
              label: 'Waktu Selesai',
              // While paused the end is held ahead by the pause's buffer: show the end before it.
              children: pause.data?.dijeda
                ? `${formatDateTime(
                    new Date(Date.parse(e.waktu_selesai) - pause.data.penyangga_detik * 1000).toISOString(),
                    timeZone,
                  )} (dijeda; bertambah sesuai lama jeda)`
                : formatDateTime(e.waktu_selesai, timeZone),
            },
            {
              key: 'durasi',
              label: 'Durasi',
              children: e.gunakan_batas_waktu && e.durasi ? `${e.durasi} menit` : '-',
            },
            { key: 'soal', label: 'Jumlah Soal', children: e.jumlah_soal },
            ...(e.akses.nilai
              ? [
                  {
                    key: 'kunci',
                    label: 'Waktu Tampil Kunci',
                    children:
                      e.tampilkan_kunci_jawaban && !isUnsetDate(e.waktu_tampil_kunci)
                        ? formatDateTime(e.waktu_tampil_kunci, timeZone)
                        : '-',
                  },
                  {
                    key: 'pengerjaan',
                    label: 'Pengerjaan',
                    children: `${summary.label}${summary.count !== null ? ` ${summary.count}` : ''}`,
                  },
                ]
              : []),
          ]}
        />
        <RichText html={e.deskripsi} />
        {own ? (
          <Typography.Paragraph style={{ marginTop: 12 }}>
            Mulai {formatDateTime(own.waktu_mulai, timeZone)}
            {own.waktu_selesai ? ` · Selesai ${formatDateTime(own.waktu_selesai, timeZone)}` : ''} · Dijawab{' '}
            {own.jumlah_soal_dijawab} dari {own.jumlah_soal} soal
            {own.nilai_akhir !== null ? ` · Nilai Akhir ${own.nilai_akhir}` : ''}
          </Typography.Paragraph>
        ) : null}
        {e.akses.kerjakan && (!own || own.status === 'sedang_berlangsung') ? (
          <Button type="primary" onClick={() => void navigate(`/ujian/${e.id}/soal`)}>
            {own ? 'Lanjutkan' : 'Mulai'}
          </Button>
        ) : null}
      </Card>
      {e.akses.ubah ? (
        <Card>
          <Tabs
            activeKey={tab}
            onChange={(key) =>
              setSearch(
                (params) => {
                  params.set('tab', key);
                  return params;
                },
                { replace: true },
              )
            }
            items={[
              {
                key: 'soal',
                label: 'Soal',
                children: <ExamContentEditor examId={e.id} groupActions={groupActions} />,
              },
              { key: 'pratinjau', label: 'Pratinjau', children: <ExamPreview examId={e.id} /> },
              { key: 'hasil', label: 'Hasil', children: <ExamResults exam={e} timeZone={timeZone} /> },
              { key: 'statistik', label: 'Statistik', children: <ExamAnswerStats examId={e.id} /> },
              { key: 'analisis', label: 'Analisis Soal', children: <ExamItemAnalysis examId={e.id} /> },
            ]}
          />
        </Card>
      ) : null}
      {mine.data ? (
        <Card title="Jawaban Anda">
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {mine.data.kelompok_soal.flatMap((g) =>
              g.soal.map((q) => (
                <div key={q.id}>
                  <QuestionView question={q} answer={q.jawaban} readOnly mark={q.nilai} />
                  <AnswerFileLinks files={q.jawaban_files} nomor={q.nomor} />
                </div>
              )),
            )}
          </Space>
        </Card>
      ) : null}
      {comments?.(e)}
    </Space>
  );
}
