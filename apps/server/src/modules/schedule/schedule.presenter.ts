import type { ClashCheckResult, Room, Session } from '@lms/contract/meeting.schema';
import { isBlockingClash, isIgnorableClashGroup } from '@lms/contract/meeting.rules';
import type {
  findClassClashes,
  findRoomClashes,
  findRoomTimetableSlots,
  findSessions,
  findTeacherClashes,
  findTeacherTimetableSlots,
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

/** One date on which another class's weekly slot overlaps the checked range. */
export type SlotOccurrence<Row> = Row & { start: Date; end: Date };

/** Other classes' weekly slots that overlap the checked range, with the teachers of the room's classes. */
export interface TimetableClashes {
  rooms: SlotOccurrence<Rows<typeof findRoomTimetableSlots>[number]>[];
  teachers: SlotOccurrence<Rows<typeof findTeacherTimetableSlots>[number]>[];
  roomClassTeachers: {
    kelasId: string;
    nama: string;
    gelarDepan: string | null;
    gelarAkademik: string | null;
  }[];
}

/**
 * The clash check's answer: real meetings first, then other classes' weekly slots (`sumber`
 * `jadwal_kelas`). A room or teacher group made only of weekly slots is ignorable (isIgnorableClashGroup).
 */
export function presentClashes(
  classClashes: Rows<typeof findClassClashes>,
  roomClashes: Rows<typeof findRoomClashes>,
  teacherClashes: Rows<typeof findTeacherClashes>,
  roomTeachers: Rows<typeof findTickedTeachersOfMeetings>,
  timetable: TimetableClashes,
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
  const teacherName = (t: { nama: string; gelarDepan: string | null; gelarAkademik: string | null }) => ({
    gelar_depan: t.gelarDepan,
    nama_pengajar: t.nama,
    gelar_akademik: t.gelarAkademik,
  });
  const roomData = [
    ...roomClashes.map((m) => ({
      sumber: 'pertemuan' as const,
      id_pertemuan: m.id,
      nomor: m.nomor,
      waktu_mulai: m.waktuMulai.toISOString(),
      waktu_selesai: m.waktuSelesai.toISOString(),
      mata_kuliah: course(m.mataKuliah),
      kelas: kelas(m.kelas),
      pengajar: roomTeachers.filter((t) => t.pertemuanId === m.id).map(teacherName),
    })),
    ...timetable.rooms.map((slot) => ({
      sumber: 'jadwal_kelas' as const,
      id_pertemuan: null,
      nomor: null,
      waktu_mulai: slot.start.toISOString(),
      waktu_selesai: slot.end.toISOString(),
      mata_kuliah: course(slot.mataKuliah),
      kelas: kelas(slot.kelas),
      pengajar: timetable.roomClassTeachers.filter((t) => t.kelasId === slot.kelasId).map(teacherName),
    })),
  ];
  const teacherData = [
    ...teacherClashes.map((m) => ({
      id_dosen: m.dosen.id,
      ...teacherName(m.dosen),
      sumber: 'pertemuan' as const,
      id_pertemuan: m.id,
      waktu_mulai: m.waktuMulai.toISOString(),
      waktu_selesai: m.waktuSelesai.toISOString(),
      mata_kuliah: course(m.mataKuliah),
      kelas: kelas(m.kelas),
    })),
    ...timetable.teachers.map((slot) => ({
      id_dosen: slot.dosen.id,
      ...teacherName(slot.dosen),
      sumber: 'jadwal_kelas' as const,
      id_pertemuan: null,
      waktu_mulai: slot.start.toISOString(),
      waktu_selesai: slot.end.toISOString(),
      mata_kuliah: course(slot.mataKuliah),
      kelas: kelas(slot.kelas),
    })),
  ];
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
    bentrok_ruangan: { is_ignorable: isIgnorableClashGroup(roomData), data: roomData },
    bentrok_pengajar: { is_ignorable: isIgnorableClashGroup(teacherData), data: teacherData },
  };
  return { ...result, is_blocking: isBlockingClash(result) };
}
