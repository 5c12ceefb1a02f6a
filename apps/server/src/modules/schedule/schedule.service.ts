import { buildPageMeta } from '@lms/contract/api-envelope.schema';
import {
  meetingNeedsRoom,
  normalizeMeetingKind,
  weeklySlotOccurrences,
  zonedParts,
} from '@lms/contract/meeting.rules';
import type {
  ClashCheckRequest,
  ClashCheckResult,
  MeetingListItem,
  Room,
  RoomQuery,
  Session,
  TimetableQuery,
} from '@lms/contract/meeting.schema';
import type { PageMeta } from '@lms/contract/api-envelope.schema';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../platform/access-token.ts';
import { badRequest } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { assertAllowed, classListScope } from '../class/class.policy.ts';
import { findTeachersOfClasses } from '../class/class.repository.ts';
import { loadActor, loadReadableClass } from '../class/class.service.ts';
import { presentMeetingListItem } from '../meeting/meeting.presenter.ts';
import { findMeetingById, findMeetingTeachers, findTimetable } from '../meeting/meeting.repository.ts';
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
export async function listSessions(db: Db, auth: AuthContext): Promise<Session[]> {
  await loadActor(db, auth);
  return (await findSessions(db, auth.collegeId)).map(presentSession);
}

/** GET /v2/lms/ruangan: rooms, free or not in the given time range. */
export async function listRooms(
  db: Db,
  auth: AuthContext,
  query: RoomQuery,
): Promise<{ data: Room[]; meta: PageMeta }> {
  await loadActor(db, auth);
  const { rows, total } = await findRooms(
    db,
    auth.collegeId,
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
      auth.collegeId,
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

/** PUT /v2/lms/pertemuan/cek_bentrok: for whoever may edit the class's meetings. */
export async function checkScheduleClashes(
  db: Db,
  auth: AuthContext,
  college: College,
  body: ClashCheckRequest,
): Promise<ClashCheckResult> {
  const actor = await loadActor(db, auth);
  const { row, teachers, access } = await loadReadableClass(db, actor, body.id_kelas_kuliah);
  assertAllowed(access.ubah_pertemuan);
  const start = new Date(body.waktu_mulai);
  const end = new Date(body.waktu_selesai);
  if (end <= start) throw badRequest('jadwal_tidak_valid', 'Waktu selesai harus setelah waktu mulai');

  let dosenIds: string[];
  if (body.pengajar_kelas) {
    dosenIds = body.pengajar_kelas.filter((t) => t.is_pengajar).map((t) => t.id);
  } else if (body.id_pertemuan) {
    dosenIds = (await findMeetingTeachers(db, actor.collegeId, row.id, body.id_pertemuan))
      .filter((t) => t.isPengajar)
      .map((t) => t.dosenId);
  } else {
    dosenIds = teachers.map((t) => t.dosenId);
  }
  if (body.id_pertemuan) {
    const meeting = await findMeetingById(db, actor.collegeId, body.id_pertemuan);
    if (meeting?.kelas.id !== row.id)
      throw badRequest('jadwal_tidak_valid', 'Pertemuan bukan milik kelas ini.');
  }
  const jenis = normalizeMeetingKind(body.jenis);
  return findClashes(db, actor.collegeId, {
    kelasId: row.id,
    excludeMeetingId: body.id_pertemuan ?? undefined,
    start,
    end,
    ruanganId: meetingNeedsRoom(jenis) ? body.id_ruangan || null : null,
    dosenIds,
    timeZone: college.timeZone,
  });
}

/** GET /v2/lms/jadwal: the user's meetings in a range; operators with read see every class, filtered. */
export async function getTimetable(
  db: Db,
  auth: AuthContext,
  college: College,
  query: TimetableQuery,
): Promise<{ data: MeetingListItem[]; meta: PageMeta & { time_zone: string } }> {
  const actor = await loadActor(db, auth);
  const scope = classListScope(actor);
  const { rows, total } = await findTimetable(
    db,
    actor.collegeId,
    scope,
    { start: new Date(query.waktu_mulai), end: new Date(query.waktu_selesai) },
    {
      periode: query.periode,
      mataKuliahId: query.id_mata_kuliah || undefined,
      kelasId: query.id_kelas_kuliah || undefined,
      prodiId: query.id_prodi || undefined,
      ruanganId: query.id_ruangan,
      dosenId: query.id_dosen,
    },
    { page: query.page, perPage: query.per_page },
  );
  return {
    data: rows.map(presentMeetingListItem),
    meta: { ...buildPageMeta(query, total), time_zone: college.timeZone },
  };
}
