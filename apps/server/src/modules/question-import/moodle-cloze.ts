import { escapeUTF8 } from 'entities';
import type { AcceptedAnswer, Gap } from '@lms/contract/question-kinds.rules';
import { questionImportMessages } from '@lms/contract/question-import.rules';
import { htmlToPlain } from './imported-question.ts';

/*
 * Moodle's embedded answers (Cloze, question type multianswer): gaps written in the question text as
 * `{1:SHORTANSWER:=Berlin#feedback~%50%Bonn}` or `{2:MULTICHOICE:Paris~=Jakarta~Roma}`. Read into our
 * isian_rumpang (the text gets [[1]], [[2]]… in their place) and written back by the Moodle XML export.
 * Numerical and multiple-response gaps have no counterpart in our gaps; such a question is skipped.
 */

const shortTypes = ['SHORTANSWER', 'SA', 'MW'];
const shortCaseTypes = ['SHORTANSWER_C', 'SAC', 'MWC'];
const choiceTypes = [
  'MULTICHOICE',
  'MC',
  'MULTICHOICE_V',
  'MCV',
  'MULTICHOICE_H',
  'MCH',
  'MULTICHOICE_S',
  'MCS',
  'MULTICHOICE_VS',
  'MCVS',
  'MULTICHOICE_HS',
  'MCHS',
];
const numericalTypes = ['NUMERICAL', 'NM'];

/** A gap's code: `{` weight `:` type `:` answers `}` (a `}` escaped as `\}` stays inside). */
const clozePattern = /\{(\d*):([A-Z_]+):((?:\\.|[^\\}])*)\}/g;

/** Splits at a separator not escaped with a backslash. */
function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (c === separator) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

const unescape = (text: string) => text.replace(/\\(.)/g, '$1');

/** One answer of a gap: `=text`, `%50%text` or `text`, then optionally `#feedback` (dropped). */
function answerOf(raw: string): AcceptedAnswer {
  const [body = ''] = splitUnescaped(raw, '#');
  const credit = /^\s*(=|%(-?\d+(?:\.\d+)?)%)?([\s\S]*)$/.exec(body)!;
  const nilai = credit[1] === '=' ? 100 : credit[2] !== undefined ? Number(credit[2]) : 0;
  return { teks: htmlToPlain(unescape(credit[3]!)), nilai };
}

/**
 * A Cloze question text as our gaps: the text with [[n]] in place of each gap's code, and the gaps; or
 * why it cannot be one of ours (a numerical or multiple-response gap, partial credit in a choice gap,
 * gaps of different weights, no gap at all).
 */
export function readCloze(html: string): { text: string; rumpang: Gap[] } | { skip: string } {
  const m = questionImportMessages;
  const rumpang: Gap[] = [];
  const weights = new Set<number>();
  let problem: string | null = null;
  const text = html.replace(clozePattern, (_code, weight: string, type: string, answers: string) => {
    weights.add(weight ? Number(weight) : 1);
    const list = splitUnescaped(answers, '~').map(answerOf);
    if (shortTypes.includes(type) || shortCaseTypes.includes(type))
      rumpang.push({ jenis: 'isian', jawaban: list, peka_huruf_besar: shortCaseTypes.includes(type) });
    else if (choiceTypes.includes(type)) {
      const right = list.filter((a) => a.nilai >= 99.99);
      if (right.length !== 1 || list.some((a) => a.nilai > 0 && a.nilai < 99.99))
        problem ??= m.clozePartialChoice;
      rumpang.push({
        jenis: 'pilihan',
        pilihan: list.map((a) => a.teks),
        kunci: right.length === 1 ? list.indexOf(right[0]!) : null,
      });
    } else problem ??= numericalTypes.includes(type) ? m.clozeNumerical : m.clozeGapType(type);
    return `[[${rumpang.length}]]`;
  });
  if (problem) return { skip: problem };
  if (rumpang.length === 0) return { skip: m.clozeNoGaps };
  if (weights.size > 1) return { skip: m.clozeWeights };
  return { text, rumpang };
}

/** A plain text as a gap's answer in the HTML text: HTML-escaped, then the characters Cloze reads. */
const escapeCloze = (text: string) => escapeUTF8(text).replace(/[\\}~#/{]/g, (c) => `\\${c}`);

const formatCredit = (nilai: number) => (nilai === 100 ? '=' : `%${Number(nilai.toFixed(5))}%`);

/** A gap as Cloze code (weight 1: ours are worth the same). */
export function writeClozeGap(gap: Gap): string {
  if (gap.jenis === 'pilihan')
    return `{1:MULTICHOICE:${gap.pilihan.map((o, i) => `${i === gap.kunci ? '=' : ''}${escapeCloze(o)}`).join('~')}}`;
  const type = gap.peka_huruf_besar ? 'SHORTANSWER_C' : 'SHORTANSWER';
  return `{1:${type}:${gap.jawaban.map((a) => `${formatCredit(a.nilai)}${escapeCloze(a.teks)}`).join('~')}}`;
}
