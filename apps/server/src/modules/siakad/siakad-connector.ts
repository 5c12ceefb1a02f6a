import { semesterImportEntities } from '@lms/contract/semester-import.schema';
/** A grade component of a class in SIAKAD, with its weight in percent. */
export interface SiakadComponent {
  id: string;
  jenis: string;
  label: string;
  bobot: number;
}

/** A student's value of one component as SIAKAD holds it, and who changed it last. */
export interface SiakadValue {
  komponenId: string;
  nim: string;
  nilai: number;
  /** Changed in SIAKAD itself rather than sent by the LMS (update_by_sikad). */
  updatedBySiakad: boolean;
  updatedBy: string;
  updatedAt: Date;
}

/** What SIAKAD holds about one class's grades. */
export interface SiakadClass {
  komponen: SiakadComponent[];
  windowStart: Date | null;
  windowEnd: Date | null;
  locked: boolean;
  values: SiakadValue[];
}

/** One value to write. */
export interface SiakadValueWrite {
  komponenId: string;
  nim: string;
  nilai: number;
}

/** SIAKAD's answer for one written value. */
export interface SiakadWriteResult {
  komponenId: string;
  nim: string;
  ok: boolean;
  message: string;
}

/** The parts of a period's semester data SIAKAD serves: the semester load's entities, in its reading order. */
export const siakadSemesterParts = semesterImportEntities;
export type SiakadSemesterPart = (typeof siakadSemesterParts)[number];

/**
 * The fields of a row of each part, in the order of the "Muat Semester" workbook's columns (the load
 * checks SIAKAD's rows with the same rules as a workbook's). `hari` is a day name (Senin–Minggu),
 * `jam_*` HH:MM, `utama` a boolean; a missing field is empty.
 */
export const siakadSemesterFields = {
  periode: ['kode', 'label', 'tanggal_mulai', 'tanggal_selesai'],
  prodi: ['id_prodi', 'kode', 'nama', 'jenjang'],
  mata_kuliah: ['id_mata_kuliah', 'kode', 'nama', 'sks', 'semester', 'id_prodi'],
  dosen: ['nidn', 'nama', 'email', 'id_prodi'],
  mahasiswa: ['nim', 'nama', 'email', 'id_prodi', 'angkatan'],
  kelas: [
    'id_kelas',
    'periode',
    'id_mata_kuliah',
    'nama',
    'kapasitas',
    'mode',
    'hari',
    'jam_mulai',
    'jam_selesai',
    'ruangan',
  ],
  pengajar: ['id_kelas', 'nidn', 'peran', 'utama'],
  peserta: ['id_kelas', 'nim'],
} as const satisfies Record<SiakadSemesterPart, readonly string[]>;

export type SiakadSemesterRow = Record<string, string | number | boolean | null>;

/** Rows of one page of a part; SIAKAD names the next page, or null after the last. */
export interface SiakadSemesterPage {
  rows: SiakadSemesterRow[];
  nextPage: number | null;
}

/** Rows per page SIAKAD serves (a page of 5,000 rows is far below the answer's 5 MB limit). */
export const siakadSemesterPageSize = 5000;

/**
 * The seam to the academic system (docs/api/grades-and-siakad.md): read a class's components, entry
 * window, lock and values; write students' component values. Two implementations: the HTTP client of a
 * real SIAKAD and the demo SIAKAD in our own database, chosen per college.
 */
export interface SiakadConnector {
  readonly kind: 'demo' | 'http';
  readClass(kelasId: string): Promise<SiakadClass>;
  /** Writes values as `by` (the LMS user's name); answers per value. */
  writeValues(kelasId: string, values: SiakadValueWrite[], by: string): Promise<SiakadWriteResult[]>;
  /** One page (from 1) of a part of the period's semester data. */
  readSemesterPage(periode: number, part: SiakadSemesterPart, page: number): Promise<SiakadSemesterPage>;
}

/**
 * SIAKAD could not be reached (timeout, network) or refused the request. Transient failures (timeouts,
 * network errors, 5xx, 429) may be retried; a refusal may not.
 */
export class SiakadError extends Error {
  constructor(
    message: string,
    readonly transient: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'SiakadError';
  }
}
