import { useEffect, useRef, useState } from 'react';
import { App, Alert, Button, Checkbox, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { frozenSecondsLeft } from '@lms/contract/exam-run.rules';
import type { PauseStatus } from '@lms/contract/exam-run.schema';
import type { Attempt, Exam } from '@lms/contract/exam.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { examKeys } from '../../../lib/query-keys/exam-query-keys.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useAuthorizedEventSource } from '../../../lib/use-authorized-event-source.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useExam } from '../api/get-exam.ts';
import { getExamPause, useExamPause } from '../api/get-exam-pause.ts';
import { recordLeave } from '../api/record-leave.ts';
import { startAttempt } from '../api/start-attempt.ts';
import { submitAttempt } from '../api/submit-attempt.ts';
import { QuestionView } from '../../../components/question-view.tsx';
import { AnswerFiles } from '../components/answer-files.tsx';
import { ExamPanel } from '../components/exam-panel.tsx';
import { useAnswerQueue, type SaveState } from '../components/use-answer-queue.ts';
import { forgetLocalAnswers, loadLocalAnswers, type LocalAnswers } from '../lib/answer-store.ts';

const saveStateLabels: Record<SaveState, { text: string; color: string }> = {
  tersimpan: { text: 'Semua jawaban tersimpan', color: 'green' },
  menyimpan: { text: 'Menyimpan…', color: 'gold' },
  offline: { text: 'Offline — jawaban disimpan di perangkat dan dikirim ulang otomatis', color: 'red' },
};

function formatLeft(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/**
 * /ujian/{id}/soal: taking an exam. A first start asks for agreement (500 px, Mulai only after the box
 * is ticked); a closed-book exam enters fullscreen. An attempt already begun resumes at once (a reload,
 * another device).
 */
export function ExamTakingPage() {
  const { id = '' } = useParams();
  const exam = useExam(id);
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const isPhone = useIsPhone();
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  // The device's copy of the attempt's answers (IndexedDB), read before the questions are shown.
  const [local, setLocal] = useState<{ attemptId: string; answers: LocalAnswers } | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [starting, setStarting] = useState(false);
  const own = exam.data?.pengerjaan_saya;

  const fail = (error: unknown) =>
    notification.error({ title: (error as Error).message, placement: 'bottom' });

  const begin = async () => {
    setStarting(true);
    if (exam.data?.sifat === 'close' && document.fullscreenElement === null) {
      // Failure to enter fullscreen is only logged (spec 3 §2).
      document.documentElement
        .requestFullscreen?.()
        .catch((error: unknown) => console.warn('fullscreen', error));
    }
    try {
      setAttempt(await startAttempt(id));
    } catch (error) {
      fail(error);
    } finally {
      setStarting(false);
    }
  };

  useEffect(() => {
    if (!own) return;
    let live = true;
    startAttempt(id).then(
      (next) => live && setAttempt(next),
      (error: unknown) => live && fail(error),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the student's attempt is known
  }, [own?.id]);

  useEffect(() => {
    if (!attempt || local?.attemptId === attempt.id) return;
    let live = true;
    void loadLocalAnswers(attempt.id).then((answers) => live && setLocal({ attemptId: attempt.id, answers }));
    return () => {
      live = false;
    };
  }, [attempt, local?.attemptId]);

  if (exam.isPending) return <Spin />;
  if (!exam.data) return <Alert type="error" title="Kuis/Ujian tidak ditemukan." />;
  const e = exam.data;
  if (attempt && local?.attemptId === attempt.id)
    return <AttemptView key={attempt.id} exam={e} initial={attempt} local={local.answers} />;
  if (attempt) return <Spin />;

  return (
    <ExamPanel title={e.judul}>
      {own ? <Spin /> : <RichText html={e.deskripsi} />}
      <Modal
        open={!own}
        title="Konfirmasi Mulai Ujian"
        width={modalWidth('delete', isPhone)}
        closable={false}
        mask={{ closable: false }}
        footer={
          <Space>
            <Button onClick={() => void navigate(`/ujian/${id}`)}>Batal</Button>
            <Button
              type="primary"
              disabled={!agreed || !e.akses.kerjakan}
              loading={starting}
              onClick={() => void begin()}
            >
              Mulai
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph>Sebelum memulai {e.judul}, perhatikan:</Typography.Paragraph>
        <ul style={{ paddingLeft: 20 }}>
          <li>Pastikan koneksi internet Anda stabil.</li>
          <li>Siapkan perangkat dan penyedia internet cadangan.</li>
          <li>Baca setiap soal dengan teliti.</li>
          <li>Perhatikan sisa waktu pengerjaan.</li>
          {e.sifat === 'close' ? <li>Ujian ini tutup buku: kecurangan akan dicatat.</li> : null}
        </ul>
        {!e.akses.kerjakan ? <Alert type="warning" title="Kuis/Ujian tidak sedang berlangsung." /> : null}
        <Checkbox checked={agreed} onChange={(ev) => setAgreed(ev.target.checked)}>
          Saya telah membaca dan menyetujui ketentuan di atas
        </Checkbox>
      </Modal>
    </ExamPanel>
  );
}

/**
 * An attempt being taken. The countdown runs from the server's deadline and the server's time (never
 * the phone's clock); answers are saved as the student goes (AnswerQueue); at zero the attempt is
 * submitted, and the server submits it anyway if nobody is online.
 */
function AttemptView({ exam, initial, local }: { exam: Exam; initial: Attempt; local: LocalAnswers }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notification } = App.useApp();
  const [attempt, setAttempt] = useState(initial);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [closedMessage, setClosedMessage] = useState<string | null>(
    initial.status === 'selesai' ? 'Pengerjaan sudah selesai.' : null,
  );
  // The deadline and the server-minus-device offset, both from the server.
  const clock = useRef({ deadline: Date.parse(initial.batas_waktu), offset: 0 });
  const [left, setLeft] = useState<number | null>(null);
  const submitted = useRef(false);
  const queue = useAnswerQueue(initial, local, {
    onSaved(saved) {
      clock.current.offset = clock.current.deadline - saved.sisa_detik * 1000 - Date.now();
    },
    onClosed(message) {
      setClosedMessage(message);
    },
  });

  // A paused exam (an outage): the countdown stands still and the questions wait.
  const pause = useExamPause(exam.id, attempt.status === 'berlangsung');
  const paused = pause.data?.dijeda === true;

  // A lecturer's extension (or the whole exam paused and resumed) moves the deadline: read it again.
  useAuthorizedEventSource(
    `/v2/lms/events/ujian/${exam.id}`,
    {},
    {
      time_changed: () => {
        // The pause status and the attempt together, applied at once: a page never counts down from a
        // deadline held ahead by a pause, nor freezes on one that a resume has already moved back.
        void Promise.all([getExamPause(exam.id), startAttempt(exam.id)]).then(
          ([status, next]) => {
            queryClient.setQueryData(examKeys.pause(exam.id), status);
            clock.current = {
              deadline: Date.parse(next.batas_waktu),
              offset: Date.parse(next.waktu_server) - Date.now(),
            };
            setAttempt(next);
          },
          () => undefined,
        );
      },
    },
    attempt.status === 'berlangsung',
  );

  // Closed book: leaving the tab or fullscreen is recorded (the server stamps the time).
  const watching = exam.sifat === 'close' && attempt.status === 'berlangsung';
  useEffect(() => {
    if (!watching) return;
    const report = (jenis: 'fullscreen' | 'tab') =>
      void recordLeave(initial.id, jenis).catch(() => undefined);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') report('tab');
    };
    const onFullscreen = () => {
      if (document.fullscreenElement === null) report('fullscreen');
    };
    document.addEventListener('visibilitychange', onVisibility);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, [watching, initial.id]);

  const finish = async (auto: boolean) => {
    if (submitted.current) return;
    submitted.current = true;
    await queue.queue.flush();
    try {
      setAttempt(await submitAttempt(attempt.id));
      // Everything reached the server: the device copy is no longer needed.
      if (queue.queue.snapshot().pendingCount === 0) void forgetLocalAnswers(attempt.id);
      setClosedMessage(auto ? 'Waktu habis. Jawaban yang tersimpan sudah dikumpulkan.' : null);
      await queryClient.invalidateQueries({ queryKey: examKeys.all });
      if (!auto) void navigate(`/ujian/${exam.id}`);
    } catch (error) {
      submitted.current = false;
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    }
  };

  useEffect(() => {
    clock.current.offset = Date.parse(initial.waktu_server) - Date.now();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the server's time when the attempt arrived
  }, []);

  useEffect(() => {
    if (attempt.status === 'selesai') return;
    const tick = () => {
      const pausedStatus = queryClient.getQueryData<PauseStatus>(examKeys.pause(exam.id));
      const frozen = pausedStatus
        ? frozenSecondsLeft(new Date(clock.current.deadline).toISOString(), pausedStatus)
        : null;
      if (frozen !== null) {
        setLeft(frozen);
        return;
      }
      const seconds = Math.max(
        0,
        Math.ceil((clock.current.deadline - (Date.now() + clock.current.offset)) / 1000),
      );
      setLeft(seconds);
      if (seconds === 0) void finish(true);
    };
    const timer = setInterval(tick, 1000);
    const first = setTimeout(tick, 0);
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per attempt status
  }, [attempt.status]);

  const answered = Object.keys(queue.answers).length;
  const label = saveStateLabels[queue.state];
  const open = attempt.status === 'berlangsung' && !closedMessage && !paused;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <ExamPanel
        style={{ position: 'sticky', top: 0, zIndex: 5 }}
        bodyStyle={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography.Text strong style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {exam.judul}
        </Typography.Text>
        <Space wrap>
          <Tag
            color={left !== null && left <= 300 ? 'red' : 'blue'}
            data-testid="exam-countdown"
            role="timer"
            aria-label="Sisa waktu"
          >
            Sisa waktu {left === null ? '--:--' : formatLeft(left)}
          </Tag>
          <Tag
            color={label.color}
            data-testid="exam-save-state"
            aria-live="polite"
            style={{ whiteSpace: 'normal', maxWidth: '100%' }}
          >
            {label.text}
            {queue.state === 'offline' && queue.pendingCount > 0
              ? ` (${queue.pendingCount} jawaban belum terkirim)`
              : ''}
          </Tag>
          <Typography.Text type="secondary">
            Dijawab {answered}/{attempt.jumlah_soal}
          </Typography.Text>
        </Space>
      </ExamPanel>
      {closedMessage ? <Alert type="warning" showIcon title={closedMessage} /> : null}
      {paused && !closedMessage ? (
        <Alert
          type="info"
          showIcon
          data-testid="exam-paused"
          title="Ujian dijeda oleh pengajar"
          description={`${pause.data?.alasan ? `${pause.data.alasan}. ` : ''}Waktu tidak berjalan selama jeda; sisa waktu Anda tetap dan ujian dapat dilanjutkan setelah pengajar membukanya kembali.`}
        />
      ) : null}
      {attempt.kelompok_soal.map((group) => (
        <ExamPanel key={group.id} title={`Kelompok Soal ${group.nomor}`}>
          {group.aturan === 'sebagian' && group.jumlah_wajib_dijawab ? (
            <Typography.Paragraph type="secondary">
              Jawab {group.jumlah_wajib_dijawab} dari {group.soal.length} soal.
            </Typography.Paragraph>
          ) : null}
          <Space orientation="vertical" size={24} style={{ width: '100%' }}>
            {group.soal.map((question) => (
              <div key={question.id} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
                <QuestionView
                  question={question}
                  answer={queue.answers[question.id]?.jawaban ?? null}
                  readOnly={!open}
                  onAnswer={(value) => queue.queue.setAnswer(question.id, value)}
                />
                {question.isi.jenis === 'esay' ? (
                  <AnswerFiles
                    attemptId={attempt.id}
                    soalId={question.id}
                    nomor={question.nomor}
                    accepted={question.isi.jenis_file_diterima}
                    initial={question.jawaban_files ?? []}
                    disabled={!open}
                  />
                ) : null}
              </div>
            ))}
          </Space>
        </ExamPanel>
      ))}
      {open ? (
        <Button type="primary" size="large" onClick={() => setConfirmSubmit(true)}>
          Selesai
        </Button>
      ) : (
        <Button onClick={() => void navigate(`/ujian/${exam.id}`)}>Kembali ke Detail Ujian</Button>
      )}
      <ConfirmDialog
        open={confirmSubmit}
        title="Selesaikan Ujian"
        onCancel={() => setConfirmSubmit(false)}
        onConfirm={async () => {
          setConfirmSubmit(false);
          await finish(false);
        }}
      >
        {queue.pendingCount > 0
          ? `${queue.pendingCount} jawaban belum terkirim dan akan dikirim sekarang. Selesaikan ujian?`
          : 'Jawaban yang sudah tersimpan akan dinilai. Selesaikan ujian?'}
      </ConfirmDialog>
    </Space>
  );
}
