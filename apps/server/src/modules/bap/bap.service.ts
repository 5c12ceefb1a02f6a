import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type archiver from 'archiver';
import { bapMessages, bapPdfFileName, bapZipFileName, defaultSignatoryTitle } from '@lms/contract/bap.rules';
import type {
  ClassBapQuery,
  PeriodBapQuery,
  ProgramSignatory,
  ProgramSignatoryUpdate,
} from '@lms/contract/bap.schema';
import { classStatusOfFilter } from '@lms/contract/class.rules';
import { hasMeetingStarted } from '@lms/contract/attendance.rules';
import { collegeTimeZoneLabels, type CollegeTimeZone } from '@lms/contract/college-settings.rules';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import type { LoadedResource } from '../../platform/resource-access.ts';
import { readAll, sniffImageType, type FileStore } from '../../platform/file-storage.ts';
import { runInWorker, type WorkerPriority } from '../../platform/worker-pool.ts';
import {
  classListScope,
  findClassIdsOfFilter,
  findTeachersOfClasses,
  loadReadableClass,
} from '../class/class.api.ts';
import { collegeColorHex, collegeInitials } from '../college/college.api.ts';
import { readLecturerAttendanceOfMeetings } from '../lecturer-attendance/lecturer-attendance.api.ts';
import { loadReadableMeeting } from '../meeting/meeting.api.ts';
import {
  buildClassReport,
  type BapReport,
  type BapRequest,
  type ClassReportRows,
  type ReportCollege,
  type ReportSettings,
} from './bap-report.ts';
import { assertCanWriteSignatory, resolveBapRequest } from './bap.policy.ts';
import { presentSignatory } from './bap.presenter.ts';
import {
  listChanges,
  recordChanges,
  type ActivityCaller,
  type ChangeFields,
} from '../activity-log/activity-log.api.ts';
import { readMarksOfClasses } from '../attendance/attendance.api.ts';
import {
  countEnrolled,
  findHeldMeetings,
  findProgramSignatory,
  findReportClasses,
  findSignatoriesOfPrograms,
  findMeetingReport,
  findTeachersOfMeetings,
  upsertMeetingReport,
  upsertProgramSignatory,
  type ProgramSignatoryRow,
} from './bap.repository.ts';

/** Classes read per round of the period's zip: a few statements per round, memory bounded by the round. */
export const classesPerRound = 10;
/** The zip's first round is one class, so its first bytes leave after one small read and one PDF. */
const firstRoundClasses = 1;

/** Drawing a report of a class of thousands takes seconds; a period's zip draws one class at a time. */
const bapRenderTimeoutMs = 60_000;

/**
 * The report's PDF, drawn in a worker thread (platform/worker-pool.ts) so that the instance keeps
 * answering meanwhile: the minute's job draws the reports of meetings that just ended (as background
 * work), and during an exam a lecture of thousands ending would otherwise hold every request of its
 * instance for seconds.
 */
async function drawBapPdf(report: BapReport, priority: WorkerPriority = 'request'): Promise<Buffer> {
  const bytes = await runInWorker('renderBapPdfTask', report, bapRenderTimeoutMs, priority);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A PDF or zip download: its name, type and bytes. */
export interface BapDownload {
  fileName: string;
  contentType: string;
  body: Readable;
}

/** The college as the reports' letterhead shows it: name, address, the uploaded logo or its initials. */
async function loadReportCollege(files: FileStore, college: College): Promise<ReportCollege> {
  let logo: Buffer | null = null;
  if (college.logoKey) {
    const found = await files.get(college.logoKey);
    if (found) {
      const bytes = await readAll(found.stream);
      if (sniffImageType(bytes)) logo = bytes;
    }
  }
  return {
    nama: college.nama,
    alamat: college.alamat,
    timeZone: college.timeZone,
    timeZoneLabel: collegeTimeZoneLabels[college.timeZone as CollegeTimeZone] ?? 'WIB',
    logo,
    initials: collegeInitials(college.nama),
    logoColor: collegeColorHex(college.id),
  };
}

function reportSettings(college: College): ReportSettings {
  const settings = readCollegeSettings(college).pengaturan_kelas;
  return {
    validationOn: settings.validasi_kehadiran_dosen,
    minProgressPercent: settings.syarat_kehadiran_online_mahasiswa.presentase_progress_minimal_persen,
  };
}

/**
 * Everything the reports of the given classes need, read set-based: eight statements for any number of
 * classes (classes, teachers, held meetings, lecturer attendance, meeting teachers, marks, enrolment,
 * signatories), never one per class, meeting or student.
 */
export async function loadClassReportRows(
  db: Db,
  collegeId: string,
  kelasIds: string[],
  now: Date,
  onlyMeetingId?: string,
): Promise<ClassReportRows[]> {
  const [classRows, teachers, meetings, enrolled] = await Promise.all([
    findReportClasses(db, collegeId, kelasIds),
    findTeachersOfClasses(db, collegeId, kelasIds),
    findHeldMeetings(db, collegeId, kelasIds, now, onlyMeetingId),
    countEnrolled(db, collegeId, kelasIds),
  ]);
  const meetingIds = meetings.map((m) => m.id);
  const prodiIds = [...new Set(classRows.map((c) => c.course.prodiId))];
  const [attendance, meetingTeachers, marks, signatories] = await Promise.all([
    readLecturerAttendanceOfMeetings(db, collegeId, meetingIds),
    findTeachersOfMeetings(db, collegeId, meetingIds),
    readMarksOfClasses(db, collegeId, kelasIds, meetingIds),
    findSignatoriesOfPrograms(db, collegeId, prodiIds),
  ]);
  const meetingClass = new Map(meetings.map((m) => [m.id, m.kelasId]));
  const byClass = <T>(rows: T[], kelasOf: (row: T) => string | undefined) => {
    const map = new Map<string, T[]>();
    for (const row of rows) {
      const key = kelasOf(row);
      if (key === undefined) continue;
      const list = map.get(key);
      if (list) list.push(row);
      else map.set(key, [row]);
    }
    return map;
  };
  const teachersOf = byClass(teachers, (t) => t.kelasId);
  const meetingsOf = byClass(meetings, (m) => m.kelasId);
  const attendanceOf = byClass(attendance, (a) => meetingClass.get(a.pertemuanId));
  const meetingTeachersOf = byClass(meetingTeachers, (t) => meetingClass.get(t.pertemuanId));
  const marksOf = byClass(marks, (m) => m.kelasId);
  const signatoryOf = new Map(signatories.map((s) => [s.prodiId, s]));
  return classRows.map((cls) => ({
    cls,
    teachers: teachersOf.get(cls.id) ?? [],
    meetings: meetingsOf.get(cls.id) ?? [],
    lecturerAttendance: attendanceOf.get(cls.id) ?? [],
    meetingTeachers: meetingTeachersOf.get(cls.id) ?? [],
    marks: marksOf.get(cls.id) ?? [],
    enrolled: enrolled.get(cls.id) ?? 0,
    signatory: signatoryOf.get(cls.course.prodiId) ?? null,
  }));
}

function pdfName(rows: ClassReportRows): string {
  return bapPdfFileName({
    kode: rows.cls.course.kode,
    mataKuliah: rows.cls.course.nama,
    kelas: `${rows.cls.nama} ${rows.cls.jenis}`,
  });
}

/**
 * GET /v2/lms/kelas_kuliah/{id}/bap/unduh: one class's BAP as a PDF. A lecturer only for a class they
 * teach (the class area's read check) and only the class report or their own.
 */
export async function downloadClassBap(
  db: Db,
  files: FileStore,
  actor: Actor,
  college: College,
  kelasId: string,
  query: ClassBapQuery,
  now = new Date(),
): Promise<BapDownload> {
  const { teachers } = await loadReadableClass(db, actor, kelasId);
  const request = resolveBapRequest(
    actor,
    query,
    teachers.map((t) => t.dosenId),
  );
  const [rows] = await loadClassReportRows(db, actor.collegeId, [kelasId], now);
  if (!rows) throw new AppError(404, 'class_not_found');
  const report = buildClassReport(
    rows,
    request,
    await loadReportCollege(files, college),
    reportSettings(college),
    now,
  );
  return {
    fileName: pdfName(rows),
    contentType: 'application/pdf',
    body: Readable.from([await drawBapPdf(report)]),
  };
}

/** Resolves when the archive has taken the entry in, rejects when it fails or the download is abandoned. */
function entryTaken(archive: archiver.Archiver, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      signal.removeEventListener('abort', onAbort);
    };
    const onEntry = () => {
      cleanup();
      resolve();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onAbort = () => {
      cleanup();
      reject(new Error('download abandoned'));
    };
    archive.once('entry', onEntry);
    archive.once('error', onError);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * GET /v2/lms/kelas_kuliah/bap/unduh: the BAP of every class of the list's filters (a lecturer: the
 * classes they teach) as a zip, `BAP - {periode}.zip`, streamed: classes are read 10 at a time (the first round one) and each
 * PDF is rendered only once the archive has taken the previous one, so the first bytes leave at once and
 * memory does not grow with the number of classes. `signal` aborts when the client goes away.
 */
export async function downloadPeriodBap(
  db: Db,
  files: FileStore,
  actor: Actor,
  college: College,
  query: PeriodBapQuery,
  signal: AbortSignal,
  now = new Date(),
): Promise<BapDownload> {
  const scope = classListScope(actor);
  const request: BapRequest = resolveBapRequest(actor, query, null);
  const filters = {
    periode: query.periode,
    mataKuliahId: query.id_mata_kuliah,
    status: query.status ? classStatusOfFilter(query.status) : undefined,
    search: query.search,
    prodiMataKuliahId: query.id_prodi_mata_kuliah,
    prodiKelasId: query.id_prodi_kelas,
  };
  const nextIds = (after: string | null, limit = classesPerRound) =>
    findClassIdsOfFilter(db, actor.collegeId, scope, filters, after, limit);
  // Read before answering, so "nothing to download" is an error status rather than an empty zip.
  const firstIds = await nextIds(null, firstRoundClasses);
  if (firstIds.length === 0) throw new AppError(404, 'kelas_tidak_ditemukan', bapMessages.noClasses);
  const reportCollege = await loadReportCollege(files, college);
  const settings = reportSettings(college);

  // PDFs are compressed already; storing them keeps the zip step cheap.
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: zip } = await import('archiver');
  const archive = zip('zip', { store: true });
  const names = new Set<string>();
  void (async () => {
    let ids = firstIds;
    while (ids.length > 0) {
      const batch = await loadClassReportRows(db, actor.collegeId, ids, now);
      for (const rows of batch) {
        if (signal.aborted) throw new Error('download abandoned');
        // With Laporan Saya a lecturer's zip holds only their own reports.
        const report = buildClassReport(rows, request, reportCollege, settings, now);
        let name = pdfName(rows);
        if (names.has(name)) name = name.replace(/\.pdf$/, ` (${rows.cls.id}).pdf`);
        names.add(name);
        const taken = entryTaken(archive, signal);
        archive.append(await drawBapPdf(report), { name });
        await taken;
      }
      ids = await nextIds(ids[ids.length - 1]!);
    }
    await archive.finalize();
  })().catch(() => archive.abort());
  return { fileName: bapZipFileName(query.periode), contentType: 'application/zip', body: archive };
}

/** GET /v1/penandatangan_prodi/{id}: the program's signatory, null until one is set; 404 for an unknown program. */
export function getProgramSignatory(program: ProgramSignatoryRow): ProgramSignatory | null {
  return presentSignatory(program);
}

/** The BAP area's answer for a study program its college does not hold. */
export const programNotFound = () => new AppError(404, 'prodi_tidak_ditemukan', bapMessages.programNotFound);

/** A program with its signatory; the route's operator area decides who reads and changes it. The program resource's loader. */
export async function loadProgramResource(
  db: Db,
  actor: Actor,
  _college: College,
  prodiId: string,
): Promise<LoadedResource<ProgramSignatoryRow> | null> {
  const row = await findProgramSignatory(db, actor.collegeId, prodiId);
  return row ? { row, canRead: true, canWrite: true } : null;
}

/** The program signatory's fields an operator's change is audited on. */
const signatoryFields: ChangeFields = { jabatan: 'Jabatan', nama: 'Nama', nidn: 'NIDN', nip: 'NIP' };

/**
 * PUT /v1/penandatangan_prodi/{id}: sets the program's signatory (operators with write on Data Master);
 * the activity log records what changed, old → new.
 */
export async function saveProgramSignatory(
  db: Db,
  caller: ActivityCaller,
  program: ProgramSignatoryRow,
  input: ProgramSignatoryUpdate,
): Promise<ProgramSignatory | null> {
  const { actor } = caller;
  const { prodiId } = program;
  assertCanWriteSignatory(actor);
  const before = presentSignatory(program);
  await upsertProgramSignatory(db, {
    collegeId: actor.collegeId,
    prodiId,
    jabatan: input.jabatan || defaultSignatoryTitle,
    nama: input.nama,
    nidn: input.nidn,
    nip: input.nip,
    updatedBy: actor.userId,
  });
  const after = await findProgramSignatory(db, actor.collegeId, prodiId);
  if (!after) throw programNotFound();
  const saved = getProgramSignatory(after);
  if (saved) {
    await recordChanges(
      db,
      caller,
      'ubah_penandatangan_prodi',
      `Mengubah penandatangan BAP ${saved.prodi.jenjang} ${saved.prodi.nama}`,
      listChanges(before, saved, signatoryFields),
      { id_prodi: prodiId },
    );
  }
  return saved;
}

/** The report of one meeting: its class and detail parts, signed by the program head and its lecturers. */
const meetingReportRequest: BapRequest = {
  kelas: true,
  detail: true,
  tandaTangan: true,
  kind: 'kelas',
  dosenId: null,
  callerIsLecturer: true,
};

/** A meeting has ended: the lecturer ended it, or its end time has passed (as the job decides). */
function hasMeetingEnded(meeting: { status: string; waktuSelesai: Date }, now: Date): boolean {
  return meeting.status === 'selesai' || meeting.waktuSelesai.getTime() <= now.getTime();
}

/** What a meeting's report says, before drawing it: the report, its file name and its fingerprint. */
async function prepareMeetingReport(
  db: Db,
  files: FileStore,
  college: College,
  meeting: { id: string; kelasId: string },
  now: Date,
) {
  const [rows] = await loadClassReportRows(db, college.id, [meeting.kelasId], now, meeting.id);
  const held = rows?.meetings[0];
  if (!rows || !held) return null;
  const reportCollege = await loadReportCollege(files, college);
  const settings = reportSettings(college);
  const report = buildClassReport(rows, meetingReportRequest, reportCollege, settings, now);
  report.subjudul = `Laporan Pertemuan ${held.nomor}`;
  // The fingerprint leaves out the print date (built at a fixed instant) and the logo's bytes (its key
  // stands for it), so it changes exactly when a fact, mark, validation or name in the report does.
  const timeless = buildClassReport(rows, meetingReportRequest, reportCollege, settings, new Date(0));
  const hash = createHash('sha256')
    .update(JSON.stringify(timeless, (key, value: unknown) => (key === 'logo' ? null : value)))
    .update(college.logoKey ?? '')
    .digest('hex');
  return {
    report,
    hash,
    fileName: pdfName(rows).replace(/\.pdf$/, ` - Pertemuan ${held.nomor}.pdf`),
  };
}

/** Draws a prepared meeting report and stores it as the meeting's BAP, replacing an older one. */
async function renderAndStore(
  db: Db,
  files: FileStore,
  college: College,
  meetingId: string,
  prepared: NonNullable<Awaited<ReturnType<typeof prepareMeetingReport>>>,
  priority: WorkerPriority,
): Promise<Buffer> {
  const bytes = await drawBapPdf(prepared.report, priority);
  const stored = await files.put(bytes, {
    collegeId: college.id,
    contentType: 'application/pdf',
    fileName: prepared.fileName,
    private: true,
  });
  const replaced = await upsertMeetingReport(db, {
    collegeId: college.id,
    pertemuanId: meetingId,
    fileKey: stored.key,
    size: stored.size,
    contentHash: prepared.hash,
  });
  if (replaced) await files.delete(replaced);
  return bytes;
}

/** Renders an ended meeting's BAP and stores it (the job's work); replaces an older one. */
export async function storeMeetingReport(
  db: Db,
  files: FileStore,
  college: College,
  meeting: { id: string; kelasId: string },
  now = new Date(),
): Promise<void> {
  const prepared = await prepareMeetingReport(db, files, college, meeting, now);
  if (prepared) await renderAndStore(db, files, college, meeting.id, prepared, 'background');
}

/**
 * GET /v2/lms/pertemuan/{id}/bap/unduh: the meeting's BAP as the job stored it when the meeting ended, or
 * rendered now when the job has not reached it yet. Lecturers of the class and operators; 409 before the
 * meeting has started.
 */
export async function downloadMeetingBap(
  db: Db,
  files: FileStore,
  actor: Actor,
  college: College,
  meetingId: string,
  now = new Date(),
): Promise<BapDownload> {
  const { meeting } = await loadReadableMeeting(db, actor, college, meetingId);
  const started = hasMeetingStarted(
    {
      waktu_mulai: meeting.waktuMulai.toISOString(),
      mulai_kuliah: meeting.mulaiKuliah?.toISOString() ?? null,
    },
    now,
  );
  if (!started) throw new AppError(409, 'pertemuan_belum_dimulai', bapMessages.meetingNotHeld);
  const meetingRef = { id: meeting.id, kelasId: meeting.kelas.id };
  const [stored, prepared] = await Promise.all([
    findMeetingReport(db, actor.collegeId, meeting.id),
    prepareMeetingReport(db, files, college, meetingRef, now),
  ]);
  if (!prepared) throw new AppError(409, 'pertemuan_belum_dimulai', bapMessages.meetingNotHeld);
  // The stored copy is served only while it still says what the meeting's records say; after an
  // attendance edit (a mark, a validation, a lecturer's times) the report is drawn and stored again.
  const file = stored?.contentHash === prepared.hash ? await files.get(stored.fileKey) : undefined;
  if (file) {
    return { fileName: file.file.fileName ?? 'BAP.pdf', contentType: 'application/pdf', body: file.stream };
  }
  const held = hasMeetingEnded(meeting, now);
  const bytes = held
    ? await renderAndStore(db, files, college, meeting.id, prepared, 'request')
    : await drawBapPdf(prepared.report);
  return { fileName: prepared.fileName, contentType: 'application/pdf', body: Readable.from([bytes]) };
}
