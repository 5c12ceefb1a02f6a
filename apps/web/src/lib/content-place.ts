/** What a meeting's content item (task, exam, forum, vidcon) says of the class and meeting it belongs to. */
export interface ContentPlace {
  kelas_kuliah: { nama: string; mata_kuliah: { kode: string; nama: string } };
  pertemuan: { nomor: number };
}

/** Where an item sits, for lists and pages beyond its meeting: 'IF101 Algoritma · Kelas A · Pertemuan 3'. */
export function formatContentPlace({ kelas_kuliah: kelas, pertemuan }: ContentPlace): string {
  return `${kelas.mata_kuliah.kode} ${kelas.mata_kuliah.nama} · Kelas ${kelas.nama} · Pertemuan ${pertemuan.nomor}`;
}
