import { useState } from 'react';
import { DeleteOutlined, PaperClipOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography, Upload } from 'antd';
import { answerFileExtensions, examFileMessages, maxAnswerFiles } from '@lms/contract/exam-files.rules';
import type { EssayFileType } from '@lms/contract/exam.rules';
import type { QuestionFile } from '@lms/contract/exam.schema';
import { fileExtension, fileTooLargeMessage } from '@lms/contract/material.rules';
import { acceptOf } from '@lms/contract/question-bank.rules';
import { ApiError } from '../../../lib/api-error.ts';
import { useUploadLimitMb } from '../../../lib/queries/get-upload-limits.ts';
import { removeAnswerFiles, uploadAnswerFiles } from '../api/answer-files.ts';

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
 * within the size setting; a new choice replaces the files before; an upload that fails on the way is
 * tried again by itself and then offers "Coba lagi", with its state in plain words.
 */
export function AnswerFiles({
  attemptId,
  soalId,
  nomor,
  accepted,
  initial,
  disabled,
}: {
  attemptId: string;
  soalId: string;
  nomor: number;
  accepted: readonly EssayFileType[];
  initial: QuestionFile[];
  disabled: boolean;
}) {
  const extensions = answerFileExtensions(accepted);
  const maxBytes = useUploadLimitMb('jawaban_ujian') * 1_000_000;
  const [files, setFiles] = useState(initial);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });

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
    <Space orientation="vertical" size={4} style={{ width: '100%' }} data-testid="answer-files">
      <Typography.Text type="secondary">
        Lampiran jawaban ({extensions.join(', ')}; maks. {maxAnswerFiles} file)
      </Typography.Text>
      {files.map((f) => (
        <a key={f.url} href={f.url} target="_blank" rel="noreferrer">
          <PaperClipOutlined /> {f.name}
        </a>
      ))}
      {disabled ? null : (
        <Space wrap>
          <Upload
            multiple
            accept={acceptOf(extensions)}
            showUploadList={false}
            disabled={sending}
            beforeUpload={(file, list) => {
              // Called once per chosen file: act once, on the whole choice.
              if (file === list[0]) choose(list);
              return false;
            }}
          >
            <Button
              icon={<UploadOutlined />}
              loading={sending}
              aria-label={`Unggah lampiran jawaban soal ${nomor}`}
            >
              {files.length ? 'Ganti Lampiran' : 'Unggah Lampiran'}
            </Button>
          </Upload>
          {files.length ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              disabled={sending}
              onClick={() => void remove()}
              aria-label={`Hapus lampiran jawaban soal ${nomor}`}
            >
              Hapus Lampiran
            </Button>
          ) : null}
        </Space>
      )}
      {state.kind === 'sending' ? (
        <Tag color="blue">
          {state.attempt
            ? `Koneksi terputus, mengunggah ulang (percobaan ${state.attempt + 1})…`
            : 'Mengunggah…'}
        </Tag>
      ) : null}
      {state.kind === 'failed' ? (
        <Space wrap role="alert">
          <Typography.Text type="danger">{state.message}</Typography.Text>
          {state.retry && !disabled ? (
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void send(state.retry!)}>
              Coba lagi
            </Button>
          ) : null}
        </Space>
      ) : null}
    </Space>
  );
}

/** The answer's files as links (the lecturer grading, a finished attempt). */
export function AnswerFileLinks({ files, nomor }: { files: QuestionFile[] | undefined; nomor: number }) {
  if (!files?.length) return null;
  return (
    <div style={{ marginTop: 8 }}>
      <Space size={[12, 4]} wrap aria-label={`Lampiran jawaban soal ${nomor}`}>
        <Typography.Text type="secondary">Lampiran jawaban:</Typography.Text>
        {files.map((f) => (
          <a key={f.url} href={f.url} target="_blank" rel="noreferrer">
            <PaperClipOutlined /> {f.name}
          </a>
        ))}
      </Space>
    </div>
  );
}
