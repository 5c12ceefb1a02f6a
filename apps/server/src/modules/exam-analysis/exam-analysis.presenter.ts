import type { QuestionBody } from '@lms/contract/exam.rules';
import type { ItemFigures } from '@lms/contract/item-analysis.schema';
import { flagItem, itemOptions } from '@lms/contract/item-analysis.rules';
import type { ItemFigureRow } from './exam-analysis.repository.ts';

const round = (value: number | string | null, places = 3): number | null => {
  if (value === null) return null;
  const n = Number(value);
  if (!Number.isFinite(n)) return null;
  const f = 10 ** places;
  return Math.round(n * f) / f;
};

/** A question's figures with its option spread and flags (no attempt got it: zeros and nulls). */
export function presentItemFigures(body: QuestionBody, row: ItemFigureRow | undefined): ItemFigures {
  const picks = new Map(
    (row?.sebaran ?? []).map(([opsi, jumlah, atas, bawah]) => [opsi, { jumlah, atas, bawah }]),
  );
  const sebaran = (itemOptions(body) ?? []).map((o, i) => ({
    ...o,
    jumlah: picks.get(i)?.jumlah ?? 0,
    jumlah_atas: picks.get(i)?.atas ?? 0,
    jumlah_bawah: picks.get(i)?.bawah ?? 0,
  }));
  const mean = round(row?.rata_rata ?? null, 2);
  const figures = {
    jumlah_peserta: Number(row?.jumlah_peserta ?? 0),
    jumlah_dinilai: Number(row?.jumlah_dinilai ?? 0),
    rata_rata_nilai: mean,
    tingkat_kemudahan: mean === null ? null : round(Number(row!.rata_rata) / 100),
    proporsi_benar: round(row?.proporsi_benar ?? null),
    daya_beda: round(row?.daya_beda ?? null),
    daya_beda_kelompok: round(row?.daya_beda_kelompok ?? null),
    sebaran,
  };
  return {
    ...figures,
    tanda: flagItem({
      attempts: figures.jumlah_dinilai,
      facility: figures.tingkat_kemudahan,
      discrimination: figures.daya_beda,
      upperGroup: Number(row?.ukuran_atas ?? 0),
      options: sebaran,
    }),
  };
}
