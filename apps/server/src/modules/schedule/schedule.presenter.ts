import type { ClashCheckResult, Room, Session } from '@lms/contract/meeting.schema';
import { isBlockingClash } from '@lms/contract/meeting.rules';
import type {
  findClassClashes,
  findRoomClashes,
  findSessions,
  findTeacherClashes,
  findTickedTeachersOfMeetings,
  RoomRow,
} from './schedule.repository.ts';

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

/** A lecture session. */
export function presentSession(row: Rows<typeof findSessions>[number]): Session {
  return { id: row.id, nama: row.nama, jam_mulai: row.jamMulai, jam_selesai: row.jamSelesai };
}

/** A room with its availability. */
export function presentRoom(row: RoomRow, booked: boolean): Room {
  return {
    id: row.id,
    nama: row.nama,
    kapasitas: row.kapasitas,
    kampus: row.kampus?.id ? { id: row.kampus.id, nama: row.kampus.nama } : null,
    is_available: row.isAvailable && !booked,
  };
}

/**
 * The clash check's answer. Every clash found is with a real meeting, so none is ignorable yet; the
 * flag is kept for rules that may allow some (for instance a shared team-teaching slot).
 */
export function presentClashes(
  classClashes: Rows<typeof findClassClashes>,
  roomClashes: Rows<typeof findRoomClashes>,
  teacherClashes: Rows<typeof findTeacherClashes>,
  roomTeachers: Rows<typeof findTickedTeachersOfMeetings>,
): ClashCheckResult {
  const course = (m: { id: string; kode: string; nama: string }) => ({
    id: m.id,
    kode: m.kode,
    nama: m.nama,
  });
  const kelas = (k: { id: string; nama: string; jenis: string }) => ({
    id: k.id,
    nama: k.nama,
    jenis: { nama: k.jenis },
  });
  const result = {
    bentrok_kelas: {
      data: classClashes.map((m) => ({
        id: m.id,
        nomor: m.nomor,
        judul: m.judul,
        waktu_mulai: m.waktuMulai.toISOString(),
        waktu_selesai: m.waktuSelesai.toISOString(),
        sesi: m.sesi?.id ? { id: m.sesi.id, nama: m.sesi.nama } : null,
      })),
    },
    bentrok_ruangan: {
      is_ignorable: false,
      data: roomClashes.map((m) => ({
        id_pertemuan: m.id,
        nomor: m.nomor,
        waktu_mulai: m.waktuMulai.toISOString(),
        waktu_selesai: m.waktuSelesai.toISOString(),
        mata_kuliah: course(m.mataKuliah),
        kelas: kelas(m.kelas),
        pengajar: roomTeachers
          .filter((t) => t.pertemuanId === m.id)
          .map((t) => ({
            gelar_depan: t.gelarDepan,
            nama_pengajar: t.nama,
            gelar_akademik: t.gelarAkademik,
          })),
      })),
    },
    bentrok_pengajar: {
      is_ignorable: false,
      data: teacherClashes.map((m) => ({
        id_dosen: m.dosen.id,
        gelar_depan: m.dosen.gelarDepan,
        nama_pengajar: m.dosen.nama,
        gelar_akademik: m.dosen.gelarAkademik,
        id_pertemuan: m.id,
        waktu_mulai: m.waktuMulai.toISOString(),
        waktu_selesai: m.waktuSelesai.toISOString(),
        mata_kuliah: course(m.mataKuliah),
        kelas: kelas(m.kelas),
      })),
    },
  };
  return { ...result, is_blocking: isBlockingClash(result) };
}
