import { useCallback, useEffect, useRef, useState } from 'react';
import {
  examStartAttendanceErrorCode,
  type ExamRestrictionDetail,
} from '@lms/contract/access-restriction.rules';
import { frozenSecondsLeft } from '@lms/contract/exam-run.rules';
import type { PauseStatus } from '@lms/contract/exam-run.schema';
import { isAnswered } from '@lms/contract/exam.rules';
import type { Attempt, Exam } from '@lms/contract/exam.schema';
import { RichText } from '../../../components/rich-text.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { recordLeave } from '../api/record-leave.ts';
import { startAttempt } from '../api/start-attempt.ts';
import { submitAttempt } from '../api/submit-attempt.ts';
import { useAnswerQueue, type SaveState } from '../components/use-answer-queue.ts';
import { forgetLocalAnswers, loadLocalAnswers, type LocalAnswers } from '../lib/answer-store.ts';
import { ExamDialog } from './exam-dialog.tsx';
import { PlainAnswerFiles } from './plain-answer-files.tsx';
import { PlainQuestion } from './plain-question.tsx';
import { fetchAnswerFileLimitMb, fetchExam, fetchExamPause } from './taking-reads.ts';
import { useExamTimeEvents } from './use-exam-events.ts';

const saveStateLabels: Record<SaveState, { text: string; tone: string }> = {
  tersimpan: { text: 'Semua jawaban tersimpan', tone: 'xt-green' },
  menyimpan: { text: 'Menyimpan…', tone: 'xt-gold' },
  offline: { text: 'Offline — jawaban disimpan di perangkat dan dikirim ulang otomatis', tone: 'xt-red' },
};

function formatLeft(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** Leaves the exam page for the exam's detail page in the app (a full page load: another entry). */
function goToDetail(examId: string): void {
  window.location.assign(`/ujian/${examId}`);
}

/** Toasts at the bottom, 5 s, as the app's notifications (spec 3 §8). */
function useToast() {
  const [text, setText] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const show = useCallback((message: string) => {
    setText(message);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setText(null), 5_000);
  }, []);
  const view = text ? (
    <div className="xt-toast" role="alert">
      {text}
    </div>
  ) : null;
  return { show, view };
}

function Loading() {
  return (
    <p role="status" className="xt-muted">
      Memuat…
    </p>
  );
}

function Panel({ title, children }: { title?: string; children: React.ReactNode }) {
  return (
    <section className="xt-panel">
      {title ? <h2 className="xt-panel-title">{title}</h2> : null}
      <div className="xt-panel-body">{children}</div>
    </section>
  );
}

/**
 * /ujian/{id}/soal, the exam page (its own entry, exam.html: no app shell, antd, router or TanStack
 * Query, for a cheap phone on 3G at 08:00). A first start asks for agreement (500 px, Mulai only after
 * the box is ticked); a closed-book exam enters fullscreen. An attempt already begun resumes at once (a
 * reload, another device).
 */
export function ExamTakingApp({ examId }: { examId: string }) {
  const [exam, setExam] = useState<Exam | null | undefined>(undefined);
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  // The device's copy of the attempt's answers (IndexedDB), read before the questions are shown.
  const [local, setLocal] = useState<{ attemptId: string; answers: LocalAnswers } | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [starting, setStarting] = useState(false);
  // Why the server refused the start for attendance: it stays in the dialog, not only a passing toast.
  const [attendanceRefusal, setAttendanceRefusal] = useState<string | null>(null);
  const [offline, setOffline] = useState(false);
  const toast = useToast();
  const showToast = toast.show;
  const own = exam?.pengerjaan_saya;

  // The exam, read again every minute while the dialog waits (it may open meanwhile).
  useEffect(() => {
    if (attempt) return;
    let live = true;
    const read = () =>
      fetchExam(examId).then(
        (next) => {
          if (!live) return;
          setExam(next);
          setOffline(false);
        },
        (error: unknown) => {
          if (!live) return;
          // Not found or not allowed is final (as the app's page said: not found); a lost connection is
          // said as such and read again when the browser is back online, or within the minute.
          const status = error instanceof ApiError ? (error.statusCode ?? 0) : 0;
          if (status === 403 || status === 404) setExam((current) => current ?? null);
          else if (error instanceof ApiError && error.type === 'Network Error') setOffline(true);
          else showToast((error as Error).message);
        },
      );
    const again = () => void read();
    again();
    const timer = setInterval(again, 60_000);
    window.addEventListener('online', again);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('online', again);
    };
  }, [examId, attempt, showToast]);

  const begin = async () => {
    setStarting(true);
    if (exam?.sifat === 'close' && document.fullscreenElement === null) {
      // Failure to enter fullscreen is only logged (spec 3 §2).
      document.documentElement
        .requestFullscreen?.()
        .catch((error: unknown) => console.warn('fullscreen', error));
    }
    try {
      setAttempt(await startAttempt(examId));
    } catch (error) {
      if (error instanceof ApiError && error.code === examStartAttendanceErrorCode) {
        const detail = error.detail as ExamRestrictionDetail | undefined;
        setAttendanceRefusal(detail?.kekurangan[0] ?? error.message);
      } else showToast((error as Error).message);
    } finally {
      setStarting(false);
    }
  };

  useEffect(() => {
    if (!own) return;
    let live = true;
    startAttempt(examId).then(
      (next) => live && setAttempt(next),
      (error: unknown) => live && showToast((error as Error).message),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once the student's attempt is known
  }, [own?.id, examId, showToast]);

  useEffect(() => {
    if (!attempt || local?.attemptId === attempt.id) return;
    let live = true;
    void loadLocalAnswers(attempt.id).then((answers) => live && setLocal({ attemptId: attempt.id, answers }));
    return () => {
      live = false;
    };
  }, [attempt, local?.attemptId]);

  let content: React.ReactNode;
  if (exam === undefined && offline)
    content = (
      <div className="xt-alert xt-alert-warning" role="alert">
        Tidak dapat memuat kuis/ujian. Periksa koneksi internet Anda; halaman mencoba lagi otomatis.
      </div>
    );
  else if (exam === undefined) content = <Loading />;
  else if (exam === null)
    content = (
      <div className="xt-alert xt-alert-error" role="alert">
        Kuis/Ujian tidak ditemukan.
      </div>
    );
  else if (attempt && local?.attemptId === attempt.id)
    content = (
      <AttemptView key={attempt.id} exam={exam} initial={attempt} local={local.answers} toast={showToast} />
    );
  else if (attempt) content = <Loading />;
  else
    content = (
      <Panel title={exam.judul}>
        {own ? <Loading /> : <RichText html={exam.deskripsi} />}
        <ExamDialog
          open={!own}
          title="Konfirmasi Mulai Ujian"
          width={500}
          footer={
            <>
              <button type="button" className="xt-button" onClick={() => goToDetail(examId)}>
                Batal
              </button>
              <button
                type="button"
                className="xt-button xt-primary"
                disabled={!agreed || !exam.akses.kerjakan || starting}
                aria-busy={starting}
                onClick={() => void begin()}
              >
                {starting ? <span className="xt-spinner" aria-hidden="true" /> : null}
                Mulai
              </button>
            </>
          }
        >
          <p>Sebelum memulai {exam.judul}, perhatikan:</p>
          <ul className="xt-list">
            <li>Pastikan koneksi internet Anda stabil.</li>
            <li>Siapkan perangkat dan penyedia internet cadangan.</li>
            <li>Baca setiap soal dengan teliti.</li>
            <li>Perhatikan sisa waktu pengerjaan.</li>
            {exam.sifat === 'close' ? <li>Ujian ini tutup buku: kecurangan akan dicatat.</li> : null}
          </ul>
          {!exam.akses.kerjakan ? (
            <div className="xt-alert xt-alert-warning" role="alert">
              Kuis/Ujian tidak sedang berlangsung.
            </div>
          ) : null}
          {attendanceRefusal ? (
            <div className="xt-alert xt-alert-error" role="alert">
              {attendanceRefusal}
            </div>
          ) : null}
          <label className="xt-check">
            <input type="checkbox" checked={agreed} onChange={(ev) => setAgreed(ev.target.checked)} />
            <span>Saya telah membaca dan menyetujui ketentuan di atas</span>
          </label>
        </ExamDialog>
      </Panel>
    );

  return (
    <>
      <header className="xt-topbar">
        <a href={`/ujian/${examId}`}>‹ Detail Ujian</a>
      </header>
      <main className="xt-main">
        <h1 className="xt-visually-hidden">Pengerjaan Ujian</h1>
        {content}
      </main>
      {toast.view}
    </>
  );
}

/**
 * An attempt being taken. The countdown runs from the server's deadline and the server's time (never
 * the phone's clock); answers are saved as the student goes (AnswerQueue); at zero the attempt is
 * submitted, and the server submits it anyway if nobody is online.
 */
function AttemptView({
  exam,
  initial,
  local,
  toast,
}: {
  exam: Exam;
  initial: Attempt;
  local: LocalAnswers;
  toast: (message: string) => void;
}) {
  const [attempt, setAttempt] = useState(initial);
  const [confirmSubmit, setConfirmSubmit] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [closedMessage, setClosedMessage] = useState<string | null>(
    initial.status === 'selesai' ? 'Pengerjaan sudah selesai.' : null,
  );
  // The deadline and the server-minus-device offset, both from the server.
  const clock = useRef({ deadline: Date.parse(initial.batas_waktu), offset: 0 });
  const [left, setLeft] = useState<number | null>(null);
  const [fileLimitMb, setFileLimitMb] = useState<number | null>(null);
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
  const running = attempt.status === 'berlangsung';
  const [pause, setPause] = useState<PauseStatus | null>(null);
  const pauseRef = useRef<PauseStatus | null>(null);
  const applyPause = (status: PauseStatus) => {
    pauseRef.current = status;
    setPause(status);
    // The countdown stands still in the same render as the notice, not at its next tick a second on.
    const frozen = frozenSecondsLeft(new Date(clock.current.deadline).toISOString(), status);
    if (frozen !== null) setLeft(frozen);
  };
  useEffect(() => {
    if (!running) return;
    let live = true;
    fetchExamPause(exam.id).then(
      (status) => live && applyPause(status),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [exam.id, running]);
  const paused = pause?.dijeda === true;

  const hasFiles = attempt.kelompok_soal.some((g) =>
    g.soal.some((q) => q.isi.jenis === 'esay' && q.isi.jenis_file_diterima.length > 0),
  );
  useEffect(() => {
    if (hasFiles) void fetchAnswerFileLimitMb().then(setFileLimitMb);
  }, [hasFiles]);

  // A lecturer's extension (or the whole exam paused and resumed) moves the deadline: read it again.
  useExamTimeEvents(
    exam.id,
    () => {
      // The pause status and the attempt together, applied at once: a page never counts down from a
      // deadline held ahead by a pause, nor freezes on one that a resume has already moved back.
      void Promise.all([fetchExamPause(exam.id), startAttempt(exam.id)]).then(
        ([status, next]) => {
          clock.current = {
            deadline: Date.parse(next.batas_waktu),
            offset: Date.parse(next.waktu_server) - Date.now(),
          };
          applyPause(status);
          setAttempt(next);
        },
        () => undefined,
      );
    },
    running,
  );

  // Closed book: leaving the tab or fullscreen is recorded (the server stamps the time).
  const watching = exam.sifat === 'close' && running;
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
      if (!auto) goToDetail(exam.id);
    } catch (error) {
      submitted.current = false;
      toast((error as Error).message);
    }
  };

  useEffect(() => {
    clock.current.offset = Date.parse(initial.waktu_server) - Date.now();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the server's time when the attempt arrived
  }, []);

  useEffect(() => {
    if (attempt.status === 'selesai') return;
    const tick = () => {
      const pausedStatus = pauseRef.current;
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

  // As the server counts jumlah_soal_dijawab: an emptied box or a list set back to nothing is unanswered.
  const answered = Object.values(queue.answers).filter((a) => isAnswered(a.jawaban)).length;
  const label = saveStateLabels[queue.state];
  const open = running && !closedMessage && !paused;
  return (
    <div className="xt-stack">
      <section className="xt-panel xt-sticky">
        <div className="xt-panel-body xt-status">
          <strong className="xt-title">{exam.judul}</strong>
          <div className="xt-row">
            <span
              className={`xt-tag ${left !== null && left <= 300 ? 'xt-red' : 'xt-blue'}`}
              data-testid="exam-countdown"
              role="timer"
              aria-label="Sisa waktu"
            >
              Sisa waktu {left === null ? '--:--' : formatLeft(left)}
            </span>
            <span className={`xt-tag xt-wrap ${label.tone}`} data-testid="exam-save-state" aria-live="polite">
              {label.text}
              {queue.state === 'offline' && queue.pendingCount > 0
                ? ` (${queue.pendingCount} jawaban belum terkirim)`
                : ''}
            </span>
            <span className="xt-muted">
              Dijawab {answered}/{attempt.jumlah_soal}
            </span>
          </div>
        </div>
      </section>
      {closedMessage ? (
        <div className="xt-alert xt-alert-warning" role="alert">
          {closedMessage}
        </div>
      ) : null}
      {paused && !closedMessage ? (
        <div className="xt-alert xt-alert-info" role="status" data-testid="exam-paused">
          <strong>Ujian dijeda oleh pengajar</strong>
          <div>
            {`${pause?.alasan ? `${pause.alasan}. ` : ''}Waktu tidak berjalan selama jeda; sisa waktu Anda tetap dan ujian dapat dilanjutkan setelah pengajar membukanya kembali.`}
          </div>
        </div>
      ) : null}
      {attempt.kelompok_soal.map((group) => (
        <Panel key={group.id} title={`Kelompok Soal ${group.nomor}`}>
          {group.aturan === 'sebagian' && group.jumlah_wajib_dijawab ? (
            <p className="xt-muted">
              Jawab {group.jumlah_wajib_dijawab} dari {group.soal.length} soal.
            </p>
          ) : null}
          <div className="xt-questions">
            {group.soal.map((question) => (
              <div key={question.id} className="xt-question">
                <PlainQuestion
                  question={question}
                  answer={queue.answers[question.id]?.jawaban ?? null}
                  readOnly={!open}
                  onAnswer={(value, typing) => queue.queue.setAnswer(question.id, value, typing)}
                />
                {question.isi.jenis === 'esay' && fileLimitMb !== null ? (
                  <PlainAnswerFiles
                    attemptId={attempt.id}
                    soalId={question.id}
                    nomor={question.nomor}
                    accepted={question.isi.jenis_file_diterima}
                    initial={question.jawaban_files ?? []}
                    disabled={!open}
                    maxMb={fileLimitMb}
                  />
                ) : null}
              </div>
            ))}
          </div>
        </Panel>
      ))}
      {open ? (
        <button
          type="button"
          className="xt-button xt-primary xt-large xt-self-start"
          onClick={() => setConfirmSubmit(true)}
        >
          Selesai
        </button>
      ) : (
        <button type="button" className="xt-button xt-self-start" onClick={() => goToDetail(exam.id)}>
          Kembali ke Detail Ujian
        </button>
      )}
      <ExamDialog
        open={confirmSubmit}
        title="Selesaikan Ujian"
        width={400}
        footer={
          <>
            <button type="button" className="xt-button" onClick={() => setConfirmSubmit(false)}>
              Batal
            </button>
            <button
              type="button"
              className="xt-button xt-primary"
              disabled={submitting}
              aria-busy={submitting}
              onClick={() => {
                setSubmitting(true);
                void finish(false).finally(() => {
                  setSubmitting(false);
                  setConfirmSubmit(false);
                });
              }}
            >
              {submitting ? <span className="xt-spinner" aria-hidden="true" /> : null}
              Ya
            </button>
          </>
        }
      >
        {queue.pendingCount > 0
          ? `${queue.pendingCount} jawaban belum terkirim dan akan dikirim sekarang. Selesaikan ujian?`
          : 'Jawaban yang sudah tersimpan akan dinilai. Selesaikan ujian?'}
      </ExamDialog>
    </div>
  );
}
