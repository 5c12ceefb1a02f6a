import type { AttemptRow } from '../exam/exam.api.ts';

/** A row of the lecturer's attempts list. */
export function presentAttemptRow(attempt: AttemptRow) {
  return {
    id: attempt.id,
    mahasiswa: { id: attempt.mahasiswaId, nama: attempt.nama, nim: attempt.nim },
    status: attempt.status,
    waktu_mulai: attempt.startedAt.toISOString(),
    waktu_selesai: attempt.submittedAt?.toISOString() ?? null,
    jumlah_soal: attempt.jumlahSoal,
    jumlah_soal_dijawab: attempt.answered,
    nilai_akhir: attempt.nilaiAkhir,
    sudah_dinilai: attempt.sudahDinilai,
  };
}
