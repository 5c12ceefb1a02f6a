import type { SemesterImportEntity } from '@lms/contract/semester-import.schema';

/**
 * The workbook's sheets: name, columns (in order) and a line of help each. The template is written from
 * these and the parser reads by them, so the two cannot drift. A sheet is found by its name, or else by
 * its first two headers (a renamed sheet still loads).
 */
export interface SheetColumn {
  header: string;
  required: boolean;
  width: number;
  /** Kept as text in the template, so Excel does not turn "0012" into 12. */
  text?: true;
}

export interface SheetDefinition {
  entity: SemesterImportEntity;
  name: string;
  help: string;
  columns: SheetColumn[];
}

const col = (header: string, width: number, required = true, text?: true): SheetColumn => ({
  header,
  required,
  width,
  ...(text ? { text } : {}),
});

export const semesterSheets: SheetDefinition[] = [
  {
    entity: 'periode',
    name: 'Periode',
    help: 'Kode periode = tahun mulai × 10 + semester (20261 = 2026/2027 Ganjil). Tanggal ditulis YYYY-MM-DD.',
    columns: [
      col('Kode Periode', 14),
      col('Label', 22),
      col('Tanggal Mulai', 14, true, true),
      col('Tanggal Selesai', 14, true, true),
    ],
  },
  {
    entity: 'prodi',
    name: 'Program Studi',
    help: 'ID Prodi sama dengan id di SIAKAD. Jenjang: S1, D3, S2, dst.',
    columns: [
      col('ID Prodi', 14, true, true),
      col('Kode', 10, true, true),
      col('Nama', 32),
      col('Jenjang', 10),
    ],
  },
  {
    entity: 'mata_kuliah',
    name: 'Mata Kuliah',
    help: 'ID Mata Kuliah dari SIAKAD, tanpa garis bawah. SKS 0–24; Semester 1–14 boleh kosong.',
    columns: [
      col('ID Mata Kuliah', 16, true, true),
      col('Kode', 12, true, true),
      col('Nama', 36),
      col('SKS', 6),
      col('Semester', 10, false),
      col('ID Prodi', 14, true, true),
    ],
  },
  {
    entity: 'dosen',
    name: 'Dosen',
    help: 'NIDN menjadi username dosen. Dosen baru belum memiliki kata sandi: masuk lewat SSO kampus atau Lupa Kata Sandi.',
    columns: [
      col('NIDN', 16, true, true),
      col('Nama', 32),
      col('Email', 28, false),
      col('ID Prodi', 14, false, true),
    ],
  },
  {
    entity: 'mahasiswa',
    name: 'Mahasiswa',
    help: 'NIM menjadi username mahasiswa. Mahasiswa baru belum memiliki kata sandi.',
    columns: [
      col('NIM', 16, true, true),
      col('Nama', 32),
      col('Email', 28, false),
      col('ID Prodi', 14, true, true),
      col('Angkatan', 10),
    ],
  },
  {
    entity: 'kelas',
    name: 'Kelas',
    help: 'ID Kelas = {periode}_{nama kelas}_{ID mata kuliah}, mis. 20261_01_IF2101. Mode: online, offline, campuran. Hari: Senin–Minggu; jam HH:MM. Ruangan ditulis dengan namanya (dibuat bila belum ada).',
    columns: [
      col('ID Kelas', 24, true, true),
      col('Periode', 10),
      col('ID Mata Kuliah', 16, true, true),
      col('Nama Kelas', 12, true, true),
      col('Kapasitas', 10),
      col('Mode', 10),
      col('Hari', 10, false),
      col('Jam Mulai', 10, false, true),
      col('Jam Selesai', 10, false, true),
      col('Ruangan', 16, false, true),
    ],
  },
  {
    entity: 'pengajar',
    name: 'Pengajar',
    help: 'Satu baris per dosen per kelas. Peran: koordinator, dosen, asisten. Utama: Ya untuk satu dosen per kelas (kosong: dosen pertama). Pengajar kelas di file yang tidak tercantum akan dilepas.',
    columns: [
      col('ID Kelas', 24, true, true),
      col('NIDN', 16, true, true),
      col('Peran', 12, false),
      col('Utama', 8, false),
    ],
  },
  {
    entity: 'peserta',
    name: 'Peserta',
    help: 'Satu baris per mahasiswa per kelas. Peserta kelas di file yang tidak tercantum akan dikeluarkan dari kelas; tugas dan nilainya tetap tersimpan.',
    columns: [col('ID Kelas', 24, true, true), col('NIM', 16, true, true)],
  },
];
