import {
  lectureModeValues,
  teacherRoleValues,
  type LectureMode,
  type TeacherRole,
} from '@lms/contract/class.rules';
import {
  semesterImportLimits,
  semesterImportMessages,
  type SemesterImportEntity,
  type SemesterImportProblem,
} from '@lms/contract/semester-import.schema';
import { checkOfficeZip } from '../../platform/office-zip-check.ts';
import { semesterSheets, type SheetDefinition } from './semester-sheets.ts';
import { readXlsxRows } from './xlsx-rows.reader.ts';

/*
 * Reads a "Muat Semester" workbook into rows keyed by SIAKAD ids. The zip is checked first (unpacked
 * bytes, entries, rows per sheet), then its rows are read as text. Shape problems (missing, malformed, duplicate)
 * are listed by sheet, row and column; references between sheets and to stored rows are checked by the
 * preview, which knows the database. Rows are streamed from the zip (xlsx-rows.reader.ts) in a worker
 * thread, so a semester of 160,000 rows fits the worker's heap.
 */

export interface PeriodRow {
  baris: number;
  kode: number;
  label: string;
  tanggalMulai: string;
  tanggalSelesai: string;
}
export interface ProdiRow {
  baris: number;
  id: string;
  kode: string;
  nama: string;
  jenjang: string;
}
export interface CourseRow {
  baris: number;
  id: string;
  kode: string;
  nama: string;
  sks: number;
  semester: number | null;
  prodiId: string;
}
export interface LecturerRow {
  baris: number;
  nidn: string;
  nama: string;
  email: string | null;
  prodiId: string | null;
}
export interface StudentRow {
  baris: number;
  nim: string;
  nama: string;
  email: string | null;
  prodiId: string;
  angkatan: number;
}
export interface ClassSchedule {
  hari: number;
  jamMulai: string;
  jamSelesai: string;
  ruangan: string | null;
}
export interface ClassRow {
  baris: number;
  id: string;
  periode: number;
  mataKuliahId: string;
  nama: string;
  kapasitas: number;
  mode: LectureMode;
  jadwal: ClassSchedule | null;
}
export interface TeacherRow {
  baris: number;
  kelasId: string;
  nidn: string;
  peran: TeacherRole;
  utama: boolean;
}
export interface EnrolmentRow {
  baris: number;
  kelasId: string;
  nim: string;
}

export interface SemesterRows {
  periode: PeriodRow[];
  prodi: ProdiRow[];
  mata_kuliah: CourseRow[];
  dosen: LecturerRow[];
  mahasiswa: StudentRow[];
  kelas: ClassRow[];
  pengajar: TeacherRow[];
  peserta: EnrolmentRow[];
}

export type ParsedSemester =
  | { ok: true; rows: SemesterRows; problems: SemesterImportProblem[]; problemCount: number }
  | { ok: false; pesan: string };

/** One sheet's data rows: `cells[i]` is the i-th column of the definition; `baris` as Excel numbers it. */
interface SheetTable {
  rows: { baris: number; cells: string[] }[];
}

export const dayNames: Record<string, number> = {
  minggu: 0,
  senin: 1,
  selasa: 2,
  rabu: 3,
  kamis: 4,
  jumat: 5,
  "jum'at": 5,
  sabtu: 6,
};

/** Collects problems; keeps the first `listed`, counts all. */
export class ProblemList {
  readonly items: SemesterImportProblem[] = [];
  count = 0;
  constructor(private readonly listed: number) {}
  add(lembar: string, baris: number, kolom: string, pesan: string): void {
    this.count += 1;
    if (this.items.length < this.listed) this.items.push({ lembar, baris, kolom, pesan });
  }
}

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const timePattern = /^([01]?\d|2[0-3])[.:]([0-5]\d)(?::[0-5]\d)?$/;

/** An Excel date serial (days since 1899-12-30) as YYYY-MM-DD; other text unchanged. */
export function readDate(text: string): string {
  if (!/^\d{5}(\.\d+)?$/.test(text)) return text;
  return new Date(Date.UTC(1899, 11, 30) + Math.floor(Number(text)) * 86_400_000).toISOString().slice(0, 10);
}

function validDate(text: string): boolean {
  const m = datePattern.exec(text);
  if (!m) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** HH:MM:SS from `7:30`, `07.30` or `07:30:00`, else null. */
export function readTime(text: string): string | null {
  // A time typed into a time-formatted cell is stored as a fraction of a day.
  if (/^0?\.\d+$/.test(text)) {
    const minutes = Math.round(Number(text) * 24 * 60);
    if (minutes >= 24 * 60) return null;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
  }
  const m = timePattern.exec(text);
  return m ? `${m[1]!.padStart(2, '0')}:${m[2]}:00` : null;
}

export function emptySemesterRows(): SemesterRows {
  return {
    periode: [],
    prodi: [],
    mata_kuliah: [],
    dosen: [],
    mahasiswa: [],
    kelas: [],
    pengajar: [],
    peserta: [],
  };
}

/**
 * One sheet's cells into `into`, problems into `problems` (the cells may be dropped after). A row with a
 * problem is left out; a load with any problem is refused as a whole (the preview lists them all).
 */
function readSheetRows(
  sheet: SheetDefinition,
  table: SheetTable,
  into: SemesterRows,
  problems: ProblemList,
): void {
  const seen = new Map<string, number>();
  for (const { baris, cells } of table.rows) {
    const reader = new RowReader(sheet, baris, cells, problems);
    const row = readRow(sheet.entity, reader);
    if (!row || reader.failed) continue;
    const key = rowKey(sheet.entity, row);
    const first = seen.get(key);
    if (first !== undefined) {
      reader.problem(0, `Duplikat dari baris ${first}.`);
      continue;
    }
    seen.set(key, baris);
    (into[sheet.entity] as unknown[]).push(row);
  }
}

/** One part's rows as cells in its sheet's column order (SIAKAD's rows are read this way). */
export function readSemesterSheet(
  entity: SemesterImportEntity,
  rows: { baris: number; cells: string[] }[],
  into: SemesterRows,
  problems: ProblemList,
): void {
  readSheetRows(
    semesterSheets.find((s) => s.entity === entity)!,
    { rows },
    into,
    problems,
  );
}

/** One main teacher per class: the one marked, else the first listed. */
export function settleMainTeachers(rows: SemesterRows, problems: ProblemList): void {
  const byClass = new Map<string, TeacherRow[]>();
  for (const t of rows.pengajar) byClass.set(t.kelasId, [...(byClass.get(t.kelasId) ?? []), t]);
  for (const [, teachers] of byClass) {
    const marked = teachers.filter((t) => t.utama);
    for (const extra of marked.slice(1))
      problems.add('Pengajar', extra.baris, 'Utama', 'Hanya satu pengajar utama per kelas.');
    if (marked.length === 0) teachers[0]!.utama = true;
  }
}

function rowKey(entity: SemesterImportEntity, row: object): string {
  const r = row as Record<string, unknown>;
  switch (entity) {
    case 'periode':
      return String(r.kode);
    case 'dosen':
      return String(r.nidn);
    case 'mahasiswa':
      return String(r.nim);
    case 'pengajar':
      return `${String(r.kelasId)}\u0000${String(r.nidn)}`;
    case 'peserta':
      return `${String(r.kelasId)}\u0000${String(r.nim)}`;
    default:
      return String(r.id);
  }
}

/** Reads one row's cells by column, recording a problem per bad cell. */
class RowReader {
  failed = false;
  constructor(
    private readonly sheet: SheetDefinition,
    readonly baris: number,
    private readonly cells: string[],
    private readonly problems: ProblemList,
  ) {}

  problem(column: number, pesan: string): void {
    this.failed = true;
    this.problems.add(this.sheet.name, this.baris, this.sheet.columns[column]!.header, pesan);
  }

  text(column: number, max = 200): string {
    const value = (this.cells[column] ?? '').replace(/\s+/g, ' ').trim();
    const def = this.sheet.columns[column]!;
    if (!value && def.required) this.problem(column, 'Wajib diisi.');
    else if (value.length > max) this.problem(column, `Maksimal ${max} karakter.`);
    return value;
  }

  optional(column: number, max = 200): string | null {
    return this.text(column, max) || null;
  }

  id(column: number, max = 60): string {
    const value = this.text(column, max);
    if (value && !/^[\w.\-/]+$/.test(value))
      this.problem(column, 'Hanya huruf, angka, titik, garis miring, - dan _.');
    return value;
  }

  int(column: number, min: number, max: number): number {
    const raw = this.text(column);
    if (!raw) return 0;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max)
      this.problem(column, `Harus bilangan bulat ${min}–${max}.`);
    return value;
  }

  email(column: number): string | null {
    const value = this.optional(column, 200);
    if (value && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) this.problem(column, 'Alamat email tidak valid.');
    return value;
  }
}

function readRow(entity: SemesterImportEntity, r: RowReader): object | null {
  switch (entity) {
    case 'periode': {
      const kode = r.int(0, 19000, 30009);
      const label = r.text(1, 60);
      const tanggalMulai = readDate(r.text(2));
      const tanggalSelesai = readDate(r.text(3));
      if (tanggalMulai && !validDate(tanggalMulai)) r.problem(2, 'Tanggal harus YYYY-MM-DD.');
      if (tanggalSelesai && !validDate(tanggalSelesai)) r.problem(3, 'Tanggal harus YYYY-MM-DD.');
      else if (!r.failed && tanggalSelesai < tanggalMulai)
        r.problem(3, 'Tanggal selesai tidak boleh sebelum tanggal mulai.');
      if (kode && ![1, 2, 3].includes(kode % 10))
        r.problem(0, 'Digit terakhir kode periode harus 1, 2 atau 3.');
      return { baris: r.baris, kode, label, tanggalMulai, tanggalSelesai } satisfies PeriodRow;
    }
    case 'prodi':
      return {
        baris: r.baris,
        id: r.id(0),
        kode: r.text(1, 30),
        nama: r.text(2),
        jenjang: r.text(3, 10),
      } satisfies ProdiRow;
    case 'mata_kuliah': {
      const id = r.id(0);
      if (id.includes('_')) r.problem(0, 'ID mata kuliah tidak boleh memuat garis bawah (_).');
      const semester = r.optional(4) === null ? null : r.int(4, 1, 14);
      return {
        baris: r.baris,
        id,
        kode: r.text(1, 30),
        nama: r.text(2),
        sks: r.int(3, 0, 24),
        semester,
        prodiId: r.id(5),
      } satisfies CourseRow;
    }
    case 'dosen':
      return {
        baris: r.baris,
        nidn: r.id(0, 30),
        nama: r.text(1),
        email: r.email(2),
        prodiId: r.optional(3, 60),
      } satisfies LecturerRow;
    case 'mahasiswa':
      return {
        baris: r.baris,
        nim: r.id(0, 30),
        nama: r.text(1),
        email: r.email(2),
        prodiId: r.id(3),
        angkatan: r.int(4, 1950, 2100),
      } satisfies StudentRow;
    case 'kelas': {
      const id = r.id(0, 80);
      const periode = r.int(1, 19000, 30009);
      const mataKuliahId = r.id(2);
      const nama = r.text(3, 20);
      if (nama.includes('_')) r.problem(3, 'Nama kelas tidak boleh memuat garis bawah (_).');
      if (id && mataKuliahId && nama && id !== `${periode}_${nama}_${mataKuliahId}`)
        r.problem(0, `ID kelas harus ${periode}_${nama}_${mataKuliahId}.`);
      const kapasitas = r.int(4, 0, 10000);
      const modeText = r.text(5).toLowerCase();
      const mode = lectureModeValues.find((m) => m === modeText);
      if (modeText && !mode) r.problem(5, 'Mode harus online, offline atau campuran.');
      const hariText = r.optional(6)?.toLowerCase() ?? null;
      const jamMulaiText = r.optional(7);
      const jamSelesaiText = r.optional(8);
      const ruangan = r.optional(9, 100);
      let jadwal: ClassSchedule | null = null;
      if (hariText || jamMulaiText || jamSelesaiText || ruangan) {
        const hari = hariText === null ? undefined : dayNames[hariText];
        const jamMulai = jamMulaiText ? readTime(jamMulaiText) : null;
        const jamSelesai = jamSelesaiText ? readTime(jamSelesaiText) : null;
        if (hari === undefined)
          r.problem(6, 'Hari harus Senin, Selasa, Rabu, Kamis, Jumat, Sabtu atau Minggu.');
        if (!jamMulai) r.problem(7, 'Jam harus HH:MM.');
        if (!jamSelesai) r.problem(8, 'Jam harus HH:MM.');
        else if (jamMulai && jamSelesai <= jamMulai) r.problem(8, 'Jam selesai harus setelah jam mulai.');
        if (hari !== undefined && jamMulai && jamSelesai) jadwal = { hari, jamMulai, jamSelesai, ruangan };
      }
      return {
        baris: r.baris,
        id,
        periode,
        mataKuliahId,
        nama,
        kapasitas,
        mode: mode ?? 'offline',
        jadwal,
      } satisfies ClassRow;
    }
    case 'pengajar': {
      const kelasId = r.id(0, 80);
      const nidn = r.id(1, 30);
      const peranText = (r.optional(2) ?? 'dosen').toLowerCase();
      const peran = teacherRoleValues.find((p) => p === peranText);
      if (!peran) r.problem(2, 'Peran harus koordinator, dosen atau asisten.');
      const utamaText = (r.optional(3) ?? '').toLowerCase();
      if (!['', 'ya', 'y', 'tidak', 't'].includes(utamaText)) r.problem(3, 'Isi Ya atau Tidak.');
      return {
        baris: r.baris,
        kelasId,
        nidn,
        peran: peran ?? 'dosen',
        utama: utamaText === 'ya' || utamaText === 'y',
      } satisfies TeacherRow;
    }
    case 'peserta':
      return { baris: r.baris, kelasId: r.id(0, 80), nim: r.id(1, 30) } satisfies EnrolmentRow;
  }
}

const normalise = (text: string) =>
  text
    .replace(/[\s*]+/g, ' ')
    .trim()
    .toLowerCase();

/** The sheet a worksheet holds: by name, else by its first two headers. */
function sheetOf(name: string, headers: string[]): SheetDefinition | undefined {
  const byName = semesterSheets.find((s) => normalise(s.name) === normalise(name));
  if (byName) return byName;
  const [a = '', b = ''] = headers.map(normalise);
  return semesterSheets.find(
    (s) => normalise(s.columns[0]!.header) === a && normalise(s.columns[1]!.header) === b,
  );
}

const fail = (pesan: string): ParsedSemester => ({ ok: false, pesan });
const zipSignature = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads a workbook within the load's bounds into rows and problems. */
export async function parseSemesterWorkbook(buffer: Buffer, listed: number): Promise<ParsedSemester> {
  if (buffer.length === 0) return fail(semesterImportMessages.empty);
  if (buffer.length > semesterImportLimits.maxBytes) return fail(semesterImportMessages.tooLarge);
  if (!buffer.subarray(0, 4).equals(zipSignature)) return fail(semesterImportMessages.unreadable);
  const zip = await checkOfficeZip(buffer, {
    maxUnpackedBytes: semesterImportLimits.maxUnpackedBytes,
    maxEntries: 200,
    maxSheetRows: semesterImportLimits.maxRowsPerSheet + 1,
  });
  if (!zip.ok) {
    if (zip.refused === 'too_many_rows') return fail(semesterImportMessages.tooManyRows);
    if (zip.refused === 'too_large') return fail(semesterImportMessages.unpackedTooLarge);
    return fail(semesterImportMessages.unreadable);
  }
  // Each sheet is turned into rows as soon as it is read, so its cells never wait for the others.
  const rows = emptySemesterRows();
  const problems = new ProblemList(listed);
  const read = new Set<SemesterImportEntity>();
  try {
    await readXlsxRows(buffer, ({ name, rows: sheetRows }) => {
      const [header, ...data] = sheetRows;
      const sheet = header?.baris === 1 ? sheetOf(name, header.cells) : undefined;
      if (!sheet || read.has(sheet.entity)) return;
      read.add(sheet.entity);
      readSheetRows(sheet, { rows: data.filter((row) => row.cells.some((c) => c)) }, rows, problems);
    });
  } catch {
    return fail(semesterImportMessages.unreadable);
  }
  if (Object.values(rows).every((list) => list.length === 0) && problems.count === 0)
    return fail(semesterImportMessages.empty);
  settleMainTeachers(rows, problems);
  return { ok: true, rows, problems: problems.items, problemCount: problems.count };
}

/** The worker thread's side: the bytes arrive as a Uint8Array. */
export async function readSemesterWorkbookTask(input: {
  bytes: Uint8Array;
  listed: number;
}): Promise<ParsedSemester> {
  const { bytes, listed } = input;
  return parseSemesterWorkbook(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), listed);
}
