import type { QuestionBody } from './exam.rules.ts';

/*
 * Item analysis (issue 43 §3): after an exam, which questions worked. The figures are computed in the
 * database; the flags and their thresholds are pure rules here so the server, the web page and the
 * export say the same.
 *
 * - Facility (tingkat kemudahan): the mean mark / 100 (0 = nobody earned anything, 1 = everyone full).
 * - Discrimination (daya beda), the main figure: the correlation of the question's mark with the mean
 *   mark of the attempt's other questions (item–rest correlation; the point-biserial for right/wrong
 *   questions). The rest score leaves the question out, so a question does not correlate with itself.
 * - Upper–lower index: the mean mark of the top 27 % of attempts by score minus the bottom 27 %, / 100;
 *   shown beside it, and its upper group is what the wrong-key check reads.
 */

export const itemFlags = [
  'kunci_mungkin_salah',
  'terlalu_sulit',
  'terlalu_mudah',
  'daya_beda_rendah',
] as const;
export type ItemFlag = (typeof itemFlags)[number];

export const itemFlagLabels: Record<ItemFlag, string> = {
  kunci_mungkin_salah: 'Kunci mungkin salah',
  terlalu_sulit: 'Terlalu sulit',
  terlalu_mudah: 'Terlalu mudah',
  daya_beda_rendah: 'Daya beda rendah',
};

/** Why a flag is shown (a tooltip on the page, a column of the export). */
export const itemFlagHints: Record<ItemFlag, string> = {
  kunci_mungkin_salah:
    'Mahasiswa berskor tinggi kebanyakan memilih satu opsi yang salah, atau daya beda negatif. Periksa kunci jawaban.',
  terlalu_sulit: 'Rata-rata nilai di bawah 20 % dari nilai penuh.',
  terlalu_mudah: 'Rata-rata nilai di atas 90 % dari nilai penuh.',
  daya_beda_rendah: 'Daya beda di bawah 0,20: soal kurang membedakan mahasiswa yang menguasai materi.',
};

export const itemAnalysisLimits = {
  /** Fewer finished attempts that got the question than this: figures are shown, no flags (noise). */
  minAttemptsForFlags: 5,
  /** Share of attempts in each of the upper and lower groups. */
  groupShare: 0.27,
  hardBelow: 0.2,
  easyAbove: 0.9,
  lowDiscriminationBelow: 0.2,
  /** A wrong option picked by more than this share of the upper group suggests a wrong key. */
  wrongOptionShare: 0.5,
} as const;

/** The size of the upper (and of the lower) group of `attempts` attempts. */
export function groupSize(attempts: number): number {
  return attempts > 0 ? Math.ceil(itemAnalysisLimits.groupShare * attempts) : 0;
}

export interface ItemFlagInput {
  /** Finished attempts that got the question (and have a mark). */
  attempts: number;
  /** 0–1, null when nothing is marked. */
  facility: number | null;
  /** −1…1, null when the marks or rest scores do not vary. */
  discrimination: number | null;
  /** Size of the upper group. */
  upperGroup: number;
  /** Choice kinds: per option whether it is (part of) the key and how many of the upper group picked it. */
  options: Array<{ kunci: boolean; jumlah_atas: number }>;
}

/** The flags of a question's figures, in the order of `itemFlags`. */
export function flagItem(input: ItemFlagInput): ItemFlag[] {
  const l = itemAnalysisLimits;
  if (input.attempts < l.minAttemptsForFlags) return [];
  const flags: ItemFlag[] = [];
  const strongPickWrong =
    input.upperGroup > 0 &&
    input.options.some((o) => !o.kunci && o.jumlah_atas / input.upperGroup > l.wrongOptionShare);
  const negative = input.discrimination !== null && input.discrimination < 0;
  if (strongPickWrong || negative) flags.push('kunci_mungkin_salah');
  if (input.facility !== null && input.facility < l.hardBelow) flags.push('terlalu_sulit');
  if (input.facility !== null && input.facility > l.easyAbove) flags.push('terlalu_mudah');
  // A negative figure already says more than "low".
  if (!negative && input.discrimination !== null && input.discrimination < l.lowDiscriminationBelow)
    flags.push('daya_beda_rendah');
  return flags;
}

export interface ItemOption {
  /** A, B, C… for choices; the question's own labels for true/false. */
  label: string;
  teks: string;
  kunci: boolean;
}

/** The options whose spread is counted (choices, true/false, multiple answers); null for other kinds. */
export function itemOptions(body: QuestionBody): ItemOption[] | null {
  if (body.jenis === 'pilihan')
    return body.pilihan.map((o, i) => ({ label: optionLetter(i), teks: o.teks, kunci: body.kunci === i }));
  if (body.jenis === 'pilihan_kompleks')
    return body.pilihan.map((o, i) => ({
      label: optionLetter(i),
      teks: o.teks,
      kunci: (body.bobot?.[i] ?? 0) > 0,
    }));
  if (body.jenis === 'benar_salah')
    return [
      { label: body.label.benar || 'Benar', teks: 'Benar', kunci: body.kunci === true },
      { label: body.label.salah || 'Salah', teks: 'Salah', kunci: body.kunci === false },
    ];
  return null;
}

/** A, B, …, Z, AA, AB… */
export function optionLetter(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** A question's rich text as one short line (the analysis table and the export). */
export function questionSummary(html: string, max = 160): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    // A fill-in-the-blanks gap reads as a blank, as students see it.
    .replace(/\[\[\d{1,2}\]\]/g, '___')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => entities[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A 0–1 figure as the page and the export show it: two decimals with a comma ("0,45"); "–" when null. */
export function formatFigure(value: number | null): string {
  return value === null ? '–' : value.toFixed(2).replace('.', ',');
}

export const itemAnalysisMessages = {
  title: 'Analisis Soal',
  noAttempts: 'Belum ada pengerjaan yang selesai.',
  exportExcel: 'Ekspor Excel',
  facility: 'Tingkat Kemudahan',
  discrimination: 'Daya Beda',
  discriminationGroups: 'Daya Beda (27 %)',
  fullMarks: 'Benar Penuh',
  attempts: 'Peserta',
  spread: 'Sebaran Jawaban',
  history: 'Riwayat Analisis',
  noHistory: 'Soal ini belum pernah dipakai di ujian yang sudah dikerjakan.',
} as const;
