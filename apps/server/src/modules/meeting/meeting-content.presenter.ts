/** The columns a content row (task, forum, vidcon) names its class, course and meeting by. */
export interface ContentPlaceRow {
  kelasId: string;
  pertemuanId: string;
  nomor: number;
  kelasNama: string;
  kodeMataKuliah: string;
  namaMataKuliah: string;
}

/** Where a content item sits, as the API shows it: its class with the course, and its meeting. */
export function presentContentPlace(row: ContentPlaceRow) {
  return {
    id_kelas_kuliah: row.kelasId,
    id_pertemuan: row.pertemuanId,
    pertemuan: { nomor: row.nomor },
    kelas_kuliah: {
      id: row.kelasId,
      nama: row.kelasNama,
      mata_kuliah: { kode: row.kodeMataKuliah, nama: row.namaMataKuliah },
    },
  };
}
