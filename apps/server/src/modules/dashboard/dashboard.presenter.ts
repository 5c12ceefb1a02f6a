import type { CalendarEvent } from '@lms/contract/dashboard.schema';
import type { CalendarMeetingRow } from './dashboard.repository.ts';

/** A meeting as a calendar event; it opens the meeting page of its class. */
export function presentMeetingEvent(row: CalendarMeetingRow): CalendarEvent {
  return {
    id: `pertemuan:${row.id}`,
    jenis: 'pertemuan',
    judul: `Pertemuan ${row.nomor}: ${row.judul}`,
    waktu_mulai: row.waktuMulai.toISOString(),
    waktu_selesai: row.waktuSelesai.toISOString(),
    tautan: `/kelas/${encodeURIComponent(row.kelasId)}/${row.id}`,
    kelas: {
      id: row.kelasId,
      nama: row.kelasNama,
      mata_kuliah: { id: row.mataKuliahId, kode: row.mataKuliahKode, nama: row.mataKuliahNama },
    },
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
