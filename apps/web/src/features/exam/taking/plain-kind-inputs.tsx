import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { AnswerValue } from '@lms/contract/exam.rules';
import {
  matchingChoices,
  parseNumericResponse,
  type ExtraQuestionBody,
  type GapsBody,
  type MatchingBody,
  type MultipleAnswersBody,
  type NumericBody,
} from '@lms/contract/question-kinds.rules';
import { purifyHtml } from '../../../components/rich-text.tsx';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `typing`: a keystroke (saved after a pause, as essays are) rather than a pick (saved at once). */
export type AnswerHandler = (answer: AnswerValue, typing?: boolean) => void;

interface KindProps<B> {
  body: B;
  answer: AnswerValue | null;
  onAnswer: AnswerHandler;
  readOnly: boolean;
  nomor: number;
}

/**
 * A numerical answer as typed and its unit, split for the form: the unit is one of the question's,
 * written after a space ("980 cm/s2"); anything else is the number as typed.
 */
export function splitNumeric(teks: string, units: string[]): { number: string; unit: string } {
  const trimmed = teks.trim();
  const unit = [...units]
    .sort((a, b) => b.length - a.length)
    .find((u) => u && trimmed.endsWith(u) && /[\d.,\s]$/.test(trimmed.slice(0, -u.length)));
  return unit ? { number: trimmed.slice(0, -unit.length).trim(), unit } : { number: teks, unit: '' };
}

function ShortAnswerInput({ answer, onAnswer, readOnly, nomor }: KindProps<unknown>) {
  return (
    <input
      type="text"
      className="xt-input xt-short"
      aria-label={`Jawaban soal ${nomor}`}
      maxLength={500}
      autoComplete="off"
      disabled={readOnly}
      value={answer?.jenis === 'isian_singkat' ? answer.teks : ''}
      onChange={(e) => onAnswer({ jenis: 'isian_singkat', teks: e.target.value }, true)}
      placeholder="Tulis jawaban singkat"
    />
  );
}

/**
 * The unit a student typed into the number box themselves ("980 cm/s2"), as the server reads it; '' when
 * they typed only a number.
 */
export function typedUnit(text: string): string {
  return parseNumericResponse(text)?.unit ?? '';
}

/**
 * The numerical answer to save: with several units the one picked is added after the number, unless
 * the student typed a unit into the box themselves — a typed unit wins, so it is never doubled
 * ("980 cm/s2 cm/s2"). With one unit or none the text is saved as typed (no unit means the first).
 */
export function numericAnswerText(text: string, unitPicked: string, units: string[]): string {
  if (units.length <= 1 || !text.trim() || !unitPicked || typedUnit(text)) return text;
  return `${text.trim()} ${unitPicked}`;
}

/**
 * A number (the decimal keyboard on a phone, a comma or a dot) and, when the question lists units, the
 * unit: one shown beside the box, several in a list. No unit written means the first (pengali 1).
 */
function NumericInput({ body, answer, onAnswer, readOnly, nomor }: KindProps<NumericBody>) {
  const units = body.satuan.map((u) => u.satuan.trim()).filter(Boolean);
  const teks = answer?.jenis === 'numerik' ? answer.teks : '';
  const stored = splitNumeric(teks, units);
  // The unit picked before a number is typed is kept here: an answer without a number is empty.
  const [unitPicked, setUnitPicked] = useState(stored.unit || (units[0] ?? ''));
  // The box as typed, for the answer it produced: a unit typed into it stays where it was typed while
  // the student goes on (splitting "980 cm" would move "cm" out of the box mid-word). An answer from
  // elsewhere (restored, another tab) shows split as stored.
  const [box, setBox] = useState({ text: stored.number, teks });
  const text = box.teks === teks ? box.text : stored.number;
  const ownUnit = typedUnit(text);
  const unit = ownUnit && units.includes(ownUnit) ? ownUnit : stored.unit || unitPicked;
  const write = (nextText: string, nextUnit: string, typing: boolean) => {
    const next = numericAnswerText(nextText, nextUnit, units);
    setBox({ text: nextText, teks: next });
    onAnswer({ jenis: 'numerik', teks: next }, typing);
  };
  // Picking a unit replaces one typed in the box.
  const numberPart = ownUnit ? text.trim().slice(0, -ownUnit.length).trim() : text;
  return (
    <div className="xt-row xt-numeric">
      <input
        type="text"
        inputMode="decimal"
        className="xt-input xt-number"
        aria-label={`Jawaban soal ${nomor}`}
        maxLength={40}
        autoComplete="off"
        disabled={readOnly}
        value={text}
        onChange={(e) => write(e.target.value, unit, true)}
        placeholder="Contoh: 9,8"
      />
      {units.length === 1 ? <span>{units[0]}</span> : null}
      {units.length > 1 ? (
        <select
          className="xt-select"
          aria-label={`Satuan jawaban soal ${nomor}`}
          disabled={readOnly}
          value={unit}
          onChange={(e) => {
            setUnitPicked(e.target.value);
            write(numberPart, e.target.value, false);
          }}
        >
          {units.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

function MultipleAnswersInput({ body, answer, onAnswer, readOnly, nomor }: KindProps<MultipleAnswersBody>) {
  const picked = answer?.jenis === 'pilihan_kompleks' ? answer.pilihan : [];
  return (
    <fieldset className="xt-fieldset">
      <legend className="xt-muted">Pilih semua jawaban yang benar</legend>
      <div role="group" aria-label={`Jawaban soal ${nomor}`} className="xt-choices">
        {body.pilihan.map((option, i) => (
          <label key={i} className="xt-choice">
            <input
              type="checkbox"
              disabled={readOnly}
              checked={picked.includes(i)}
              onChange={(e) =>
                onAnswer(
                  {
                    jenis: 'pilihan_kompleks',
                    pilihan: e.target.checked
                      ? [...picked, i].sort((a, b) => a - b)
                      : picked.filter((p) => p !== i),
                  },
                  false,
                )
              }
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
    </fieldset>
  );
}

/** Each left-hand item with a list of the right-hand choices (native: a phone shows its own picker). */
function MatchingInput({ body, answer, onAnswer, readOnly, nomor }: KindProps<MatchingBody>) {
  const choices = matchingChoices(body);
  const chosen = body.pasangan.map((_, i) =>
    answer?.jenis === 'menjodohkan' ? (answer.pasangan[i] ?? null) : null,
  );
  return (
    <div className="xt-matching" role="group" aria-label={`Jawaban soal ${nomor}`}>
      {body.pasangan.map((pair, i) => {
        const id = `soal-${nomor}-pasangan-${i}`;
        return (
          <div key={i} className="xt-matching-row">
            <label htmlFor={id} className="xt-matching-left">
              {pair.kiri}
            </label>
            <select
              id={id}
              className="xt-select"
              disabled={readOnly}
              value={chosen[i] ?? ''}
              onChange={(e) => {
                const next = [...chosen];
                next[i] = e.target.value || null;
                onAnswer({ jenis: 'menjodohkan', pasangan: next }, false);
              }}
            >
              <option value="">Pilih pasangan</option>
              {choices.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
        );
      })}
    </div>
  );
}

const gapMarker = /\[\[(\d{1,2})\]\]/g;

/**
 * The question text with each [[n]] replaced by gap n's box (a short answer) or list (a choice). The
 * sanitised text is drawn once; the gaps are portals into its placeholders, so typing re-renders them
 * alone and never resets the text around them.
 */
function GapsText({ html, body, answer, onAnswer, readOnly, nomor }: KindProps<GapsBody> & { html: string }) {
  const holder = useRef<HTMLDivElement>(null);
  const marked = useMemo(
    () =>
      purifyHtml(html).replace(gapMarker, (marker, n: string) =>
        Number(n) >= 1 && Number(n) <= body.rumpang.length
          ? `<span class="xt-gap" data-gap="${Number(n)}"></span>`
          : marker,
      ),
    [html, body.rumpang.length],
  );
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  useLayoutEffect(() => {
    setSlots([...(holder.current?.querySelectorAll<HTMLElement>('[data-gap]') ?? [])]);
  }, [marked]);
  const values = body.rumpang.map((_, i) =>
    answer?.jenis === 'isian_rumpang' ? (answer.rumpang[i] ?? null) : null,
  );
  const write = (i: number, value: string | number | null, typing: boolean) => {
    const next = [...values];
    next[i] = value;
    onAnswer({ jenis: 'isian_rumpang', rumpang: next }, typing);
  };
  return (
    <>
      <div ref={holder} className="rich-text" dangerouslySetInnerHTML={{ __html: marked }} />
      {slots.map((slot, k) => {
        const n = Number(slot.dataset.gap);
        const gap = body.rumpang[n - 1];
        if (!gap) return null;
        const label = `Rumpang ${n} soal ${nomor}`;
        const value = values[n - 1];
        const control =
          gap.jenis === 'pilihan' ? (
            <select
              className="xt-select xt-gap-select"
              aria-label={label}
              disabled={readOnly}
              value={typeof value === 'number' ? String(value) : ''}
              onChange={(e) => write(n - 1, e.target.value === '' ? null : Number(e.target.value), false)}
            >
              <option value="">({n}) Pilih</option>
              {gap.pilihan.map((option, i) => (
                <option key={i} value={i}>
                  {option}
                </option>
              ))}
            </select>
          ) : (
            <input
              type="text"
              className="xt-input xt-gap-input"
              aria-label={label}
              maxLength={500}
              autoComplete="off"
              disabled={readOnly}
              placeholder={`(${n})`}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => write(n - 1, e.target.value, true)}
            />
          );
        return createPortal(control, slot, `${k}-${n}`);
      })}
    </>
  );
}

/** Whether the question text is drawn by the kind itself (fill in the blanks: with its gaps). */
export function drawsOwnText(body: ExtraQuestionBody | { jenis: string }): boolean {
  return body.jenis === 'isian_rumpang';
}

/** The answer form of the kinds of issue 43, in plain elements (the exam page loads no antd). */
export function PlainKindInput({ html, body, ...props }: KindProps<ExtraQuestionBody> & { html: string }) {
  switch (body.jenis) {
    case 'isian_singkat':
      return <ShortAnswerInput body={body} {...props} />;
    case 'numerik':
      return <NumericInput body={body} {...props} />;
    case 'pilihan_kompleks':
      return <MultipleAnswersInput body={body} {...props} />;
    case 'menjodohkan':
      return <MatchingInput body={body} {...props} />;
    case 'isian_rumpang':
      return <GapsText html={html} body={body} {...props} />;
  }
}
