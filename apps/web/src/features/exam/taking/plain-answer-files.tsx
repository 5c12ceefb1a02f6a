import { useRef, useState } from 'react';
import { answerFileExtensions, examFileMessages, maxAnswerFiles } from '@lms/contract/exam-files.rules';
import type { EssayFileType } from '@lms/contract/exam.rules';
import type { QuestionFile } from '@lms/contract/exam.schema';
import { fileExtension, fileTooLargeMessage } from '@lms/contract/material.rules';
import { acceptOf } from '@lms/contract/question-bank.rules';
import { ApiError } from '../../../lib/api-error.ts';
import { removeAnswerFiles, uploadAnswerFiles } from '../api/answer-files.ts';
import { FileLinks } from './plain-question.tsx';

type UploadState =
  | { kind: 'idle' }
  | { kind: 'sending'; attempt: number }
  | { kind: 'failed'; message: string; retry?: File[] };

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
 * way is tried again by itself and then offers "Coba lagi", with its state in plain words.
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

  if (!extensions.length) return null;

  const send = async (chosen: File[]) => {
    setState({ kind: 'sending', attempt: 0 });
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await uploadAnswerFiles(attemptId, soalId, chosen);
        setFiles(result.jawaban_files);
        setState({ kind: 'idle' });
        return;
      } catch (error) {
        const delay = retryDelaysMs[attempt];
        if (isFinal(error) || delay === undefined) {
          setState({
            kind: 'failed',
            message: (error as Error).message || examFileMessages.uploadFailed,
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
    try {
      setFiles((await removeAnswerFiles(attemptId, soalId)).jawaban_files);
      setState({ kind: 'idle' });
    } catch (error) {
      setState({ kind: 'failed', message: (error as Error).message });
    }
  };

  const sending = state.kind === 'sending';
  return (
    <div className="xt-files" data-testid="answer-files">
      <span className="xt-muted">
        Lampiran jawaban ({extensions.join(', ')}; maks. {maxAnswerFiles} file)
      </span>
      <FileLinks files={files} label={`Lampiran jawaban soal ${nomor}`} />
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
      {state.kind === 'sending' ? (
        <span className="xt-tag xt-blue" aria-live="polite">
          {state.attempt
            ? `Koneksi terputus, mengunggah ulang (percobaan ${state.attempt + 1})…`
            : 'Mengunggah…'}
        </span>
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
