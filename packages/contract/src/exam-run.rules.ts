/** What the frozen countdown needs of a pause status (zod-free: the exam page loads this file). */
export interface PauseClock {
  dijeda: boolean;
  dijeda_pada: string | null;
  penyangga_detik: number;
}

/**
 * The time a student has left while the exam is paused (frozen), from the attempt's deadline and the
 * pause status; null when not paused. While paused every open deadline is held `penyangga_detik` ahead.
 */
export function frozenSecondsLeft(batasWaktu: string, pause: PauseClock): number | null {
  if (!pause.dijeda || !pause.dijeda_pada) return null;
  const left = Date.parse(batasWaktu) - pause.penyangga_detik * 1000 - Date.parse(pause.dijeda_pada);
  return Math.max(0, Math.ceil(left / 1000));
}
