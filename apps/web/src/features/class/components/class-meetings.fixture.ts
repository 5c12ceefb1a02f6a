import type { MeetingListItem } from '@lms/contract/meeting.schema';

/** A meeting of the list answer (GET /v2/lms/kelas_kuliah/{id}/pertemuan), for the class tests. */
export function meetingItem(nomor: number, overrides: Partial<MeetingListItem> = {}): MeetingListItem {
  return {
    id: `m${nomor}`,
    nomor,
    judul: nomor === 1 ? 'Pendahuluan' : `Materi ${nomor}`,
    kategori: 'kuliah',
    jenis: 'online',
    metode: null,
    status: 'belum_dimulai',
    waktu_mulai: '2026-09-01T01:00:00Z',
    waktu_selesai: '2026-09-01T03:30:00Z',
    mulai_kuliah: null,
    selesai_kuliah: null,
    ruangan: null,
    sesi: null,
    kelas_kuliah: {
      id: '20261_01_IF2102',
      periode: 20261,
      mode_kuliah: 'online',
      mata_kuliah: { id: 'IF2102', kode: 'IF2102', nama: 'Basis Data' },
      kelas: { id: '01', nama: '01', jenis: { id: 'reg', nama: 'Reguler' } },
    },
    ...overrides,
  };
}
