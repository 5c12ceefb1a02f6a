import { buildPageMeta } from '@lms/contract/api-envelope.schema';
import { normalizeMeetingKind, meetingNeedsRoom } from '@lms/contract/meeting.rules';
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
import { loadActor, loadReadableClass } from '../class/class.service.ts';
import { presentMeetingListItem } from '../meeting/meeting.presenter.ts';
import { findMeetingById, findMeetingTeachers, findTimetable } from '../meeting/meeting.repository.ts';
import { presentClashes, presentRoom, presentSession } from './schedule.presenter.ts';
import {
  findBookedRoomIds,
  findClassClashes,
  findRoomClashes,
  findRooms,
  findSessions,
  findTeacherClashes,
  findTickedTeachersOfMeetings,
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

/** Class, room and teacher clashes of a planned meeting time, from the real meetings. */
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
  },
): Promise<ClashCheckResult> {
  const range = { start: input.start, end: input.end, excludeMeetingId: input.excludeMeetingId };
  const [classClashes, roomClashes, teacherClashes] = await Promise.all([
    findClassClashes(db, input.kelasId, range),
    input.ruanganId ? findRoomClashes(db, collegeId, input.ruanganId, range) : Promise.resolve([]),
    findTeacherClashes(db, collegeId, input.dosenIds, range),
  ]);
  // A teacher's other meeting of the same class is already a class clash.
  const otherClassTeacherClashes = teacherClashes.filter((m) => m.kelas.id !== input.kelasId);
  const roomTeachers = await findTickedTeachersOfMeetings(
    db,
    roomClashes.map((m) => m.id),
  );
  return presentClashes(classClashes, roomClashes, otherClassTeacherClashes, roomTeachers);
}

/** PUT /v2/lms/pertemuan/cek_bentrok: for whoever may edit the class's meetings. */
export async function checkScheduleClashes(
  db: Db,
  auth: AuthContext,
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
    dosenIds = (await findMeetingTeachers(db, row.id, body.id_pertemuan))
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
