import { buildPageMeta } from '@lms/contract/api-envelope.schema';
import {
  attendanceMarkLabels,
  attendanceMessages,
  classAttendancePercent,
  describeEvidence,
  describeUnmetRequirement,
  hasMeetingStarted,
  isComputedAttendanceMeeting,
  meetingsStillNeeded,
  type AttendanceMark,
} from '@lms/contract/attendance.rules';
import type {
  AttendanceExportQuery,
  AttendanceList,
  AttendanceListQuery,
  AttendanceListRow,
  BulkAttendanceInput,
  ClassAttendanceRecap,
  MeetingAttendance,
  MeetingForumParticipation,
  MyClassAttendance,
  RecalculationInput,
  RecalculationScope,
  SingleAttendanceInput,
  StudentMeetingAttendance,
} from '@lms/contract/attendance.schema';
import { startOfLocalDate } from '@lms/contract/college-settings.rules';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import type { AttendanceParameters } from '@lms/contract/meeting.rules';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { readMeetingActivitiesOfStudent } from '../activity/activity.api.ts';
import { readMaterialFileTypes } from '../material/material.api.ts';
import { classListScope, loadReadableClass } from '../class/class.api.ts';
import { readMeetingForumCompletion } from '../forum/forum.api.ts';
import { loadReadableMeeting } from '../meeting/meeting.api.ts';
import {
  assertCanSeeClassAttendance,
  canRecalculateClass,
  resolveAttendanceAccess,
} from './attendance.policy.ts';
import {
  averageProgress,
  presentAttendanceMeeting,
  presentListRow,
  presentMark,
  presentRecalculation,
  presentStudent,
} from './attendance.presenter.ts';
import {
  countRecalculationScope,
  deleteMarks,
  findAttendanceList,
  findAttendanceListAfter,
  type AttendanceListKey,
  findEnrolledByNim,
  findEnrolledStudents,
  findEnrolledStudent,
  findMarksOfClass,
  findMeetingsOfClass,
  findRecalculation,
  findRunningRecalculation,
  findScopeNames,
  findStudentByNim,
  findStudentClassTotals,
  findStudentIdByNim,
  findStudentMarksAcrossClasses,
  insertRecalculation,
  isRecalculationRunning,
  upsertMarks,
  type AttendanceFilter,
  type RecalculationRow,
  type StudentMarkRow,
} from './attendance.repository.ts';

/** The college's minimum progress for presence by activity. */
export function minProgressOf(college: College): number {
  return readCollegeSettings(college).pengaturan_kelas.syarat_kehadiran_online_mahasiswa
    .presentase_progress_minimal_persen;
}

/** The system marks a meeting only where attendance is computed and once the meeting has started. */
function isComputedNow(
  meeting: {
    jenis: string;
    parameterKehadiran: AttendanceParameters;
    waktuMulai: Date;
    mulaiKuliah: Date | null;
  },
  now: Date,
): boolean {
  return (
    isComputedAttendanceMeeting({ jenis: meeting.jenis, parameter_kehadiran: meeting.parameterKehadiran }) &&
    hasMeetingStarted(
      {
        waktu_mulai: meeting.waktuMulai.toISOString(),
        mulai_kuliah: meeting.mulaiKuliah?.toISOString() ?? null,
      },
      now,
    )
  );
}

/** GET /v2/lms/kehadiran_mahasiswa/pertemuan/{idPertemuan}: the meeting's students and their marks. */
export async function getMeetingAttendance(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
  now = new Date(),
): Promise<MeetingAttendance> {
  const { meeting, cls } = await loadReadableMeeting(db, actor, college, meetingId);
  const access = resolveAttendanceAccess(actor, cls.relation, meeting, now);
  if (!access.lihat) throw forbidden();
  const minPercent = minProgressOf(college);
  const computed = isComputedNow(meeting, now);
  const [rows, running] = await Promise.all([
    findMarksOfClass(db, actor.collegeId, meeting.kelas.id, [meeting.id]),
    isRecalculationRunning(db, actor.collegeId, meeting.kelas.id),
  ]);
  const mahasiswa = rows.map((row) => ({
    mahasiswa: presentStudent(row, actor.collegeId),
    ...presentMark(row, computed, minPercent),
  }));
  const lastUpdate = rows.reduce<Date | null>(
    (latest, r) => (r.computedAt && (!latest || r.computedAt > latest) ? r.computedAt : latest),
    null,
  );
  const dihitung = isComputedAttendanceMeeting({
    jenis: meeting.jenis,
    parameter_kehadiran: meeting.parameterKehadiran,
  });
  return {
    pertemuan: presentAttendanceMeeting(meeting),
    dihitung_sistem: dihitung,
    presentase_progress_minimal_persen: minPercent,
    jumlah_hadir: mahasiswa.filter((m) => m.is_hadir).length,
    jumlah_peserta: mahasiswa.length,
    // Nothing to average until some activity counts in the meeting.
    rata_rata_progress:
      dihitung && rows.some((r) => (r.required ?? 0) > 0) ? averageProgress(mahasiswa) : null,
    waktu_terakhir_update_kehadiran: lastUpdate?.toISOString() ?? null,
    sedang_update: running,
    akses: { ubah: access.ubah, hitung_ulang: access.hitung_ulang },
    mahasiswa,
  };
}

/**
 * GET …/pertemuan/{idPertemuan}/forum: the meeting's forums on its attendance page (spec 2 §2 "forum
 * collapse list"), each with which enrolled students completed it; for those who see the whole list.
 */
export async function getMeetingForumParticipation(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
  now = new Date(),
): Promise<MeetingForumParticipation[]> {
  const { meeting, cls } = await loadReadableMeeting(db, actor, college, meetingId);
  if (!resolveAttendanceAccess(actor, cls.relation, meeting, now).lihat) throw forbidden();
  const [forums, enrolled] = await Promise.all([
    readMeetingForumCompletion(db, actor.collegeId, meeting.id),
    findEnrolledStudents(db, actor.collegeId, meeting.kelas.id),
  ]);
  return forums.map((forum) => {
    const mahasiswa = enrolled.map((student) => {
      const part = forum.students.get(student.mahasiswaId);
      return {
        mahasiswa: presentStudent(student, actor.collegeId),
        jumlah_post: part?.posts ?? 0,
        completed: part?.completed ?? false,
      };
    });
    const done = mahasiswa.filter((m) => m.completed).length;
    return {
      id_forum_chat: forum.id,
      id_group_chat: forum.kelasId,
      judul: forum.judul,
      pertemuan: { nomor: forum.nomor },
      waktu_mulai: forum.waktuMulai.toISOString(),
      waktu_selesai: forum.waktuSelesai.toISOString(),
      minimal_post: forum.minimalPost,
      completed: mahasiswa.length > 0 && done === mahasiswa.length,
      jumlah_selesai: done,
      jumlah_peserta: mahasiswa.length,
      mahasiswa,
    };
  });
}

/** Loads a meeting the actor may change attendance of, with the college's jenis_presensi switches. */
async function loadEditableMeeting(db: Db, actor: Actor, college: College, meetingId: string, now: Date) {
  const loaded = await loadReadableMeeting(db, actor, college, meetingId);
  const access = resolveAttendanceAccess(actor, loaded.cls.relation, loaded.meeting, now);
  if (!access.lihat) throw forbidden();
  if (!access.ubah) throw new AppError(409, 'kehadiran_belum_dapat_diubah', attendanceMessages.notEditable);
  return loaded;
}

/** Refuses I and S when the college switched them off (jenis_presensi). */
function assertMarksOffered(college: College, marks: AttendanceMark[]): void {
  const kinds = readCollegeSettings(college).pengaturan_kelas.jenis_presensi;
  const off = marks.find((m) => (m === 'I' && !kinds.izin) || (m === 'S' && !kinds.sakit));
  if (off)
    throw badRequest(
      'jenis_presensi_tidak_aktif',
      `${attendanceMessages.markNotActive} (${attendanceMarkLabels[off]})`,
    );
}

/**
 * PUT /v2/lms/kehadiran_mahasiswa/pertemuan/{idPertemuan}: several students' marks at once, by nim. A
 * mark with ada_presensi false removes the person's mark (the system's applies again). All or nothing:
 * a nim not enrolled in the class refuses the whole request.
 */
export async function saveBulkAttendance(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
  input: BulkAttendanceInput,
  now = new Date(),
): Promise<MeetingAttendance> {
  const { meeting } = await loadEditableMeeting(db, actor, college, meetingId, now);
  assertMarksOffered(
    college,
    input.data.filter((d) => d.ada_presensi).map((d) => d.presensi),
  );
  const nims = [...new Set(input.data.map((d) => d.nim))];
  const enrolled = new Map(
    (await findEnrolledByNim(db, actor.collegeId, meeting.kelas.id, nims)).map(
      (s) => [s.nim, s.mahasiswaId] as const,
    ),
  );
  const stray = nims.filter((nim) => !enrolled.has(nim));
  if (stray.length) {
    throw badRequest(
      'mahasiswa_tidak_terdaftar',
      `${attendanceMessages.studentNotInClass} (${stray.join(', ')})`,
    );
  }
  const last = new Map(input.data.map((d) => [d.nim, d] as const));
  const marks = [...last.values()].filter((d) => d.ada_presensi);
  const cleared = [...last.values()].filter((d) => !d.ada_presensi);
  await inTransaction(db, async (tx) => {
    await upsertMarks(
      tx,
      actor.collegeId,
      meeting.id,
      marks.map((d) => ({ mahasiswaId: enrolled.get(d.nim)!, presensi: d.presensi })),
      { userId: actor.userId, source: 'manual' },
    );
    await deleteMarks(
      tx,
      actor.collegeId,
      meeting.id,
      cleared.map((d) => enrolled.get(d.nim)!),
    );
  });
  return getMeetingAttendance(db, actor, college, meetingId, now);
}

/** PUT /v2/lms/kehadiran_mahasiswa/pertemuan/{idPertemuan}/mahasiswa/{id}: one student, by user id. */
export async function saveStudentAttendance(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
  mahasiswaId: string,
  input: SingleAttendanceInput,
  now = new Date(),
): Promise<MeetingAttendance> {
  const { meeting } = await loadEditableMeeting(db, actor, college, meetingId, now);
  const student = await findEnrolledStudent(db, actor.collegeId, meeting.kelas.id, mahasiswaId);
  if (!student) throw new AppError(404, 'mahasiswa_tidak_terdaftar', attendanceMessages.studentNotInClass);
  const presensi: AttendanceMark = input.presensi ?? (input.is_hadir ? 'H' : 'A');
  assertMarksOffered(college, [presensi]);
  await upsertMarks(db, actor.collegeId, meeting.id, [{ mahasiswaId, presensi }], {
    userId: actor.userId,
    source: 'manual',
  });
  return getMeetingAttendance(db, actor, college, meetingId, now);
}

/**
 * GET …/kelas_kuliah/{id}/pertemuan/{id}/me and …/nim/{nim}: one student's mark in a meeting with every
 * activity of the meeting, whether it counts, and the evidence of what they did (Detail data kehadiran).
 */
export async function getStudentMeetingAttendance(
  db: Db,
  actor: Actor,
  college: College,
  kelasId: string,
  meetingId: string,
  who: { me: true } | { nim: string },
  now = new Date(),
): Promise<StudentMeetingAttendance> {
  const { meeting, cls } = await loadReadableMeeting(db, actor, college, meetingId);
  if (meeting.kelas.id !== kelasId) throw new AppError(404, 'meeting_not_found');
  let mahasiswaId: string;
  if ('me' in who) {
    if (actor.role !== 'mahasiswa') throw forbidden();
    mahasiswaId = actor.userId;
  } else {
    assertCanSeeClassAttendance(actor, cls.relation);
    const found = await findStudentIdByNim(db, actor.collegeId, who.nim);
    if (!found) throw new AppError(404, 'student_not_found');
    mahasiswaId = found;
  }
  const student = await findEnrolledStudent(db, actor.collegeId, kelasId, mahasiswaId);
  if (!student) throw new AppError(404, 'mahasiswa_tidak_terdaftar', attendanceMessages.studentNotInClass);
  const minPercent = minProgressOf(college);
  const computed = isComputedNow(meeting, now);
  const [[row], activities] = await Promise.all([
    findMarksOfClass(db, actor.collegeId, kelasId, [meeting.id], mahasiswaId),
    readMeetingActivitiesOfStudent(db, actor.collegeId, meeting.id, mahasiswaId),
  ]);
  const mark = presentMark(row!, computed, minPercent);
  // A material's rule depends on its file type: what is missing says which part (issue 45).
  const materialTypes = await readMaterialFileTypes(
    db,
    actor.collegeId,
    activities.filter((a) => a.kind === 'materi').map((a) => a.contentId),
  );
  const thresholds = readCollegeSettings(college).pengaturan_kelas.syarat_kehadiran_online_mahasiswa;
  const counting = activities.filter((a) => a.counts);
  const weight = counting.length ? 1 / counting.length : 0;
  return {
    ...mark,
    mahasiswa: presentStudent(student, actor.collegeId),
    pertemuan: presentAttendanceMeeting(meeting),
    dihitung_sistem: isComputedAttendanceMeeting({
      jenis: meeting.jenis,
      parameter_kehadiran: meeting.parameterKehadiran,
    }),
    presentase_progress_minimal_persen: minPercent,
    presensi_label: mark.presensi ? attendanceMarkLabels[mark.presensi] : 'Belum Ada Presensi',
    aktivitas: activities.map((a) => ({
      id_aktivitas: a.id,
      jenis: a.kind,
      judul: a.title,
      weight: a.counts ? weight : 0,
      is_hadir: a.timing === 'on_time',
      waktu_selesai: a.completedAt?.toISOString() ?? null,
      terlambat: a.timing === 'late',
      bukti: describeEvidence(a, college.timeZone),
      batas_waktu: a.dueAt?.toISOString() ?? null,
      belum_terpenuhi: describeUnmetRequirement(
        { ...a, materialType: a.kind === 'materi' ? (materialTypes.get(a.contentId) ?? null) : null },
        thresholds,
      ),
    })),
  };
}

/**
 * GET /v2/lms/kehadiran_mahasiswa/kelas_kuliah/{id}: the class recap, students × meetings. Lecturers of
 * the class and operators see every student; a student sees their own row and their exam requirement.
 */
export async function getClassRecap(
  db: Db,
  actor: Actor,
  college: College,
  kelasId: string,
  now = new Date(),
): Promise<ClassAttendanceRecap> {
  const cls = await loadReadableClass(db, actor, kelasId);
  const own = actor.role === 'mahasiswa';
  if (!own) assertCanSeeClassAttendance(actor, cls.relation);
  const minPercent = minProgressOf(college);
  const meetingRows = await findMeetingsOfClass(db, actor.collegeId, kelasId);
  const rows = await findMarksOfClass(
    db,
    actor.collegeId,
    kelasId,
    meetingRows.map((m) => m.id),
    own ? actor.userId : undefined,
  );
  const meetingById = new Map(meetingRows.map((m) => [m.id, m] as const));
  const held = (m: (typeof meetingRows)[number]) => m.status === 'selesai' || m.waktuSelesai <= now;
  const lectures = meetingRows.filter((m) => m.kategori === 'kuliah');
  const heldCount = lectures.filter(held).length;
  const byStudent = new Map<string, ClassAttendanceRecap['mahasiswa'][number]>();
  for (const row of rows) {
    const meeting = meetingById.get(row.pertemuanId)!;
    let entry = byStudent.get(row.mahasiswaId);
    if (!entry) {
      entry = {
        mahasiswa: presentStudent(row, actor.collegeId),
        kehadiran: [],
        persentase: 0,
        jumlah_hadir: 0,
        jumlah_pertemuan_selesai: heldCount,
      };
      byStudent.set(row.mahasiswaId, entry);
    }
    const mark = presentMark(row, isComputedNow(meeting, now), minPercent);
    entry.kehadiran.push({ id_pertemuan: meeting.id, ...mark });
    if (meeting.kategori === 'kuliah' && held(meeting) && mark.is_hadir) entry.jumlah_hadir += 1;
  }
  for (const entry of byStudent.values())
    entry.persentase = classAttendancePercent(entry.jumlah_hadir, heldCount);
  const mahasiswa = [...byStudent.values()];
  return {
    kelas_kuliah: {
      id: cls.row.id,
      nama: cls.row.nama,
      jenis: cls.row.jenis,
      periode: cls.row.periode,
      mode_kuliah: cls.row.modeKuliah,
      mata_kuliah: { id: cls.row.course.id, kode: cls.row.course.kode, nama: cls.row.course.nama },
    },
    pertemuan: meetingRows.map((m) => ({
      id: m.id,
      nomor: m.nomor,
      judul: m.judul,
      jenis: m.jenis,
      kategori: m.kategori,
      status: m.status,
      waktu_mulai: m.waktuMulai.toISOString(),
      waktu_selesai: m.waktuSelesai.toISOString(),
    })),
    mahasiswa,
    syarat_ujian: own ? examRequirements(college, mahasiswa[0], lectures.length, heldCount) : null,
  };
}

/** Whether the student meets the UTS/UAS attendance minimum of the class, and how many more meetings. */
function examRequirements(
  college: College,
  entry: ClassAttendanceRecap['mahasiswa'][number] | undefined,
  total: number,
  held: number,
): ClassAttendanceRecap['syarat_ujian'] {
  const rule = readCollegeSettings(college).pembatasan_akses.kehadiran_ujian;
  if (!rule.aktif || !entry) return [];
  return rule.berlaku_untuk.map((ujian) => {
    const needed = meetingsStillNeeded({
      attended: entry.jumlah_hadir,
      total,
      remaining: total - held,
      minPercent: rule.persen_minimal,
    });
    return {
      ujian,
      persen_minimal: rule.persen_minimal,
      memenuhi_syarat: entry.persentase >= rule.persen_minimal,
      pertemuan_dibutuhkan: needed,
    };
  });
}

/** GET /v2/lms/kehadiran_mahasiswa/me: the student's classes with their attendance percentage. */
export async function listMyClassAttendance(
  db: Db,
  actor: Actor,
  college: College,
): Promise<MyClassAttendance[]> {
  if (actor.role !== 'mahasiswa') throw forbidden();
  const rows = await findStudentClassTotals(db, actor.collegeId, actor.userId, minProgressOf(college));
  return rows.map((r) => ({
    kelas_kuliah: { id: r.kelas.id, nama: r.kelas.nama, periode: r.kelas.periode, mata_kuliah: r.mataKuliah },
    persentase: classAttendancePercent(r.attended, r.held),
    jumlah_hadir: r.attended,
    jumlah_pertemuan_selesai: r.held,
    jumlah_pertemuan: r.total,
  }));
}

const dayMs = 86_400_000;

/**
 * The repository's filter of the list's (or a recalculation's) query; the dates are local dates of the
 * college, both inclusive: from the start of the first to the start of the day after the last.
 */
function filterOf(query: Partial<AttendanceExportQuery>, timeZone: string): AttendanceFilter {
  return {
    periode: query.periode,
    mataKuliahId: query.id_mata_kuliah,
    kelasId: query.id_kelas_kuliah,
    prodiId: query.id_prodi,
    dosenId: query.id_dosen,
    from: query.tanggal_mulai ? startOfLocalDate(query.tanggal_mulai, timeZone) : undefined,
    to: query.tanggal_selesai
      ? new Date(startOfLocalDate(query.tanggal_selesai, timeZone).getTime() + dayMs)
      : undefined,
    status: query.status,
    jenis: query.jenis,
    search: query.search,
  };
}

/** GET /v2/lms/kehadiran_mahasiswa: meetings of the actor's classes with their attendance figures. */
export async function listAttendance(
  db: Db,
  actor: Actor,
  college: College,
  query: AttendanceListQuery,
): Promise<AttendanceList> {
  if (actor.role === 'mahasiswa') throw forbidden();
  const [{ rows, total }, running] = await Promise.all([
    findAttendanceList(
      db,
      actor.collegeId,
      classListScope(actor),
      filterOf(query, college.timeZone),
      { offset: (query.page - 1) * query.per_page, limit: query.per_page },
      minProgressOf(college),
    ),
    findRunningRecalculation(db, actor.collegeId),
  ]);
  return {
    data: rows.map(presentListRow),
    meta: buildPageMeta(query, total),
    sedang_update: !!running,
    proses_update: running ? presentRecalculation(running) : null,
  };
}

/**
 * Pages of the attendance list for the export, read by key `pageSize` rows at a time after a first page
 * of `firstPageSize`, against one clock and without the total: the export answers once the first page is
 * read, so a small one starts the download quickly (bench/attendance-bench.ts measures the first byte).
 */
export async function* iterateAttendanceList(
  db: Db,
  actor: Actor,
  college: College,
  query: Partial<AttendanceExportQuery>,
  pageSize = 2000,
  firstPageSize = 100,
  now = new Date(),
): AsyncGenerator<AttendanceListRow[]> {
  if (actor.role === 'mahasiswa') throw forbidden();
  const minPercent = minProgressOf(college);
  let after: AttendanceListKey | null = null;
  for (let limit = Math.min(firstPageSize, pageSize); ; limit = pageSize) {
    const { rows, next } = await findAttendanceListAfter(
      db,
      actor.collegeId,
      classListScope(actor),
      filterOf(query, college.timeZone),
      { after, limit, now },
      minPercent,
    );
    if (rows.length) yield rows.map(presentListRow);
    if (rows.length < limit) return;
    after = next;
  }
}

/** What a recalculation covers: one meeting, one class, or the classes of a filter. */
export type RecalculationTarget =
  { kind: 'meeting'; meetingId: string } | { kind: 'filter'; input: RecalculationInput };

/** dd/mm/yyyy of a local date `YYYY-MM-DD`. */
function localDateText(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * The Indonesian text of a recalculation's scope, which the confirmation shows and the activity log
 * records (`context.cakupan`): "Periode 2026/2027 Ganjil · Prodi S1 Informatika · Tanggal 01/09/2026–30/09/2026".
 */
export function describeRecalculationScope(
  input: RecalculationInput,
  names: Awaited<ReturnType<typeof findScopeNames>>,
): string {
  const parts = [
    input.periode !== undefined ? `Periode ${formatPeriodLabel(input.periode)}` : 'Semua periode',
  ];
  if (names.prodi) parts.push(`Prodi ${names.prodi.jenjang} ${names.prodi.nama}`);
  if (names.course) parts.push(`Mata kuliah ${names.course.kode} ${names.course.nama}`);
  if (names.kelas) parts.push(`Kelas ${names.kelas.kode} ${names.kelas.mataKuliah} - ${names.kelas.nama}`);
  if (names.dosen) parts.push(`Dosen ${names.dosen.nama}`);
  const { tanggal_mulai: from, tanggal_selesai: to } = input;
  if (from && to) parts.push(`Tanggal ${localDateText(from)}–${localDateText(to)}`);
  else if (from) parts.push(`Mulai ${localDateText(from)}`);
  else if (to) parts.push(`Sampai ${localDateText(to)}`);
  return parts.join(' · ');
}

/** A checked recalculation of a class or a filter: its class (if one), filter, scope text and counts. */
export interface ResolvedRecalculation {
  kelasId: string | null;
  filter: AttendanceFilter;
  scope: RecalculationScope;
}

/**
 * Checks the actor may recalculate the input (a class: its teachers and operators with write; the
 * classes of a filter: operators) and describes what it covers. A filter naming a study program, course,
 * class or lecturer the college does not have answers 404 rather than an empty scope.
 */
export async function resolveRecalculation(
  db: Db,
  actor: Actor,
  college: College,
  input: RecalculationInput,
): Promise<ResolvedRecalculation> {
  let kelasId: string | null = null;
  if (input.id_kelas_kuliah) {
    const cls = await loadReadableClass(db, actor, input.id_kelas_kuliah);
    if (!canRecalculateClass(actor, cls.relation)) throw forbidden();
    kelasId = cls.row.id;
  } else if (actor.role !== 'operator') {
    // A recalculation of many classes is an operator's (write on kelas_kuliah).
    throw forbidden();
  }
  const filter = filterOf(input, college.timeZone);
  const [names, counts] = await Promise.all([
    findScopeNames(db, actor.collegeId, {
      prodiId: input.id_prodi,
      kelasId: kelasId ?? undefined,
      mataKuliahId: input.id_mata_kuliah,
      dosenId: input.id_dosen,
    }),
    countRecalculationScope(db, actor.collegeId, filter),
  ]);
  if (
    (input.id_prodi && !names.prodi) ||
    (input.id_mata_kuliah && !names.course) ||
    (input.id_dosen && !names.dosen)
  ) {
    throw new AppError(404, 'filter_tidak_ditemukan', attendanceMessages.scopeNotFound);
  }
  return {
    kelasId,
    filter,
    scope: {
      cakupan: describeRecalculationScope(input, names),
      jumlah_kelas: counts.classes,
      jumlah_mahasiswa: counts.students,
      jumlah_pertemuan: counts.meetings,
    },
  };
}

/** GET …/hitung_persentase/cakupan: what "Update Kehadiran Manual" would recalculate (its confirmation). */
export async function getRecalculationScope(
  db: Db,
  actor: Actor,
  college: College,
  input: RecalculationInput,
): Promise<RecalculationScope> {
  return (await resolveRecalculation(db, actor, college, input)).scope;
}

/**
 * Records a recalculation request after checking the actor may start it, refusing one while another
 * covering the same class runs (409 with "Sedang ada proses update"). The caller queues the job and,
 * for a class or filter, logs the scope.
 */
export async function createRecalculation(
  db: Db,
  actor: Actor,
  college: College,
  target: RecalculationTarget,
  now = new Date(),
): Promise<{ row: RecalculationRow; scope: RecalculationScope | null }> {
  let kelasId: string | null = null;
  let pertemuanId: string | null = null;
  let stored: Record<string, unknown> | null = null;
  let scope: RecalculationScope | null = null;
  if (target.kind === 'meeting') {
    const { meeting, cls } = await loadReadableMeeting(db, actor, college, target.meetingId);
    const access = resolveAttendanceAccess(actor, cls.relation, meeting, now);
    if (!access.lihat || !access.hitung_ulang) throw forbidden();
    kelasId = meeting.kelas.id;
    pertemuanId = meeting.id;
  } else {
    const resolved = await resolveRecalculation(db, actor, college, target.input);
    kelasId = resolved.kelasId;
    scope = resolved.scope;
    // The dates as instants: the job knows the college, not its zone.
    stored = {
      ...target.input,
      waktu_dari: resolved.filter.from?.toISOString(),
      waktu_sampai: resolved.filter.to?.toISOString(),
    };
  }
  if (await isRecalculationRunning(db, actor.collegeId, kelasId)) {
    throw new AppError(409, 'sedang_ada_proses_update', attendanceMessages.recalculationRunning);
  }
  const row = await insertRecalculation(db, {
    collegeId: actor.collegeId,
    kelasId,
    pertemuanId,
    filter: stored,
    requestedBy: actor.userId,
    classTotal: pertemuanId ? null : (scope?.jumlah_kelas ?? null),
  });
  return { row, scope };
}

/**
 * GET …/hitung_persentase/{id}: a recalculation's state and progress, for the page that started it.
 * Operators with read see the college's; a lecturer only their own requests.
 */
export async function getRecalculation(db: Db, actor: Actor, id: string): Promise<RecalculationRow> {
  if (actor.role === 'mahasiswa') throw forbidden();
  const row = await findRecalculation(db, actor.collegeId, id);
  if (!row || (actor.role !== 'operator' && row.requestedBy !== actor.userId)) {
    throw new AppError(404, 'not_found', attendanceMessages.recalculationNotFound);
  }
  return row;
}

/** One meeting of a student's attendance export. */
export interface StudentAttendanceExportRow {
  kelas: StudentMarkRow['kelas'];
  mataKuliah: StudentMarkRow['mataKuliah'];
  meeting: StudentMarkRow['meeting'];
  dihitungSistem: boolean;
  mark: ReturnType<typeof presentMark>;
}

/**
 * GET …/mahasiswa/{nim}/export_excel: one student's mark in every meeting of their classes (of a period
 * or all). Operators with read see every class of the student; a lecturer only the classes they teach
 * (a student they do not teach answers 404 as an unknown nim does).
 */
export async function getStudentAttendanceAcrossClasses(
  db: Db,
  actor: Actor,
  college: College,
  nim: string,
  periode: number | undefined,
  now = new Date(),
): Promise<{ student: { nim: string; nama: string }; rows: StudentAttendanceExportRow[] }> {
  if (actor.role === 'mahasiswa') throw forbidden();
  const scope = classListScope(actor);
  const student = await findStudentByNim(db, actor.collegeId, nim);
  if (!student) throw new AppError(404, 'student_not_found', attendanceMessages.studentNotFound);
  const rows = await findStudentMarksAcrossClasses(db, actor.collegeId, student.mahasiswaId, scope, periode);
  if (rows.length === 0 && scope.kind !== 'all') {
    throw new AppError(404, 'student_not_found', attendanceMessages.studentNotFound);
  }
  const minPercent = minProgressOf(college);
  return {
    student: { nim: student.nim, nama: student.nama },
    rows: rows.map((row) => ({
      kelas: row.kelas,
      mataKuliah: row.mataKuliah,
      meeting: row.meeting,
      dihitungSistem: isComputedAttendanceMeeting({
        jenis: row.meeting.jenis,
        parameter_kehadiran: row.meeting.parameterKehadiran,
      }),
      mark: presentMark(row, isComputedNow(row.meeting, now), minPercent),
    })),
  };
}
