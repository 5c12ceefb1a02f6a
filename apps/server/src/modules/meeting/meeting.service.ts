import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { readClassSettings, type ClassSettings } from '@lms/contract/class.rules';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  isRoomUnavailable,
  meetingNeedsRoom,
  normalizeAttendanceParameters,
  type AttendanceParameters,
  normalizeMeetingCategory,
  normalizeMeetingKind,
  validateMeetingEdit,
  type MeetingFieldError,
} from '@lms/contract/meeting.rules';
import type {
  ClassMeetingListQuery,
  MeetingDetail,
  MeetingListItem,
  MeetingUpdate,
} from '@lms/contract/meeting.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden, assertAllowed } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { classResource, type ReadableClass } from '../class/class.api.ts';
import { takeLoadedResource, type LoadedResource } from '../../platform/resource-access.ts';
import {
  countActivitiesOfMeetings,
  meetingProgress,
  refreshMeetingProgress,
  removeActivity,
  syncActivity,
} from '../activity/activity.api.ts';
import { isBlankRichText } from '@lms/contract/rich-text.rules';
import { inTransaction } from '../../db/database.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import { findClashes, findRoomById, findSessionById } from '../schedule/schedule.api.ts';
import { resolveMeetingAccess } from './meeting.policy.ts';
import { presentMeetingDetail, presentMeetingListItem } from './meeting.presenter.ts';
import { describeMeetingChange, listMeetingChanges } from './meeting.audit.ts';
import { recordChanges, type ActivityCaller } from '../activity-log/activity-log.api.ts';
import { announceToClass } from '../notification/notification.api.ts';
import {
  advanceMeetingStatus,
  countStudentsOfClass,
  findMeetingById,
  findMeetingTeachers,
  findMeetingsOfClass,
  saveMeeting,
  updateMeetingText,
  type MeetingRow,
} from './meeting.repository.ts';

/** Counts of the meeting's content by kind and its attendance by activity, from the activity model. */
async function readMeetingActivity(db: Db, college: College, meetingId: string) {
  const minProgress =
    readCollegeSettings(college).pengaturan_kelas.syarat_kehadiran_online_mahasiswa
      .presentase_progress_minimal_persen;
  const [counts, progress] = await Promise.all([
    countActivitiesOfMeetings(db, college.id, [meetingId]),
    meetingProgress(db, college.id, [meetingId], minProgress),
  ]);
  const { materi, tugas, vidcon, ujian, forum } = counts.get(meetingId)!;
  return { countActivity: { materi, tugas, vidcon, ujian, forum }, attendance: progress.get(meetingId)! };
}

/** The meeting area's answer for a meeting its college does not hold. */
export const meetingNotFound = () => new AppError(404, 'meeting_not_found');

/**
 * A meeting with its class, the actor's relation and access to it, and whether the actor may read it
 * (its class) or change it; null when unknown in the college. The meeting resource's loader.
 */
export async function loadMeetingResource(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
): Promise<LoadedResource<ReadableMeeting> | null> {
  const meeting = await findMeetingById(db, actor.collegeId, meetingId);
  if (!meeting) return null;
  const cls = await classResource.load(db, actor, college, meeting.kelas.id);
  if (!cls) return null;
  const settings = readClassSettings(college.settings);
  const access = resolveMeetingAccess(actor, cls.row.relation, cls.row.access, meeting, settings);
  return { row: { meeting, cls: cls.row, settings, access }, canRead: cls.canRead, canWrite: access.ubah };
}

/** A meeting as the meeting resource hands it to a handler. */
export interface ReadableMeeting {
  meeting: MeetingRow;
  cls: ReadableClass;
  settings: ClassSettings;
  access: MeetingDetail['akses'];
}

/** A meeting the actor may read (one named in a body); 404 when unknown, 403 when its class is not readable. */
export async function loadReadableMeeting(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
): Promise<ReadableMeeting> {
  const checked = takeLoadedResource<ReadableMeeting>('meeting', meetingId);
  if (checked) return checked;
  const loaded = await loadMeetingResource(db, actor, college, meetingId);
  if (!loaded) throw meetingNotFound();
  if (!loaded.canRead) throw forbidden();
  return loaded.row;
}

async function buildMeetingDetail(
  db: Db,
  college: College,
  meeting: MeetingRow,
  access: MeetingDetail['akses'],
): Promise<MeetingDetail> {
  const [teachers, participants, activity] = await Promise.all([
    findMeetingTeachers(db, meeting.collegeId, meeting.kelas.id, meeting.id),
    countStudentsOfClass(db, meeting.collegeId, meeting.kelas.id),
    readMeetingActivity(db, college, meeting.id),
  ]);
  return presentMeetingDetail(meeting, teachers, {
    participants,
    ...activity,
    access,
    timeZone: college.timeZone,
  });
}

/**
 * A meeting's detail (GET /v2/lms/pertemuan/{id} builds on it); `assertMayOpen` refuses the caller before
 * the detail is built (the page's exam-attendance restriction).
 */
export async function getMeetingDetail(
  db: Db,
  college: College,
  { meeting, access }: ReadableMeeting,
  assertMayOpen?: (meeting: MeetingRow) => Promise<void>,
): Promise<MeetingDetail> {
  await assertMayOpen?.(meeting);
  return buildMeetingDetail(db, college, meeting, access);
}

/** The meeting's detail after a change: loaded again. */
async function readMeetingAgain(db: Db, actor: Actor, college: College, meetingId: string) {
  return getMeetingDetail(db, college, await loadReadableMeeting(db, actor, college, meetingId));
}

/** GET /v2/lms/kelas_kuliah/{id}/pertemuan: Data Pertemuan, searchable by title. */
export async function listClassMeetings(
  db: Db,
  { row }: ReadableClass,
  query: ClassMeetingListQuery,
): Promise<{ data: MeetingListItem[]; meta: PageMeta }> {
  const { rows, total } = await findMeetingsOfClass(db, row.collegeId, row.id, {
    search: query.search,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(presentMeetingListItem), meta: buildPageMeta(query, total) };
}

/** Throws the spec's answer for the rule errors: missing fields first, then the description, then the rest. */
function throwFieldErrors(missing: MeetingFieldError[], invalid: MeetingFieldError[]): void {
  const fields = [...missing, ...invalid];
  if (missing.length) throw badRequest('pengisian_belum_lengkap', undefined, { fields });
  if (invalid.length === 1 && invalid[0]!.field === 'deskripsi') {
    throw badRequest('deskripsi_terlalu_panjang', undefined, { fields });
  }
  if (invalid.length) throw badRequest('jadwal_tidak_valid', invalid[0]!.message, { fields });
}

/** Absent keeps the stored value; null or '' is "empty". */
const pick = <T>(sent: T | undefined, stored: T): T => (sent === undefined ? stored : sent);

/**
 * PUT /v2/lms/pertemuan/{id}: the rules of spec 2 §5 "Meeting edit". An operator's edit is recorded in
 * the activity log with what changed, old → new; lecturers' edits are not.
 */
export async function updateMeeting(
  db: Db,
  caller: ActivityCaller,
  college: College,
  { meeting, access }: ReadableMeeting,
  body: MeetingUpdate,
): Promise<MeetingDetail> {
  const { actor } = caller;
  assertAllowed(access.ubah);
  const before =
    actor.role === 'operator' ? await buildMeetingDetail(db, college, meeting, access) : undefined;

  const jenis = body.jenis === undefined ? meeting.jenis : normalizeMeetingKind(body.jenis);
  const kategori = body.kategori === undefined ? meeting.kategori : normalizeMeetingCategory(body.kategori);
  const judul = pick(body.judul, meeting.judul);
  const deskripsi = pick(body.deskripsi, meeting.deskripsi);

  // Not editable: the schedule, session, room and teacher fields are dropped (spec 2 §5). Editable but
  // not sent (a partial PUT): the stored schedule stays as it is and is not checked again.
  const editable =
    access.ubah_jadwal &&
    (body.waktu_mulai !== undefined ||
      body.waktu_selesai !== undefined ||
      body.id_sesi !== undefined ||
      body.id_ruangan !== undefined ||
      jenis !== meeting.jenis ||
      (access.ubah_pengajar && body.pengajar_kelas !== undefined));
  const classTeachers = await findMeetingTeachers(db, meeting.collegeId, meeting.kelas.id, meeting.id);
  let teachers: { dosenId: string; isPengajar: boolean }[] | undefined;
  if (editable && access.ubah_pengajar && body.pengajar_kelas) {
    const known = new Set(classTeachers.map((t) => t.dosenId));
    if (body.pengajar_kelas.some((t) => !known.has(t.id))) throw badRequest('pengajar_tidak_valid');
    const sent = new Map(body.pengajar_kelas.map((t) => [t.id, t.is_pengajar]));
    teachers = classTeachers.map((t) => ({
      dosenId: t.dosenId,
      isPengajar: sent.get(t.dosenId) ?? t.isPengajar,
    }));
  }
  const tickedIds = (teachers ?? classTeachers.map((t) => ({ dosenId: t.dosenId, isPengajar: t.isPengajar })))
    .filter((t) => t.isPengajar)
    .map((t) => t.dosenId);

  const toDate = (v: string | null | undefined, stored: Date) =>
    v === undefined ? stored : v ? new Date(v) : null;
  const waktuMulai = editable ? toDate(body.waktu_mulai, meeting.waktuMulai) : meeting.waktuMulai;
  const waktuSelesai = editable ? toDate(body.waktu_selesai, meeting.waktuSelesai) : meeting.waktuSelesai;
  const sesiId = editable ? pick(body.id_sesi, meeting.sesiId) || null : meeting.sesiId;
  const ruanganId = !meetingNeedsRoom(jenis)
    ? null
    : editable
      ? pick(body.id_ruangan, meeting.ruanganId) || null
      : meeting.ruanganId;

  const sesiRow = editable && sesiId ? await findSessionById(db, actor.collegeId, sesiId) : undefined;
  if (editable && sesiId && !sesiRow) throw badRequest('jadwal_tidak_valid', 'Sesi tidak ditemukan.');

  const { missing, invalid } = validateMeetingEdit(
    {
      judul,
      deskripsi,
      jenis,
      waktu_mulai: waktuMulai,
      waktu_selesai: waktuSelesai,
      id_sesi: sesiId,
      id_ruangan: ruanganId,
      sesi: sesiRow
        ? { nama: sesiRow.nama, jam_mulai: sesiRow.jamMulai, jam_selesai: sesiRow.jamSelesai }
        : null,
      ticked_teachers: teachers ? tickedIds.length : undefined,
    },
    { scheduleEditable: editable, timeZone: college.timeZone },
  );
  throwFieldErrors(missing, invalid);
  const start = waktuMulai!;
  const end = waktuSelesai!;

  if (editable) {
    if (ruanganId && ruanganId !== meeting.ruanganId) {
      const room = await findRoomById(db, actor.collegeId, ruanganId);
      if (!room) throw badRequest('ruangan_tidak_tersedia', 'Ruangan tidak ditemukan.');
      const participants = await countStudentsOfClass(db, meeting.collegeId, meeting.kelas.id);
      if (isRoomUnavailable({ is_available: room.isAvailable, kapasitas: room.kapasitas }, participants)) {
        throw badRequest('ruangan_tidak_tersedia', undefined, {
          fields: [{ field: 'id_ruangan', message: `${room.nama} Tidak Tersedia` }],
        });
      }
    }
    const scheduleChanged =
      start.getTime() !== meeting.waktuMulai.getTime() ||
      end.getTime() !== meeting.waktuSelesai.getTime() ||
      ruanganId !== meeting.ruanganId ||
      (teachers ?? []).some(
        (t) => t.isPengajar !== classTeachers.find((c) => c.dosenId === t.dosenId)?.isPengajar,
      );
    if (scheduleChanged) {
      const clashes = await findClashes(db, actor.collegeId, {
        kelasId: meeting.kelas.id,
        excludeMeetingId: meeting.id,
        start,
        end,
        ruanganId,
        dosenIds: tickedIds,
        timeZone: college.timeZone,
      });
      if (clashes.is_blocking) throw new AppError(409, 'jadwal_bentrok', undefined, clashes);
    }
  }

  // Lecturers do not see the attendance parameters (spec 2 §6): theirs are kept, then fitted to the kind.
  const sentParams = access.ubah_parameter_kehadiran ? body.parameter_kehadiran : undefined;
  const parameterKehadiran = normalizeAttendanceParameters(jenis, {
    ...meeting.parameterKehadiran,
    ...sentParams,
  });

  // The class's students hear of a new date, time or room, in the save's transaction.
  const rescheduled =
    start.getTime() !== meeting.waktuMulai.getTime() ||
    end.getTime() !== meeting.waktuSelesai.getTime() ||
    ruanganId !== meeting.ruanganId;
  await inTransaction(db, async (tx) => {
    await saveMeeting(
      tx,
      { id: meeting.id, collegeId: actor.collegeId },
      {
        judul: judul!.trim(),
        deskripsi: deskripsi!,
        kategori,
        jenis,
        metode: body.metode === undefined ? undefined : body.metode || null,
        // Rich text from the client is sanitised like every other; the text block has its own route too.
        teks: body.teks === undefined ? undefined : body.teks && sanitizeRichText(body.teks),
        waktuMulai: start,
        waktuSelesai: end,
        sesiId,
        ruanganId,
        parameterKehadiran,
      },
      teachers,
    );
    if (rescheduled)
      await announceToClass(tx, {
        collegeId: actor.collegeId,
        classId: meeting.kelas.id,
        kind: 'jadwal_berubah',
        title: `Jadwal pertemuan ${judul!.trim()} berubah`,
        link: `/kelas/${meeting.kelas.id}/${meeting.id}`,
        resource: { kind: 'pertemuan', id: `${meeting.id}@${new Date().toISOString()}` },
        actorUserId: actor.userId,
      });
  });
  // What counts for attendance changed: every student's share in this meeting follows at once.
  if (jenis !== meeting.jenis || !sameParameters(parameterKehadiran, meeting.parameterKehadiran)) {
    await refreshMeetingProgress(db, actor.collegeId, [meeting.id]);
  }
  const after = await readMeetingAgain(db, actor, college, meeting.id);
  if (before) {
    const kelas = after.kelas_kuliah;
    await recordChanges(
      db,
      caller,
      'ubah_pertemuan',
      describeMeetingChange(after),
      listMeetingChanges(before, after, college.timeZone),
      { periode: kelas.periode, id_kelas: kelas.id, id_pertemuan: after.id },
    );
  }
  return after;
}

function sameParameters(a: AttendanceParameters, b: AttendanceParameters): boolean {
  return (Object.keys(a) as (keyof AttendanceParameters)[]).every((key) => a[key] === b[key]);
}

/** PUT /v2/lms/pertemuan/{id}/start and /end: records the time and moves the status on. */
export async function advanceMeeting(
  db: Db,
  actor: Actor,
  college: College,
  { meeting, access }: ReadableMeeting,
  action: 'start' | 'end',
): Promise<MeetingDetail> {
  assertAllowed(access.ubah);
  const from = action === 'start' ? 'belum_dimulai' : 'berlangsung';
  if (!(await advanceMeetingStatus(db, actor.collegeId, meeting.id, { from, at: new Date() }))) {
    // Conditional update: two lecturers pressing at once cannot both start it.
    const current = (await findMeetingById(db, actor.collegeId, meeting.id))?.status ?? meeting.status;
    if (current === 'selesai') throw new AppError(409, 'pertemuan_sudah_selesai');
    throw new AppError(409, action === 'start' ? 'pertemuan_sudah_dimulai' : 'pertemuan_belum_dimulai');
  }
  return readMeetingAgain(db, actor, college, meeting.id);
}

/**
 * PUT /v2/lms/pertemuan/{id}/teks: the meeting's text block (content type teks), rich text sanitised; an
 * empty text removes it. It is an activity that never counts for attendance.
 */
export async function saveMeetingText(
  db: Db,
  actor: Actor,
  college: College,
  { meeting, access }: ReadableMeeting,
  teks: string | null,
): Promise<MeetingDetail> {
  assertAllowed(access.ubah);
  const clean = teks && !isBlankRichText(teks) ? sanitizeRichText(teks) : null;
  const key = { id: meeting.id, collegeId: actor.collegeId };
  await inTransaction(db, async (tx) => {
    await updateMeetingText(tx, key, clean);
    const ref = { kind: 'teks' as const, contentId: meeting.id };
    if (clean) {
      await syncActivity(tx, {
        collegeId: actor.collegeId,
        ...ref,
        pertemuanId: meeting.id,
        title: `Teks Pertemuan ${meeting.nomor}`,
        countsForAttendance: false,
      });
    } else {
      await removeActivity(tx, actor.collegeId, ref);
    }
  });
  return readMeetingAgain(db, actor, college, meeting.id);
}
