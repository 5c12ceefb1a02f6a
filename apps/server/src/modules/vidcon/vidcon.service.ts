import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  areVidconTimesLocked,
  validateVidconForm,
  vidconDueAt,
  vidconMessages,
  vidconStatus,
  type VidconFieldError,
} from '@lms/contract/vidcon.rules';
import type { Vidcon, VidconInput, VidconListQuery } from '@lms/contract/vidcon.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { recordActivityFact, removeActivity, syncActivity } from '../activity/activity.api.ts';
import {
  assertAllowed,
  classListScope,
  countStudentsOfClasses,
  loadReadableClass,
  type ReadableClass,
} from '../class/class.api.ts';
import { loadReadableMeeting } from '../meeting/meeting.api.ts';
import { presentVidcon } from './vidcon.presenter.ts';
import {
  deleteVidconRow,
  findMeetingVidcons,
  findVidconById,
  findVidconJoins,
  findVidconPage,
  insertVidcon,
  insertVidconJoin,
  updateVidconRow,
  type NewVidconRow,
  type VidconRow,
} from './vidcon.repository.ts';

const vidconRef = (id: string) => ({ kind: 'vidcon' as const, contentId: id });

function lateMinutesOf(college: College): number {
  return readCollegeSettings(college).pengaturan_kelas.syarat_kehadiran_online_mahasiswa
    .terlambat_vidcon_menit;
}

/** What the actor may do with a vidcon of a class, from their relation to it. */
async function accessTo(db: Db, actor: Actor, kelasId: string) {
  return vidconAccessOf(actor, await loadReadableClass(db, actor, kelasId));
}

/** What the actor may do with the vidcons of a class already loaded. */
function vidconAccessOf(actor: Actor, cls: ReadableClass) {
  const canWrite = cls.access.ubah_pertemuan;
  const member =
    (actor.role === 'mahasiswa' && cls.relation.isStudent) ||
    (actor.role === 'dosen' && cls.relation.isTeacher);
  return { canWrite, canJoin: member, seesJoins: actor.role !== 'mahasiswa' };
}

/** Answers vidcons with their joins and class sizes, read for all of them at once. */
async function presentVidcons(
  db: Db,
  actor: Actor,
  college: College,
  rows: VidconRow[],
  access: Map<string, Awaited<ReturnType<typeof accessTo>>>,
): Promise<Vidcon[]> {
  const [joins, students] = await Promise.all([
    findVidconJoins(
      db,
      actor.collegeId,
      rows.map((r) => r.id),
    ),
    countStudentsOfClasses(db, actor.collegeId, [...new Set(rows.map((r) => r.kelasId))]),
  ]);
  const now = new Date();
  const lateMinutes = lateMinutesOf(college);
  return rows.map((row) =>
    presentVidcon(row, {
      now,
      viewerId: actor.userId,
      ...access.get(row.kelasId)!,
      students: students.get(row.kelasId) ?? 0,
      joins: joins.filter((j) => j.vidconId === row.id),
      lateMinutes,
    }),
  );
}

async function presentOne(db: Db, actor: Actor, college: College, row: VidconRow): Promise<Vidcon> {
  const access = new Map([[row.kelasId, await accessTo(db, actor, row.kelasId)]]);
  return (await presentVidcons(db, actor, college, [row], access))[0]!;
}

/** GET /v2/lms/pertemuan/{id}/vidcon: a meeting's vidcons. */
export async function listMeetingVidcons(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
): Promise<Vidcon[]> {
  const { meeting, cls } = await loadReadableMeeting(db, actor, college, meetingId);
  const rows = await findMeetingVidcons(db, actor.collegeId, meeting.id);
  const access = new Map([[meeting.kelas.id, vidconAccessOf(actor, cls)]]);
  return presentVidcons(db, actor, college, rows, access);
}

/** GET /v2/lms/vidcon: the vidcons of the user's classes (operators with read: all), newest first. */
export async function listMyVidcons(
  db: Db,
  actor: Actor,
  college: College,
  query: VidconListQuery,
): Promise<{ data: Vidcon[]; meta: PageMeta }> {
  const { rows, total } = await findVidconPage(
    db,
    actor.collegeId,
    classListScope(actor),
    { status: query.status, now: new Date() },
    { page: query.page, perPage: query.per_page },
  );
  const access = new Map<string, Awaited<ReturnType<typeof accessTo>>>();
  for (const kelasId of new Set(rows.map((r) => r.kelasId)))
    access.set(kelasId, await accessTo(db, actor, kelasId));
  return { data: await presentVidcons(db, actor, college, rows, access), meta: buildPageMeta(query, total) };
}

async function loadVidcon(db: Db, actor: Actor, id: string): Promise<VidconRow> {
  const row = await findVidconById(db, actor.collegeId, id);
  if (!row) throw new AppError(404, 'vidcon_not_found');
  return row;
}

/** GET /v2/lms/vidcon/{id}. */
export async function getVidcon(db: Db, actor: Actor, college: College, id: string): Promise<Vidcon> {
  return presentOne(db, actor, college, await loadVidcon(db, actor, id));
}

function throwFieldErrors(missing: VidconFieldError[], invalid: VidconFieldError[]): void {
  const fields = [...missing, ...invalid];
  if (missing.length) throw badRequest('pengisian_belum_lengkap', undefined, { fields });
  if (invalid.length) throw badRequest('vidcon_tidak_valid', invalid[0]!.message, { fields });
}

const instant = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Keeps the vidcon's activity in step: its window, and the deadline of "on time" (start + allowance). */
function syncVidconActivity(db: Db, college: College, id: string, row: NewVidconRow) {
  return syncActivity(db, {
    collegeId: row.collegeId,
    ...vidconRef(id),
    pertemuanId: row.pertemuanId,
    title: row.judul,
    countsForAttendance: true,
    opensAt: row.waktuMulai,
    closesAt: row.waktuSelesai,
    dueAt: vidconDueAt(row.waktuMulai, lateMinutesOf(college)),
  });
}

/** POST /v2/lms/vidcon: a new vidcon in a meeting the actor may edit (spec 2 §5). */
export async function createVidcon(
  db: Db,
  actor: Actor,
  college: College,
  input: VidconInput,
): Promise<Vidcon> {
  const { missing, invalid } = validateVidconForm(
    { ...input, waktu_mulai: instant(input.waktu_mulai), waktu_selesai: instant(input.waktu_selesai) },
    { requireMeeting: true },
  );
  throwFieldErrors(missing, invalid);
  const { meeting, access } = await loadReadableMeeting(db, actor, college, input.id_pertemuan!);
  assertAllowed(access.ubah);
  const row: NewVidconRow = {
    collegeId: actor.collegeId,
    kelasId: meeting.kelas.id,
    pertemuanId: meeting.id,
    judul: input.judul!.trim(),
    aplikasi: input.aplikasi!,
    link: input.link!.trim(),
    catatan: input.catatan?.trim() ?? '',
    waktuMulai: new Date(input.waktu_mulai!),
    waktuSelesai: new Date(input.waktu_selesai!),
    createdBy: actor.actorUserId ?? actor.userId,
  };
  const id = await inTransaction(db, async (tx) => {
    const newId = await insertVidcon(tx, row);
    await syncVidconActivity(tx, college, newId, row);
    return newId;
  });
  return getVidcon(db, actor, college, id);
}

/** A vidcon the actor may edit; 404 when unknown, 403 without edit rights. */
async function loadEditableVidcon(db: Db, actor: Actor, college: College, id: string) {
  const row = await loadVidcon(db, actor, id);
  const { access } = await loadReadableMeeting(db, actor, college, row.pertemuanId);
  assertAllowed(access.ubah);
  return row;
}

/** PUT /v2/lms/vidcon/{id}: the edit form; times are locked once it ended or runs with participants. */
export async function updateVidcon(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  input: VidconInput,
): Promise<Vidcon> {
  const row = await loadEditableVidcon(db, actor, college, id);
  const participants = (await findVidconJoins(db, actor.collegeId, [id])).filter(
    (j) => j.role === 'mahasiswa',
  ).length;
  const start = instant(input.waktu_mulai);
  const end = instant(input.waktu_selesai);
  const { missing, invalid } = validateVidconForm(
    { ...input, waktu_mulai: start, waktu_selesai: end },
    { requireMeeting: false, stored: { waktu_selesai: row.waktuSelesai, participants } },
  );
  throwFieldErrors(missing, invalid);
  const status = vidconStatus(new Date(), row.waktuMulai, row.waktuSelesai);
  const timesChanged = +start! !== +row.waktuMulai || +end! !== +row.waktuSelesai;
  if (timesChanged && areVidconTimesLocked(status, participants)) {
    throw badRequest('vidcon_tidak_valid', vidconMessages.timesLocked, {
      fields: [{ field: 'waktu_mulai', message: vidconMessages.timesLocked }],
    });
  }
  let pertemuanId = row.pertemuanId;
  if (input.id_pertemuan && input.id_pertemuan !== row.pertemuanId) {
    const target = await loadReadableMeeting(db, actor, college, input.id_pertemuan);
    assertAllowed(target.access.ubah);
    if (target.meeting.kelas.id !== row.kelasId) throw new AppError(404, 'meeting_not_found');
    pertemuanId = target.meeting.id;
  }
  const changes: NewVidconRow = {
    collegeId: actor.collegeId,
    kelasId: row.kelasId,
    pertemuanId,
    judul: input.judul!.trim(),
    aplikasi: input.aplikasi!,
    link: input.link!.trim(),
    catatan: input.catatan?.trim() ?? '',
    waktuMulai: start!,
    waktuSelesai: end!,
  };
  await inTransaction(db, async (tx) => {
    if (!(await updateVidconRow(tx, actor.collegeId, id, changes)))
      throw new AppError(404, 'vidcon_not_found');
    await syncVidconActivity(tx, college, id, changes);
  });
  return getVidcon(db, actor, college, id);
}

/** DELETE /v2/lms/vidcon/{id}: with its joins, its activity and the students' facts. */
export async function deleteVidcon(db: Db, actor: Actor, college: College, id: string): Promise<void> {
  await loadEditableVidcon(db, actor, college, id);
  await inTransaction(db, async (tx) => {
    if (!(await deleteVidconRow(tx, actor.collegeId, id))) throw new AppError(404, 'vidcon_not_found');
    await removeActivity(tx, actor.collegeId, vidconRef(id));
  });
}

/**
 * PUT /v2/lms/vidcon/{id}/join: records when a member of the class first joined (server time); for a
 * student also the attendance fact, late when at or after the start plus terlambat_vidcon_menit.
 */
export async function joinVidcon(db: Db, actor: Actor, college: College, id: string): Promise<Vidcon> {
  const row = await loadVidcon(db, actor, id);
  const { canJoin } = await accessTo(db, actor, row.kelasId);
  if (actor.actorUserId) throw new AppError(403, 'aktivitas_saat_login_akun_lain');
  if (!canJoin) throw forbidden();
  const now = new Date();
  if (vidconStatus(now, row.waktuMulai, row.waktuSelesai) === 'selesai')
    throw badRequest('vidcon_sudah_selesai');
  const joinedAt = await insertVidconJoin(db, {
    collegeId: actor.collegeId,
    vidconId: id,
    userId: actor.userId,
    role: actor.role,
    joinedAt: now,
  });
  if (actor.role === 'mahasiswa') {
    await recordActivityFact(db, {
      collegeId: actor.collegeId,
      ...vidconRef(id),
      mahasiswaId: actor.userId,
      completedAt: joinedAt,
      evidence: { joinedAt },
    });
  }
  return presentOne(db, actor, college, row);
}
