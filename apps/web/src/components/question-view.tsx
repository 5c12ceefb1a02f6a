import { PaperClipOutlined } from '@ant-design/icons';
import { Input, Radio, Space, Tag, Typography } from 'antd';
import { questionKindLabels, type AnswerValue } from '@lms/contract/exam.rules';
import type { Question, QuestionFile } from '@lms/contract/exam.schema';
import { RichText } from './rich-text.tsx';
import { ExtraKindView, GapText } from './question-kind-view.tsx';
import './question-view.css';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Attachments as download links (they open in a new tab; the server serves them as downloads or images). */
function FileLinks({ files, label }: { files: QuestionFile[] | undefined; label: string }) {
  if (!files?.length) return null;
  return (
    <Space size={[12, 4]} wrap aria-label={label}>
      {files.map((f) => (
        <a key={f.url} href={f.url} target="_blank" rel="noreferrer">
          <PaperClipOutlined /> {f.name}
        </a>
      ))}
    </Space>
  );
}

/**
 * One question as the student answers it, or read-only (the preview, a finished attempt, grading):
 * choices (images capped at 15rem), true/false with its labels, or an essay box. Read-only choices are
 * disabled but drawn readable (question-view.css), the chosen one in the primary colour. The key shows only
 * when the server sent it (`isi.kunci`). The kinds of issue 43 are drawn read-only by ExtraKindView, the
 * gaps of fill in the blanks as boxes in the text.
 */
export function QuestionView({
  question,
  answer,
  onAnswer,
  readOnly = false,
  mark,
  hideAnswer = false,
}: {
  question: Question;
  answer: AnswerValue | null;
  onAnswer?: (answer: AnswerValue) => void;
  readOnly?: boolean;
  /** A mark to show beside the question (grading, published results). */
  mark?: number | null;
  /**
   * A question shown with its key only (the question bank, the exam's editor and preview): no essay answer
   * area and no 'Belum dijawab', which only a student's attempt has.
   */
  hideAnswer?: boolean;
}) {
  const body = question.isi;
  const name = `soal-${question.id}`;
  return (
    <div
      data-testid="question"
      className={readOnly ? 'question-view--read-only' : undefined}
      style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      <Space size={6} wrap>
        <Typography.Text strong>Soal {question.nomor}</Typography.Text>
        <Tag>{questionKindLabels[question.jenis]}</Tag>
        {mark !== undefined && mark !== null ? <Tag color="blue">Nilai {mark}</Tag> : null}
      </Space>
      {body.jenis === 'isian_rumpang' ? (
        <GapText
          html={question.pertanyaan}
          body={body}
          answers={!hideAnswer && answer?.jenis === 'isian_rumpang' ? answer.rumpang : undefined}
        />
      ) : (
        <RichText html={question.pertanyaan} />
      )}
      <FileLinks files={question.soal_files} label={`Lampiran soal ${question.nomor}`} />
      {body.jenis === 'pilihan' ? (
        <Radio.Group
          name={name}
          aria-label={`Jawaban soal ${question.nomor}`}
          disabled={readOnly}
          value={answer?.jenis === 'pilihan' ? answer.pilihan : null}
          onChange={(e) => onAnswer?.({ jenis: 'pilihan', pilihan: e.target.value as number })}
        >
          <Space orientation="vertical">
            {body.pilihan.map((option, i) => (
              <Radio key={i} value={i}>
                <span>
                  {letters[i]}. {option.teks}
                  {body.kunci === i ? (
                    <Tag color="green" style={{ marginLeft: 8 }}>
                      Kunci
                    </Tag>
                  ) : null}
                </span>
                {option.gambar ? (
                  <img
                    src={option.gambar}
                    alt={`Gambar pilihan ${letters[i]}`}
                    style={{ display: 'block', maxHeight: '15rem', maxWidth: '100%' }}
                  />
                ) : null}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      ) : null}
      {body.jenis === 'benar_salah' ? (
        <Radio.Group
          name={name}
          aria-label={`Jawaban soal ${question.nomor}`}
          disabled={readOnly}
          value={answer?.jenis === 'benar_salah' ? answer.benar_salah : null}
          onChange={(e) => onAnswer?.({ jenis: 'benar_salah', benar_salah: e.target.value as boolean })}
          options={[
            { value: true, label: body.label.benar + (body.kunci === true ? ' (Kunci)' : '') },
            { value: false, label: body.label.salah + (body.kunci === false ? ' (Kunci)' : '') },
          ]}
        />
      ) : null}
      {body.jenis !== 'pilihan' && body.jenis !== 'benar_salah' && body.jenis !== 'esay' ? (
        <ExtraKindView body={body} answer={hideAnswer ? undefined : answer} nomor={question.nomor} />
      ) : null}
      {body.jenis === 'esay' ? (
        <>
          {hideAnswer ? null : readOnly ? (
            <Typography.Paragraph
              style={{ whiteSpace: 'pre-wrap', margin: 0 }}
              type={answer ? undefined : 'secondary'}
            >
              {answer?.jenis === 'esay' && answer.teks ? answer.teks : 'Belum dijawab'}
            </Typography.Paragraph>
          ) : (
            <Input.TextArea
              aria-label={`Jawaban soal ${question.nomor}`}
              rows={5}
              maxLength={50_000}
              value={answer?.jenis === 'esay' ? answer.teks : ''}
              onChange={(e) => onAnswer?.({ jenis: 'esay', teks: e.target.value })}
              placeholder="Tulis jawaban Anda"
            />
          )}
          {body.kunci || question.kunci_files?.length ? (
            <div>
              <Typography.Text type="secondary">Kunci jawaban:</Typography.Text>
              <RichText html={body.kunci} />
              <FileLinks files={question.kunci_files} label={`Lampiran kunci soal ${question.nomor}`} />
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
