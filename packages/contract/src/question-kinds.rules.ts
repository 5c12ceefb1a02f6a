/*
 * The question kinds past choice, true/false and essay (issue 43): short answer, numerical, multiple
 * answers, matching and fill in the blanks. Their bodies, answers, form rules and automatic marks, as
 * Moodle computes them so that an imported Moodle question scores the same here. Marks are percentages
 * of the question's 100, rounded to a whole number (per-question marks are integers 0–100).
 */

/** An accepted answer of a short answer (or a short-answer gap) and the share of the mark it earns. */
export interface AcceptedAnswer {
  teks: string;
  /** 0–100: the share of the question's mark. */
  nilai: number;
}

export interface NumericAnswer {
  angka: number;
  /** Accepted distance from `angka` (nominal, in the first unit). */
  toleransi: number;
  nilai: number;
}

/** A unit a numerical answer may carry: the value typed is divided by `pengali` (the first unit's is 1). */
export interface NumericUnit {
  satuan: string;
  pengali: number;
}

export interface MatchingPair {
  kiri: string;
  kanan: string;
}

export type Gap =
  | { jenis: 'pilihan'; pilihan: string[]; kunci: number | null }
  | { jenis: 'isian'; jawaban: AcceptedAnswer[]; peka_huruf_besar: boolean };

export interface ChoiceOptionBody {
  teks: string;
  gambar?: string | null;
}

export type ShortAnswerBody = {
  jenis: 'isian_singkat';
  jawaban: AcceptedAnswer[];
  peka_huruf_besar: boolean;
};
export type NumericBody = { jenis: 'numerik'; jawaban: NumericAnswer[]; satuan: NumericUnit[] };
/** `bobot`: per option, −100…100 (the positive ones sum to 100); null without the key. */
export type MultipleAnswersBody = {
  jenis: 'pilihan_kompleks';
  pilihan: ChoiceOptionBody[];
  bobot: number[] | null;
};
/**
 * `pasangan` in the lecturer's order; `pengecoh` are right-hand choices that match nothing. Without the
 * key every `kanan` is empty and `pilihan_kanan` lists the right-hand choices in alphabetical order.
 */
export type MatchingBody = {
  jenis: 'menjodohkan';
  pasangan: MatchingPair[];
  pengecoh: string[];
  pilihan_kanan?: string[];
};
/** The question text holds the gaps as [[1]], [[2]], …; `rumpang[i]` is gap i + 1. */
export type GapsBody = { jenis: 'isian_rumpang'; rumpang: Gap[] };

export type ExtraQuestionBody = ShortAnswerBody | NumericBody | MultipleAnswersBody | MatchingBody | GapsBody;

export type ExtraAnswerValue =
  | { jenis: 'isian_singkat'; teks: string }
  /** As typed: a number with a comma or a dot as the decimal mark, then optionally a unit. */
  | { jenis: 'numerik'; teks: string }
  | { jenis: 'pilihan_kompleks'; pilihan: number[] }
  /** The right-hand text chosen for each left-hand item, in `pasangan` order. */
  | { jenis: 'menjodohkan'; pasangan: Array<string | null> }
  /** Per gap: the option index of a choice gap, the text of a short-answer gap. */
  | { jenis: 'isian_rumpang'; rumpang: Array<string | number | null> };

export const questionKindMessages = {
  acceptedAnswerRequired: 'Jawaban yang diterima wajib diisi',
  fullMarkAnswerRequired: 'Minimal satu jawaban harus bernilai 100%',
  creditRange: 'Nilai jawaban harus antara 0 dan 100%',
  toleranceNegative: 'Toleransi tidak boleh negatif',
  unitRequired: 'Satuan wajib diisi',
  unitDuplicate: 'Satuan tidak boleh sama',
  unitMultiplier: 'Pengali satuan harus lebih dari 0',
  firstUnitMultiplier: 'Pengali satuan pertama harus 1',
  weightRange: 'Bobot pilihan harus antara -100% dan 100%',
  weightSum: 'Jumlah bobot pilihan yang benar harus 100%',
  pairsTooFew: 'Pasangan minimal 2',
  pairIncomplete: 'Setiap pasangan wajib diisi kiri dan kanan',
  distractorRequired: 'Pengecoh tidak boleh kosong',
  gapsMissing: 'Pertanyaan harus memuat rumpang, misalnya [[1]]',
  gapsMismatch: 'Setiap rumpang [[n]] dalam pertanyaan harus punya satu jawaban, berurutan mulai dari [[1]]',
  gapOptionsTooFew: 'Pilihan rumpang minimal 2 dan tidak boleh kosong',
  gapKeyRequired: 'Kunci rumpang wajib dipilih',
} as const;

export interface KindFieldError {
  field: string;
  message: string;
}

const gapMarkerPattern = /\[\[(\d{1,2})\]\]/g;

/** The gap numbers of a question text, in order of appearance. */
export function gapNumbers(text: string): number[] {
  return [...text.matchAll(gapMarkerPattern)].map((m) => Number(m[1]));
}

function validateAccepted(answers: AcceptedAnswer[], field: string): KindFieldError[] {
  const m = questionKindMessages;
  const errors: KindFieldError[] = [];
  if (answers.length === 0 || answers.some((a) => !a.teks.trim()))
    errors.push({ field, message: m.acceptedAnswerRequired });
  if (answers.some((a) => !(a.nilai >= 0 && a.nilai <= 100))) errors.push({ field, message: m.creditRange });
  else if (answers.length > 0 && !answers.some((a) => a.nilai === 100))
    errors.push({ field, message: m.fullMarkAnswerRequired });
  return errors;
}

/** The form rules of the kinds in this file; `pertanyaan` is the question's rich text. */
export function validateExtraQuestion(
  pertanyaan: string,
  body: ExtraQuestionBody,
  minOptions: number,
): KindFieldError[] {
  const m = questionKindMessages;
  const errors: KindFieldError[] = [];
  switch (body.jenis) {
    case 'isian_singkat':
      return validateAccepted(body.jawaban, 'jawaban');
    case 'numerik': {
      if (body.jawaban.length === 0) errors.push({ field: 'jawaban', message: m.acceptedAnswerRequired });
      if (body.jawaban.some((a) => !Number.isFinite(a.angka)))
        errors.push({ field: 'jawaban', message: m.acceptedAnswerRequired });
      if (body.jawaban.some((a) => !(a.toleransi >= 0)))
        errors.push({ field: 'jawaban', message: m.toleranceNegative });
      if (body.jawaban.some((a) => !(a.nilai >= 0 && a.nilai <= 100)))
        errors.push({ field: 'jawaban', message: m.creditRange });
      else if (body.jawaban.length > 0 && !body.jawaban.some((a) => a.nilai === 100))
        errors.push({ field: 'jawaban', message: m.fullMarkAnswerRequired });
      const units = body.satuan.map((u) => u.satuan.trim());
      if (units.some((u) => !u)) errors.push({ field: 'satuan', message: m.unitRequired });
      if (new Set(units).size !== units.length) errors.push({ field: 'satuan', message: m.unitDuplicate });
      if (body.satuan.some((u) => !(u.pengali > 0)))
        errors.push({ field: 'satuan', message: m.unitMultiplier });
      else if (body.satuan.length > 0 && body.satuan[0]!.pengali !== 1)
        errors.push({ field: 'satuan', message: m.firstUnitMultiplier });
      return errors;
    }
    case 'pilihan_kompleks': {
      if (body.pilihan.some((o) => !o.teks.trim() && !o.gambar))
        errors.push({ field: 'pilihan', message: 'Pilihan jawaban wajib diisi' });
      if (body.pilihan.length < minOptions)
        errors.push({ field: 'pilihan', message: `Pilihan jawaban minimal ${minOptions}` });
      const weights = body.bobot;
      if (!weights || weights.length !== body.pilihan.length || !weights.some((w) => w > 0))
        errors.push({ field: 'bobot', message: 'Kunci jawaban wajib dipilih' });
      else if (weights.some((w) => !(w >= -100 && w <= 100)))
        errors.push({ field: 'bobot', message: m.weightRange });
      else if (Math.abs(weights.filter((w) => w > 0).reduce((s, w) => s + w, 0) - 100) > 0.5)
        errors.push({ field: 'bobot', message: m.weightSum });
      return errors;
    }
    case 'menjodohkan':
      if (body.pasangan.length < 2) errors.push({ field: 'pasangan', message: m.pairsTooFew });
      if (body.pasangan.some((p) => !p.kiri.trim() || !p.kanan.trim()))
        errors.push({ field: 'pasangan', message: m.pairIncomplete });
      if (body.pengecoh.some((d) => !d.trim()))
        errors.push({ field: 'pengecoh', message: m.distractorRequired });
      return errors;
    case 'isian_rumpang': {
      const numbers = gapNumbers(pertanyaan);
      if (numbers.length === 0) return [{ field: 'pertanyaan', message: m.gapsMissing }];
      const expected = body.rumpang.map((_, i) => i + 1);
      if (numbers.length !== expected.length || numbers.some((n, i) => n !== expected[i]))
        errors.push({ field: 'rumpang', message: m.gapsMismatch });
      body.rumpang.forEach((gap, i) => {
        const field = `rumpang.${i}`;
        if (gap.jenis === 'pilihan') {
          if (gap.pilihan.length < 2 || gap.pilihan.some((o) => !o.trim()))
            errors.push({ field, message: m.gapOptionsTooFew });
          if (gap.kunci === null || gap.kunci < 0 || gap.kunci >= gap.pilihan.length)
            errors.push({ field, message: m.gapKeyRequired });
        } else errors.push(...validateAccepted(gap.jawaban, field));
      });
      return errors;
    }
  }
}

/** The right-hand choices of a matching question as students see them: every distinct one, sorted. */
export function matchingChoices(body: MatchingBody): string[] {
  if (body.pilihan_kanan) return body.pilihan_kanan;
  const all = [...body.pasangan.map((p) => p.kanan), ...body.pengecoh].map((t) => t.trim()).filter(Boolean);
  return [...new Set(all)].sort((a, b) => a.localeCompare(b, 'id'));
}

/** The body a student may see: the same questions with every key removed. */
export function withoutExtraKey(body: ExtraQuestionBody): ExtraQuestionBody {
  switch (body.jenis) {
    case 'isian_singkat':
      return { ...body, jawaban: [] };
    case 'numerik':
      return { ...body, jawaban: [] };
    case 'pilihan_kompleks':
      return { ...body, bobot: null };
    case 'menjodohkan':
      return {
        jenis: 'menjodohkan',
        pasangan: body.pasangan.map((p) => ({ kiri: p.kiri, kanan: '' })),
        pengecoh: [],
        pilihan_kanan: matchingChoices(body),
      };
    case 'isian_rumpang':
      return {
        ...body,
        rumpang: body.rumpang.map((g) =>
          g.jenis === 'pilihan' ? { ...g, kunci: null } : { ...g, jawaban: [] },
        ),
      };
  }
}

export function isExtraAnswered(answer: ExtraAnswerValue): boolean {
  switch (answer.jenis) {
    case 'isian_singkat':
    case 'numerik':
      return answer.teks.trim().length > 0;
    case 'pilihan_kompleks':
      return answer.pilihan.length > 0;
    case 'menjodohkan':
      return answer.pasangan.some((v) => v !== null && v !== '');
    case 'isian_rumpang':
      return answer.rumpang.some((v) => v !== null && v !== '');
  }
}

function normalizeText(text: string, caseSensitive: boolean): string {
  const collapsed = text.trim().replace(/\s+/g, ' ');
  return caseSensitive ? collapsed : collapsed.toLocaleLowerCase('id');
}

/** Moodle's short answer match: whole answer, `*` for any run of characters, case by the question's rule. */
export function matchesAcceptedAnswer(response: string, accepted: string, caseSensitive: boolean): boolean {
  const given = normalizeText(response, caseSensitive);
  const pattern = normalizeText(accepted, caseSensitive);
  if (!pattern.includes('*')) return given === pattern;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 'su').test(given);
}

/** The credit of a short answer: the first accepted answer that matches, in the lecturer's order (Moodle's rule). */
export function markAccepted(response: string, answers: AcceptedAnswer[], caseSensitive: boolean): number {
  if (!response.trim()) return 0;
  const hit = answers.find((a) => matchesAcceptedAnswer(response, a.teks, caseSensitive));
  return hit ? hit.nilai : 0;
}

/**
 * A numerical response as typed: "3,14", "3.14", "-2.5e3", optionally followed by a unit. Null when it
 * is not a number. Thousands separators are not read (Indonesian "1.000" would be ambiguous).
 */
export function parseNumericResponse(text: string): { value: number; unit: string } | null {
  const match = /^\s*([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?)\s*((?:[^\d.,+\-\s].*?)?)\s*$/u.exec(
    text,
  );
  if (!match) return null;
  const value = Number(match[1]!.replace(',', '.'));
  return Number.isFinite(value) ? { value, unit: match[2]! } : null;
}

/**
 * The credit of a numerical response: its value in the first unit (typed value ÷ the unit's multiplier;
 * no unit means the first) against each answer in order, the first within its tolerance counts. A unit
 * the question does not list earns nothing.
 */
export function markNumeric(response: string, body: NumericBody): number {
  const parsed = parseNumericResponse(response);
  if (!parsed) return 0;
  let value = parsed.value;
  if (parsed.unit) {
    const unit = body.satuan.find((u) => u.satuan.trim() === parsed.unit);
    if (!unit) return 0;
    value = parsed.value / unit.pengali;
  }
  // A relative epsilon keeps 0.1 + 0.2 within a tolerance of 0.3 ± 0.
  const hit = body.jawaban.find(
    (a) => Math.abs(value - a.angka) <= a.toleransi + 1e-9 * Math.max(1, Math.abs(a.angka)),
  );
  return hit ? hit.nilai : 0;
}

/** Moodle's multiple answers: the weights of the options picked, added, between 0 and 100. */
export function markMultipleAnswers(picked: number[], weights: number[] | null): number {
  if (!weights) return 0;
  const total = [...new Set(picked)].reduce((sum, i) => sum + (weights[i] ?? 0), 0);
  return Math.min(100, Math.max(0, total));
}

/** Matching: each pair an equal share. */
export function markMatching(chosen: Array<string | null>, pairs: MatchingPair[]): number {
  if (pairs.length === 0) return 0;
  const right = pairs.filter((p, i) => chosen[i] != null && chosen[i]!.trim() === p.kanan.trim()).length;
  return (100 * right) / pairs.length;
}

/** Fill in the blanks: each gap an equal share; a choice gap by its key, a short-answer gap by its answers. */
export function markGaps(responses: Array<string | number | null>, gaps: Gap[]): number {
  if (gaps.length === 0) return 0;
  const total = gaps.reduce((sum, gap, i) => {
    const response = responses[i];
    if (gap.jenis === 'pilihan') return sum + (response === gap.kunci && gap.kunci !== null ? 100 : 0);
    return (
      sum + (typeof response === 'string' ? markAccepted(response, gap.jawaban, gap.peka_huruf_besar) : 0)
    );
  }, 0);
  return total / gaps.length;
}

/** The automatic mark (0–100, whole) of an answer to a question of these kinds. */
export function autoMarkExtra(body: ExtraQuestionBody, answer: ExtraAnswerValue | null | undefined): number {
  if (!answer || answer.jenis !== body.jenis) return 0;
  let credit = 0;
  if (body.jenis === 'isian_singkat' && answer.jenis === 'isian_singkat')
    credit = markAccepted(answer.teks, body.jawaban, body.peka_huruf_besar);
  else if (body.jenis === 'numerik' && answer.jenis === 'numerik') credit = markNumeric(answer.teks, body);
  else if (body.jenis === 'pilihan_kompleks' && answer.jenis === 'pilihan_kompleks')
    credit = markMultipleAnswers(answer.pilihan, body.bobot);
  else if (body.jenis === 'menjodohkan' && answer.jenis === 'menjodohkan')
    credit = markMatching(answer.pasangan, body.pasangan);
  else if (body.jenis === 'isian_rumpang' && answer.jenis === 'isian_rumpang')
    credit = markGaps(answer.rumpang, body.rumpang);
  return Math.round(Math.min(100, Math.max(0, credit)));
}

/**
 * Weights for a multiple-answers question from the options ticked right (the editor's simple mode):
 * each right option 100/k, each wrong one −100/(n−k), so ticking everything earns nothing.
 */
export function weightsFromKeys(optionCount: number, right: number[]): number[] {
  const k = right.length;
  const wrong = optionCount - k;
  const round = (v: number) => Math.round(v * 100000) / 100000;
  return Array.from({ length: optionCount }, (_, i) =>
    right.includes(i) ? round(100 / Math.max(1, k)) : wrong > 0 ? round(-100 / wrong) : 0,
  );
}
