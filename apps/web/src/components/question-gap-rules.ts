import type { AcceptedAnswer, Gap } from '@lms/contract/question-kinds.rules';

/** The same markers as the contract's `gapNumbers` reads: [[1]] … [[99]]. */
const gapMarkerPattern = /\[\[(\d{1,2})\]\]/g;

/** The schema's bound on gaps (exam.schema `rumpang`). */
export const maxGaps = 30;

export const blankAccepted = (): AcceptedAnswer => ({ teks: '', nilai: 100 });

/** A new gap is a short answer: the common case, and one click turns it into a choice. */
export const blankGap = (): Gap => ({ jenis: 'isian', jawaban: [blankAccepted()], peka_huruf_besar: false });

/**
 * Numbers the markers 1, 2, … in the order they appear and puts each gap with its marker: the gap of old
 * number n follows the marker that was [[n]]; a marker without a gap gets a blank one (a second copy of
 * a marker, a copy of its gap) and a gap whose marker is gone is dropped.
 */
export function alignGaps(text: string, gaps: Gap[]): { text: string; gaps: Gap[] } {
  const next: Gap[] = [];
  const used = new Set<number>();
  const aligned = text.replace(gapMarkerPattern, (_marker, digits: string) => {
    const old = Number(digits);
    const gap = gaps[old - 1];
    next.push(gap ? (used.has(old) ? structuredClone(gap) : gap) : blankGap());
    used.add(old);
    return `[[${next.length}]]`;
  });
  return { text: aligned, gaps: next };
}

/** Markers typed by hand past the last gap get blank gaps, so every marker has an editor at once. */
export function gapsForMarkers(numbers: number[], gaps: Gap[]): Gap[] {
  const highest = Math.min(maxGaps, Math.max(0, ...numbers));
  if (highest <= gaps.length) return gaps;
  return [...gaps, ...Array.from({ length: highest - gaps.length }, blankGap)];
}

/** The text without marker [[n]] (every copy), the other gaps renumbered and kept with their markers. */
export function removeGap(text: string, gaps: Gap[], index: number): { text: string; gaps: Gap[] } {
  const marker = `[[${index + 1}]]`;
  return alignGaps(text.split(marker).join(''), gaps);
}

/** Whether the markers read 1, 2, … with one gap each, as the contract's rule wants. */
export function gapsInStep(numbers: number[], gaps: Gap[]): boolean {
  return numbers.length === gaps.length && numbers.every((n, i) => n === i + 1);
}
