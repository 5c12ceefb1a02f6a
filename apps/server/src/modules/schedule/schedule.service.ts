import { buildPageMeta } from '@lms/contract/api-envelope.schema';
import { weeklySlotOccurrences, zonedParts } from '@lms/contract/meeting.rules';
import type { ClashCheckResult, Room, RoomQuery, Session } from '@lms/contract/meeting.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { badRequest } from '../../platform/app-error.ts';
import { findTeachersOfClasses } from '../class/class.api.ts';
import { presentClashes, presentRoom, presentSession, type SlotOccurrence } from './schedule.presenter.ts';
import {
  findBookedRoomIds,
  findClassClashes,
  findRoomClashes,
  findRoomTimetableSlots,
  findRooms,
  findSessions,
  findTeacherClashes,
  findTeacherTimetableSlots,
  findTickedTeachersOfMeetings,
  type TimetableWindow,
} from './schedule.repository.ts';

/** GET /v2/lms/sesi_kuliah: for every signed-in user. */
export async function listSessions(db: Db, actor: Actor): Promise<Session[]> {
  return (await findSessions(db, actor.collegeId)).map(presentSession);
}

/** GET /v2/lms/ruangan: rooms, free or not in the given time range. */
export async function listRooms(
  db: Db,
  actor: Actor,
  query: RoomQuery,
): Promise<{ data: Room[]; meta: PageMeta }> {
  const { rows, total } = await findRooms(
    db,
    actor.collegeId,
    { kampusId: query.id_kampus, search: query.search },
    query.ignore_default_pagination ? undefined : { page: query.page, perPage: query.per_page },
  );
  let booked = new Set<string>();
  if (query.availability_start && query.availability_end) {
    const start = new Date(query.availability_start);
    const end = new Date(query.availability_end);
    if (end <= start)
      throw badRequest('jadwal_tidak_valid', 'availability_end harus setelah availability_start.');
    booked = await findBookedRoomIds(
      db,
      actor.collegeId,
      rows.map((r) => r.id),
      { start, end, excludeMeetingId: query.exclude_id_pertemuan },
    );
  }
  const meta = query.ignore_default_pagination
    ? buildPageMeta({ page: 1, per_page: Math.max(total, 1) }, total)
    : buildPageMeta(query, total);
  return { data: rows.map((r) => presentRoom(r, booked.has(r.id))), meta };
}

/** The local dates (and their weekdays) a range covers in the college's zone, for the weekly slots. */
function timetableWindow(start: Date, end: Date, timeZone: string, kelasId: string): TimetableWindow {
  const first = zonedParts(start, timeZone);
  const last = zonedParts(new Date(end.getTime() - 1), timeZone);
  const hari = new Set<number>();
  const day = new Date(`${first.date}T00:00:00Z`);
  // A week covers every weekday; meetings last a day, so this loop is short.
  for (let i = 0; i < 7 && day.toISOString().slice(0, 10) <= last.date; i++) {
    hari.add(day.getUTCDay());
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return { hari: [...hari], fromDate: first.date, toDate: last.date, excludeKelasId: kelasId };
}

/** The dates on which each weekly slot overlaps [start, end), one entry per date. */
function occurrencesOf<
  Row extends {
    hari: number;
    jamMulai: string;
    jamSelesai: string;
    periodeMulai: string;
    periodeSelesai: string;
  },
>(slots: Row[], range: { start: Date; end: Date }, timeZone: string): SlotOccurrence<Row>[] {
  return slots.flatMap((slot) =>
    weeklySlotOccurrences(
      { hari: slot.hari, jam_mulai: slot.jamMulai, jam_selesai: slot.jamSelesai },
      range,
      { from: slot.periodeMulai, to: slot.periodeSelesai },
      timeZone,
    ).map((occurrence) => ({ ...slot, ...occurrence })),
  );
}

/**
 * Class, room and teacher clashes of a planned meeting time: real meetings, and the regular weekly slots
 * (class_schedules) of other classes on the dates of the range within their period. The class's own
 * weekly slots are where its meetings belong, so they are never a clash; a class whose real meeting
 * already clashes (same room, or same lecturer) is not listed again for its slot.
 */
export async function findClashes(
  db: Db,
  collegeId: string,
  input: {
    kelasId: string;
    excludeMeetingId?: string;
    start: Date;
    end: Date;
    ruanganId: string | null;
    dosenIds: string[];
    /** The college's time zone: weekly slots are local times. */
    timeZone: string;
  },
): Promise<ClashCheckResult> {
  const range = { start: input.start, end: input.end, excludeMeetingId: input.excludeMeetingId };
  const window = timetableWindow(input.start, input.end, input.timeZone, input.kelasId);
  const [classClashes, roomClashes, teacherClashes, roomSlots, teacherSlots] = await Promise.all([
    findClassClashes(db, collegeId, input.kelasId, range),
    input.ruanganId ? findRoomClashes(db, collegeId, input.ruanganId, range) : Promise.resolve([]),
    findTeacherClashes(db, collegeId, input.dosenIds, range),
    input.ruanganId ? findRoomTimetableSlots(db, collegeId, input.ruanganId, window) : Promise.resolve([]),
    findTeacherTimetableSlots(db, collegeId, input.dosenIds, window),
  ]);
  // A teacher's other meeting of the same class is already a class clash.
  const otherClassTeacherClashes = teacherClashes.filter((m) => m.kelas.id !== input.kelasId);
  const roomMeetingClasses = new Set(roomClashes.map((m) => m.kelas.id));
  const teacherMeetingPairs = new Set(otherClassTeacherClashes.map((m) => `${m.dosen.id}/${m.kelas.id}`));
  const roomOccurrences = occurrencesOf(roomSlots, input, input.timeZone).filter(
    (slot) => !roomMeetingClasses.has(slot.kelasId),
  );
  const teacherOccurrences = occurrencesOf(teacherSlots, input, input.timeZone).filter(
    (slot) => !teacherMeetingPairs.has(`${slot.dosen.id}/${slot.kelasId}`),
  );
  const [roomTeachers, roomClassTeachers] = await Promise.all([
    findTickedTeachersOfMeetings(
      db,
      collegeId,
      roomClashes.map((m) => m.id),
    ),
    findTeachersOfClasses(db, collegeId, [...new Set(roomOccurrences.map((slot) => slot.kelasId))]),
  ]);
  return presentClashes(classClashes, roomClashes, otherClassTeacherClashes, roomTeachers, {
    rooms: roomOccurrences,
    teachers: teacherOccurrences,
    roomClassTeachers,
  });
}
