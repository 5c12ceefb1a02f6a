import { useEffect, useRef, useState } from 'react';
import { answerFileExtensions, examFileMessages, maxAnswerFiles } from '@lms/contract/exam-files.rules';
import type { EssayFileType } from '@lms/contract/exam.rules';
import type { QuestionFile } from '@lms/contract/exam.schema';
import { fileExtension, fileTooLargeMessage } from '@lms/contract/material.rules';
import { acceptOf } from '@lms/contract/question-bank.rules';
import { formatFileSize } from '@lms/contract/format.rules';
import { ApiError } from '../../../lib/api-error.ts';
import {
  uploadPercent,
  uploadProgressText,
  type UploadProgressValue,
} from '../../../lib/upload-progress-text.ts';
import { uploadFailedMessage } from '../../../components/upload-rules.ts';
import { removeAnswerFiles, uploadAnswerFiles } from '../api/answer-files.ts';
import { dropPendingFiles, keepPendingFiles, readPendingFiles } from '../lib/pending-answer-files.ts';
import { examDownload } from './exam-http.ts';

type UploadState =
  | { kind: 'idle' }
  /** `progress` while a file goes (the bytes sent), absent while removing or before the first report. */
  | { kind: 'sending'; attempt: number; progress?: UploadProgressValue }
  | { kind: 'failed'; message: string; retry?: File[] }
  /** Kept on the device while the connection is down; sent again when it comes back. */
  | { kind: 'waiting'; files: File[] };

/** Tries after a failure: a lost connection gets three tries, then the student's "Coba lagi". */
const retryDelaysMs = [2_000, 5_000];

/** A refusal the server decided (wrong type, time over): sending again would not help. */
function isFinal(error: unknown): boolean {
  const status = error instanceof ApiError ? (error.statusCode ?? 0) : 0;
  return status >= 400 && status < 500 && status !== 408;
}

/**
 * The files of an essay answer while taking (jawaban_ujian): only the types the question accepts,
 * within the size setting (`maxMb`); a new choice replaces the files before; an upload that fails on the
 * way is tried again by itself; if the connection stays down the files are kept on the device
 * (IndexedDB) and sent when it is back, also after a reload; otherwise it offers "Coba lagi".
 */
export function PlainAnswerFiles({
  attemptId,
  soalId,
  nomor,
  accepted,
  initial,
  disabled,
  maxMb,
}: {
  attemptId: string;
  soalId: string;
  nomor: number;
  accepted: readonly EssayFileType[];
  initial: QuestionFile[];
  disabled: boolean;
  maxMb: number;
}) {
  const extensions = answerFileExtensions(accepted);
  const maxBytes = maxMb * 1_000_000;
  const [files, setFiles] = useState(initial);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const sendRef = useRef<(chosen: File[]) => Promise<void>>(async () => {});
  const busy = useRef(false);

  const send = async (chosen: File[]) => {
    busy.current = true;
    try {
      await sendWithRetries(chosen);
    } finally {
      busy.current = false;
    }
  };

  const sendWithRetries = async (chosen: File[]) => {
    setState({ kind: 'sending', attempt: 0 });
    const kept = await keepPendingFiles(attemptId, soalId, chosen);
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await uploadAnswerFiles(attemptId, soalId, chosen, (progress) =>
          setState({ kind: 'sending', attempt, progress }),
        );
        await dropPendingFiles(attemptId, soalId);
        setFiles(result.jawaban_files);
        setState({ kind: 'idle' });
        return;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (isFinal(error)) await dropPendingFiles(attemptId, soalId);
        if (!isFinal(error) && kept && delay === undefined) {
          setState({ kind: 'waiting', files: chosen });
          return;
        }
        if (isFinal(error) || delay === undefined) {
          setState({
            kind: 'failed',
            message: (error as Error).message ? uploadFailedMessage(error) : examFileMessages.uploadFailed,
            retry: isFinal(error) ? undefined : chosen,
          });
          return;
        }
        // Shown while waiting for the next try, so the student sees the upload is not forgotten.
        setState({ kind: 'sending', attempt: attempt + 1 });
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };

  const choose = (chosen: File[]) => {
    if (!chosen.length) return;
    const wrong = chosen.find((f) => !extensions.includes(fileExtension(f.name)));
    if (wrong) return setState({ kind: 'failed', message: examFileMessages.answerFileType(extensions) });
    if (chosen.some((f) => f.size > maxBytes))
      return setState({ kind: 'failed', message: fileTooLargeMessage(maxBytes) });
    if (chosen.length > maxAnswerFiles)
      return setState({ kind: 'failed', message: examFileMessages.tooManyAnswerFiles });
    void send(chosen);
  };

  const remove = async () => {
    setState({ kind: 'sending', attempt: 0 });
    await dropPendingFiles(attemptId, soalId);
    try {
      setFiles((await removeAnswerFiles(attemptId, soalId)).jawaban_files);
      setState({ kind: 'idle' });
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
    }
  };

  // Files an earlier visit kept on the device are sent when the page opens and whenever the connection
  // comes back; `send` is re-created each render, so the effect reads the latest through a ref.
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(() => {
    if (disabled) return;
    let active = true;
    const resume = async () => {
      const pending = await readPendingFiles(attemptId, soalId);
      if (active && pending && !busy.current) await sendRef.current(pending);
    };
    void resume();
    const onOnline = () => void resume();
    window.addEventListener('online', onOnline);
    return () => {
      active = false;
      window.removeEventListener('online', onOnline);
    };
  }, [attemptId, soalId, disabled]);

  if (!extensions.length) return null;
  const sending = state.kind === 'sending';
  return (
    <div className="xt-files" data-testid="answer-files">
      <span className="xt-muted">
        Lampiran jawaban ({extensions.join(', ')}; maks. {maxAnswerFiles} file)
      </span>
      {files.length ? (
        <div className="xt-row" aria-label={`Lampiran jawaban soal ${nomor}`}>
          {files.map((f) => (
            // Private files: fetched with the session, not linked.
            <button
              key={f.url}
              type="button"
              className="xt-button xt-small"
              onClick={() =>
                void examDownload(f.url, f.name).catch((error: Error) =>
                  setState({ kind: 'failed', message: error.message }),
                )
              }
            >
              <svg className="xt-clip" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
              </svg>
              {f.name}
              <span className="xt-muted"> ({formatFileSize(f.content_length)})</span>
            </button>
          ))}
        </div>
      ) : null}
      {disabled ? null : (
        <div className="xt-row">
          <input
            ref={input}
            type="file"
            multiple
            hidden
            accept={acceptOf(extensions)}
            disabled={sending}
            onChange={(event) => {
              choose([...(event.target.files ?? [])]);
              // The same file may be chosen again after a failure.
              event.target.value = '';
            }}
          />
          <button
            type="button"
            className="xt-button"
            disabled={sending}
            aria-label={`Unggah lampiran jawaban soal ${nomor}`}
            onClick={() => input.current?.click()}
          >
            {files.length ? 'Ganti Lampiran' : 'Unggah Lampiran'}
          </button>
          {files.length ? (
            <button
              type="button"
              className="xt-button xt-danger"
              disabled={sending}
              onClick={() => void remove()}
              aria-label={`Hapus lampiran jawaban soal ${nomor}`}
            >
              Hapus Lampiran
            </button>
          ) : null}
        </div>
      )}
      {state.kind === 'sending' ? <SendingState attempt={state.attempt} progress={state.progress} /> : null}
      {state.kind === 'waiting' ? (
        <div className="xt-row" role="status">
          <span className="xt-tag xt-gold">
            {examFileMessages.keptOnDevice(state.files.map((f) => f.name).join(', '))}
          </span>
          {disabled ? null : (
            <button type="button" className="xt-button xt-small" onClick={() => void send(state.files)}>
              Coba lagi
            </button>
          )}
        </div>
      ) : null}
      {state.kind === 'failed' ? (
        <div className="xt-row" role="alert">
          <span className="xt-error">{state.message}</span>
          {state.retry && !disabled ? (
            <button type="button" className="xt-button xt-small" onClick={() => void send(state.retry!)}>
              Coba lagi
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * An upload on its way, as the app's upload bar says it: the percent on a bar and the bytes sent of the
 * whole ('Mengunggah 1.2 MB dari 4.5 MB'); a retry says so first.
 */
function SendingState({ attempt, progress }: { attempt: number; progress?: UploadProgressValue }) {
  const percent = progress ? uploadPercent(progress) : null;
  const retry = attempt ? `Koneksi terputus, mengunggah ulang (percobaan ${attempt + 1})` : null;
  return (
    <div className="xt-upload" data-testid="answer-upload-progress">
      {percent !== null ? (
        <progress className="xt-upload__bar" max={100} value={percent} aria-label="Progres unggah" />
      ) : null}
      <span className="xt-tag xt-blue" role="status">
        {progress
          ? `${retry ? `${retry}: ` : ''}Mengunggah ${uploadProgressText(progress)}${
              percent !== null ? ` (${percent}%)` : ''
            }`
          : retry
            ? `${retry}…`
            : 'Mengunggah…'}
      </span>
    </div>
  );
}
