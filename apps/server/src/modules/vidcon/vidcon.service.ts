import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  areVidconTimesLocked,
  validateVidconForm,
  vidconDueAt,
  vidconMessages,
  vidconStatus,
} from '@lms/contract/vidcon.rules';
import type { Vidcon, VidconInput, VidconListQuery } from '@lms/contract/vidcon.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { throwFieldErrors } from '../../platform/field-errors.ts';
import { recordActivityFact, syncActivity } from '../activity/activity.api.ts';
import { classListScope, countStudentsOfClasses, type ReadableClass } from '../class/class.api.ts';
import { announceToClass } from '../notification/notification.api.ts';
import {
  createdIn,
  defineMeetingContent,
  loadClassesOf,
  loadEditableMeeting,
  type ContentWithClass,
  loadMeetingToMoveTo,
  loadReadableMeeting,
  placedIn,
} from '../meeting/meeting.api.ts';
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

export const vidconContent = defineMeetingContent<VidconRow>({
  activity: 'vidcon',
  notFound: 'vidcon_not_found',
  find: findVidconById,
});

function lateMinutesOf(college: College): number {
  return readCollegeSettings(college).pengaturan_kelas.syarat_kehadiran_online_mahasiswa
    .terlambat_vidcon_menit;
}

/** What the actor may do with the vidcons of a class, from their relation to it. */
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
  classes: Map<string, ReadableClass>,
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
      ...vidconAccessOf(actor, classes.get(row.kelasId)!),
      students: students.get(row.kelasId) ?? 0,
      joins: joins.filter((j) => j.vidconId === row.id),
      lateMinutes,
    }),
  );
}

/** A vidcon with its class as the vidcon resource loads it (`vidconResource.of(request)`). */
export type LoadedVidcon = ContentWithClass<VidconRow>;

async function presentOne(
  db: Db,
  actor: Actor,
  college: College,
  { row, cls }: LoadedVidcon,
): Promise<Vidcon> {
  return (await presentVidcons(db, actor, college, [row], new Map([[row.kelasId, cls]])))[0]!;
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
  return presentVidcons(db, actor, college, rows, new Map([[meeting.kelas.id, cls]]));
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
  const classes = await loadClassesOf(db, actor, rows);
  return { data: await presentVidcons(db, actor, college, rows, classes), meta: buildPageMeta(query, total) };
}

/** GET /v2/lms/vidcon/{id}. */
export async function getVidcon(
  db: Db,
  actor: Actor,
  college: College,
  loaded: LoadedVidcon,
): Promise<Vidcon> {
  return presentOne(db, actor, college, loaded);
}

/** A vidcon read again after a change. */
async function readVidcon(db: Db, actor: Actor, college: College, id: string): Promise<Vidcon> {
  return presentOne(db, actor, college, await vidconContent.loadWithClass(db, actor, id));
}

const instant = (value: string | null | undefined) => (value ? new Date(value) : null);

/** Keeps the vidcon's activity in step: its window, and the deadline of "on time" (start + allowance). */
function syncVidconActivity(db: Db, college: College, id: string, row: NewVidconRow) {
  return syncActivity(
    db,
    vidconContent.activityOf(id, row, {
      countsForAttendance: true,
      opensAt: row.waktuMulai,
      closesAt: row.waktuSelesai,
      dueAt: vidconDueAt(row.waktuMulai, lateMinutesOf(college)),
    }),
  );
}

/** A checked form's columns, the same for a new vidcon and an edit. */
function vidconColumns(input: VidconInput) {
  return {
    judul: input.judul!.trim(),
    aplikasi: input.aplikasi!,
    link: input.link!.trim(),
    catatan: input.catatan?.trim() ?? '',
    waktuMulai: new Date(input.waktu_mulai!),
    waktuSelesai: new Date(input.waktu_selesai!),
  };
}

/** POST /v2/lms/vidcon: a new vidcon in a meeting the actor may edit (spec 2 §5). */
export async function createVidcon(
  db: Db,
  actor: Actor,
  college: College,
  input: VidconInput,
): Promise<Vidcon> {
  throwFieldErrors(
    validateVidconForm(
      { ...input, waktu_mulai: instant(input.waktu_mulai), waktu_selesai: instant(input.waktu_selesai) },
      { requireMeeting: true },
    ),
    'vidcon_tidak_valid',
  );
  const { meeting } = await loadEditableMeeting(db, actor, college, input.id_pertemuan!);
  const row: NewVidconRow = {
    ...createdIn(actor, meeting),
    ...vidconColumns(input),
  };
  const id = await vidconContent.insert(
    db,
    (tx) => insertVidcon(tx, row),
    async (tx, newId) => {
      await syncVidconActivity(tx, college, newId, row);
      await announceToClass(tx, {
        collegeId: actor.collegeId,
        classId: meeting.kelasId,
        kind: 'vidcon',
        title: row.judul,
        link: `/kelas/${meeting.kelasId}/${meeting.id}`,
        resource: { kind: 'vidcon', id: newId },
        actorUserId: actor.userId,
      });
    },
  );
  return readVidcon(db, actor, college, id);
}

/** PUT /v2/lms/vidcon/{id}: the edit form; times are locked once it ended or runs with participants. */
export async function updateVidcon(
  db: Db,
  actor: Actor,
  college: College,
  { row }: LoadedVidcon,
  input: VidconInput,
): Promise<Vidcon> {
  const { id } = row;
  const participants = (await findVidconJoins(db, actor.collegeId, [id])).filter(
    (j) => j.role === 'mahasiswa',
  ).length;
  const start = instant(input.waktu_mulai);
  const end = instant(input.waktu_selesai);
  throwFieldErrors(
    validateVidconForm(
      { ...input, waktu_mulai: start, waktu_selesai: end },
      { requireMeeting: false, stored: { waktu_selesai: row.waktuSelesai, participants } },
    ),
    'vidcon_tidak_valid',
  );
  const status = vidconStatus(new Date(), row.waktuMulai, row.waktuSelesai);
  const timesChanged = +start! !== +row.waktuMulai || +end! !== +row.waktuSelesai;
  if (timesChanged && areVidconTimesLocked(status, participants)) {
    throwFieldErrors(
      { invalid: [{ field: 'waktu_mulai', message: vidconMessages.timesLocked }] },
      'vidcon_tidak_valid',
    );
  }
  const current = { id: row.pertemuanId, kelas: { id: row.kelasId } };
  const target = await loadMeetingToMoveTo(db, actor, college, current, input.id_pertemuan);
  const changes: NewVidconRow = {
    ...placedIn(actor, target),
    ...vidconColumns(input),
  };
  await vidconContent.update(
    db,
    (tx) => updateVidconRow(tx, actor.collegeId, id, changes),
    (tx) => syncVidconActivity(tx, college, id, changes),
  );
  return readVidcon(db, actor, college, id);
}

/** DELETE /v2/lms/vidcon/{id}: with its joins, its activity and the students' facts. */
export async function deleteVidcon(db: Db, actor: Actor, { row }: LoadedVidcon): Promise<void> {
  const { id } = row;
  await vidconContent.remove(db, actor.collegeId, id, (tx) => deleteVidconRow(tx, actor.collegeId, id));
}

/**
 * PUT /v2/lms/vidcon/{id}/join: records when a member of the class first joined (server time); for a
 * student also the attendance fact, late when at or after the start plus terlambat_vidcon_menit.
 */
export async function joinVidcon(
  db: Db,
  actor: Actor,
  college: College,
  loaded: LoadedVidcon,
): Promise<Vidcon> {
  const { row } = loaded;
  const { id } = row;
  const { canJoin } = vidconAccessOf(actor, loaded.cls);
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
      ...vidconContent.ref(id),
      mahasiswaId: actor.userId,
      completedAt: joinedAt,
      evidence: { joinedAt },
    });
  }
  return presentOne(db, actor, college, loaded);
}
