import { questionKindLabels, type AnswerValue } from '@lms/contract/exam.rules';
import type { Question, QuestionFile } from '@lms/contract/exam.schema';
import { RichText } from '../../../components/rich-text.tsx';
import { PlainKindInput, drawsOwnText, type AnswerHandler } from './plain-kind-inputs.tsx';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Attachments as links that open in a new tab (the server serves them as downloads or images). */
export function FileLinks({ files, label }: { files: QuestionFile[] | undefined; label: string }) {
  if (!files?.length) return null;
  return (
    <div className="xt-row" aria-label={label}>
      {files.map((f) => (
        <a key={f.url} href={f.url} target="_blank" rel="noreferrer">
          <svg className="xt-clip" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
          </svg>
          {f.name}
        </a>
      ))}
    </div>
  );
}

/**
 * One question as the student answers it on the exam page (exam.html), in plain elements: the shared
 * components/question-view.tsx draws the same question with antd, which this page does not load.
 * Choices (images capped at 15rem), true/false with its labels, an essay box, or the form of the kinds of
 * issue 43 (plain-kind-inputs.tsx); read-only once the attempt is closed or the exam is paused.
 */
export function PlainQuestion({
  question,
  answer,
  onAnswer,
  readOnly,
}: {
  question: Question;
  answer: AnswerValue | null;
  onAnswer: AnswerHandler;
  readOnly: boolean;
}) {
  const body = question.isi;
  const name = `soal-${question.id}`;
  const groupLabel = `Jawaban soal ${question.nomor}`;
  const extra =
    body.jenis !== 'pilihan' && body.jenis !== 'benar_salah' && body.jenis !== 'esay' ? (
      <PlainKindInput
        html={question.pertanyaan}
        body={body}
        answer={answer}
        onAnswer={onAnswer}
        readOnly={readOnly}
        nomor={question.nomor}
      />
    ) : null;
  return (
    <div data-testid="question" className="xt-question">
      <div className="xt-row">
        <strong>Soal {question.nomor}</strong>
        <span className="xt-tag">{questionKindLabels[question.jenis]}</span>
      </div>
      {extra && drawsOwnText(body) ? extra : <RichText html={question.pertanyaan} />}
      <FileLinks files={question.soal_files} label={`Lampiran soal ${question.nomor}`} />
      {body.jenis === 'pilihan' ? (
        <div role="radiogroup" aria-label={groupLabel} className="xt-choices">
          {body.pilihan.map((option, i) => (
            <label key={i} className="xt-choice">
              <input
                type="radio"
                name={name}
                disabled={readOnly}
                checked={answer?.jenis === 'pilihan' && answer.pilihan === i}
                onChange={() => onAnswer({ jenis: 'pilihan', pilihan: i })}
              />
              <span>
                <span>
                  {letters[i]}. {option.teks}
                </span>
                {option.gambar ? (
                  <img src={option.gambar} alt={`Gambar pilihan ${letters[i]}`} className="xt-option-image" />
                ) : null}
              </span>
            </label>
          ))}
        </div>
      ) : null}
      {body.jenis === 'benar_salah' ? (
        <div role="radiogroup" aria-label={groupLabel} className="xt-row">
          {([true, false] as const).map((value) => (
            <label key={String(value)} className="xt-choice">
              <input
                type="radio"
                name={name}
                disabled={readOnly}
                checked={answer?.jenis === 'benar_salah' && answer.benar_salah === value}
                onChange={() => onAnswer({ jenis: 'benar_salah', benar_salah: value })}
              />
              <span>{value ? body.label.benar : body.label.salah}</span>
            </label>
          ))}
        </div>
      ) : null}
      {body.jenis === 'esay' ? (
        readOnly ? (
          <p className={answer ? 'xt-essay-text' : 'xt-essay-text xt-muted'}>
            {answer?.jenis === 'esay' && answer.teks ? answer.teks : 'Belum dijawab'}
          </p>
        ) : (
          <textarea
            className="xt-textarea"
            aria-label={groupLabel}
            rows={5}
            maxLength={50_000}
            value={answer?.jenis === 'esay' ? answer.teks : ''}
            onChange={(e) => onAnswer({ jenis: 'esay', teks: e.target.value }, true)}
            placeholder="Tulis jawaban Anda"
          />
        )
      ) : null}
      {extra && !drawsOwnText(body) ? extra : null}
    </div>
  );
}
