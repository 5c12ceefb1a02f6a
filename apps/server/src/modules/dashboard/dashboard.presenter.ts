import type { CalendarEvent } from '@lms/contract/dashboard.schema';
import { examKindLabels } from '@lms/contract/exam.rules';
import type { ExamCalendarRow } from '../exam/exam.api.ts';
import type { TaskDeadlineRow } from '../task/task.api.ts';
import type { VidconCalendarRow } from '../vidcon/vidcon.api.ts';
import type { CalendarMeetingRow } from './dashboard.repository.ts';

/** The class columns every calendar read answers. */
type ClassColumns = Pick<
  CalendarMeetingRow,
  'kelasId' | 'kelasNama' | 'mataKuliahId' | 'mataKuliahKode' | 'mataKuliahNama'
>;

function presentClass(row: ClassColumns): CalendarEvent['kelas'] {
  return {
    id: row.kelasId,
    nama: row.kelasNama,
    mata_kuliah: { id: row.mataKuliahId, kode: row.mataKuliahKode, nama: row.mataKuliahNama },
  };
}

/** A meeting as a calendar event; it opens the meeting page of its class. */
export function presentMeetingEvent(row: CalendarMeetingRow): CalendarEvent {
  return {
    id: `pertemuan:${row.id}`,
    jenis: 'pertemuan',
    judul: `Pertemuan ${row.nomor}: ${row.judul}`,
    waktu_mulai: row.waktuMulai.toISOString(),
    waktu_selesai: row.waktuSelesai.toISOString(),
    tautan: `/kelas/${encodeURIComponent(row.kelasId)}/${row.id}`,
    kelas: presentClass(row),
    pertemuan: {
      id: row.id,
      nomor: row.nomor,
      kategori: row.kategori,
      jenis: row.jenis,
      status: row.status,
      ruangan: row.ruangan ?? null,
    },
  };
}

/** An exam (kuis, UTS, UAS, remedial) over its window; it opens the exam's page. */
export function presentExamEvent(row: ExamCalendarRow): CalendarEvent {
  return {
    id: `ujian:${row.id}`,
    jenis: 'ujian',
    judul: `${examKindLabels[row.jenis]}: ${row.judul}`,
    waktu_mulai: row.waktuMulai.toISOString(),
    waktu_selesai: row.waktuSelesai.toISOString(),
    tautan: `/ujian/${row.id}`,
    kelas: presentClass(row),
    pertemuan: null,
  };
}

/** A task's deadline: an instant (start and end both the deadline); it opens the task's page. */
export function presentTaskDeadlineEvent(row: TaskDeadlineRow): CalendarEvent {
  const deadline = row.waktuSelesai.toISOString();
  return {
    id: `tugas:${row.id}`,
    jenis: 'tugas',
    judul: row.judul,
    waktu_mulai: deadline,
    waktu_selesai: deadline,
    tautan: `/tugas/${row.id}`,
    kelas: presentClass(row),
    pertemuan: null,
  };
}

/** A vidcon; it opens its meeting's page, where it is joined. */
export function presentVidconEvent(row: VidconCalendarRow): CalendarEvent {
  return {
    id: `vidcon:${row.id}`,
    jenis: 'vidcon',
    judul: row.judul,
    waktu_mulai: row.waktuMulai.toISOString(),
    waktu_selesai: row.waktuSelesai.toISOString(),
    tautan: `/kelas/${encodeURIComponent(row.kelasId)}/${row.pertemuanId}`,
    kelas: presentClass(row),
    pertemuan: null,
  };
}
