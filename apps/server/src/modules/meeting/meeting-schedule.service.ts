import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { meetingNeedsRoom, normalizeMeetingKind } from '@lms/contract/meeting.rules';
import type {
  ClashCheckRequest,
  ClashCheckResult,
  MeetingListItem,
  TimetableQuery,
} from '@lms/contract/meeting.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { badRequest, assertAllowed } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { classListScope, loadReadableClass } from '../class/class.api.ts';
import { findClashes } from '../schedule/schedule.api.ts';
import { presentMeetingListItem } from './meeting.presenter.ts';
import { findMeetingById, findMeetingTeachers, findTimetable } from './meeting.repository.ts';

// The clash check and the timetable are about meetings; the schedule area (rooms, sessions, clashes)
// stays below the meeting area, so the two never import each other.

/** PUT /v2/lms/pertemuan/cek_bentrok: for whoever may edit the class's meetings. */
export async function checkScheduleClashes(
  db: Db,
  actor: Actor,
  college: College,
  body: ClashCheckRequest,
): Promise<ClashCheckResult> {
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
  actor: Actor,
  college: College,
  query: TimetableQuery,
): Promise<{ data: MeetingListItem[]; meta: PageMeta & { time_zone: string } }> {
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
