import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  attendanceRequirementAllowed,
  fileExtension,
  fileTooLargeMessage,
  isMaterialCompleted,
  materialMaxBytes,
  materialMessages,
  playbackSlackSeconds,
  playedPercent,
  readingSecondsLeft,
  validateMaterialForm,
} from '@lms/contract/material.rules';
import {
  materialFieldsSchema,
  type ClassMaterialQuery,
  type Material,
  type MaterialDocument,
  type MaterialCopy,
  type MaterialFields,
  type MaterialSearchItem,
  type MaterialSearchQuery,
} from '@lms/contract/material.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { throwFieldErrors } from '../../platform/field-errors.ts';
import type { FileStore } from '../../platform/file-storage.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import type { UploadedFile } from '../../platform/multipart-form.ts';
import { parseInput } from '../../platform/parse-input.ts';
import {
  readStudentFacts,
  recordActivityFact,
  syncActivities,
  type ActivityEvidence,
} from '../activity/activity.api.ts';
import { classListScope, loadReadableClass, loadReadableClasses } from '../class/class.api.ts';
import { announceToClass, rescheduleAnnouncement } from '../notification/notification.api.ts';
import {
  createdIn,
  defineMeetingContent,
  loadEditableMeeting,
  loadMeetingToMoveTo,
  placedIn,
  type ContentWithClass,
  type MeetingRow,
} from '../meeting/meeting.api.ts';
import { deleteMaterialFile, readDocumentHtml } from './material-document.ts';
import { checkMaterialFile } from './material-upload.ts';
import { presentMaterial, presentMaterialProgress, presentMaterialSearchItem } from './material.presenter.ts';
import {
  addMaterialPlayback,
  deleteMaterial,
  findClassMaterialPage,
  findMaterialById,
  findMaterialSearchPage,
  findMaterialsByIds,
  findMaterialViews,
  insertMaterials,
  isFileKeyUsed,
  updateMaterial as updateMaterialRow,
  upsertMaterialOpened,
  type MaterialRow,
  type NewMaterialRow,
} from './material.repository.ts';

export const materialContent = defineMeetingContent<MaterialRow>({
  activity: 'materi',
  notFound: 'materi_not_found',
  find: findMaterialById,
});

export function studentThresholds(college: College) {
  return readCollegeSettings(college).pengaturan_kelas.syarat_kehadiran_online_mahasiswa;
}

/** The upload limit of materials: the `materi` size setting (spec 2 §5). */
export function materialUploadLimit(college: College): { maxBytes: number; tooLarge: AppError } {
  const maxBytes = materialMaxBytes(readCollegeSettings(college).pengaturan_sistem.ukuran_max_file.materi);
  return { maxBytes, tooLarge: new AppError(413, 'file_terlalu_besar', fileTooLargeMessage(maxBytes)) };
}

/** Answers the materials as the actor sees them: students with their own progress. */
async function presentMaterials(
  db: Db,
  actor: Actor,
  college: College,
  rows: MaterialRow[],
  canWrite: (row: MaterialRow) => boolean,
): Promise<Material[]> {
  const now = new Date();
  if (actor.role !== 'mahasiswa' || rows.length === 0) {
    return rows.map((row) => presentMaterial(row, { now, canWrite: canWrite(row), progress: null }));
  }
  const ids = rows.map((r) => r.id);
  const [facts, views] = await Promise.all([
    readStudentFacts(db, actor.collegeId, actor.userId, ids.map(materialContent.ref)),
    findMaterialViews(db, actor.collegeId, actor.userId, ids),
  ]);
  const viewOf = new Map(views.map((v) => [v.materiId, v] as const));
  const thresholds = studentThresholds(college);
  return rows.map((row) =>
    presentMaterial(row, {
      now,
      canWrite: false,
      progress: presentMaterialProgress(row, facts.get(`materi:${row.id}`), viewOf.get(row.id), {
        now,
        thresholds,
      }),
    }),
  );
}

/** A material with its class as the material resource loads it (`materialResource.of(request)`). */
export type LoadedMaterial = ContentWithClass<MaterialRow>;

/** Whether the material is hidden from the actor: not yet shown, to those who do not edit it (server time). */
export function isMaterialHidden({ row, cls }: LoadedMaterial, now = new Date()): boolean {
  return !cls.access.ubah_pertemuan && row.tampilMulai > now;
}

/** A material read again after a change; 404 as the resource when hidden from the actor. */
async function readMaterial(db: Db, actor: Actor, college: College, id: string): Promise<Material> {
  const loaded = await materialContent.loadWithClass(db, actor, id);
  if (isMaterialHidden(loaded)) throw materialContent.notFound();
  return getMaterial(db, actor, college, loaded);
}

/** GET /v2/lms/kelas_kuliah/{id}/materi: a class's materials, optionally of one meeting. */
export async function listClassMaterials(
  db: Db,
  actor: Actor,
  college: College,
  kelasId: string,
  query: ClassMaterialQuery,
): Promise<{ data: Material[]; meta: PageMeta }> {
  const cls = await loadReadableClass(db, actor, kelasId);
  const canWrite = cls.access.ubah_pertemuan;
  const { rows, total } = await findClassMaterialPage(
    db,
    actor.collegeId,
    { kelasId: cls.row.id, pertemuanId: query.id_pertemuan, visibleAt: canWrite ? undefined : new Date() },
    { page: query.page, perPage: query.per_page },
  );
  return {
    data: await presentMaterials(db, actor, college, rows, () => canWrite),
    meta: buildPageMeta(query, total),
  };
}

/** GET /v2/lms/materi/{id}. */
export async function getMaterial(
  db: Db,
  actor: Actor,
  college: College,
  { row, cls }: LoadedMaterial,
): Promise<Material> {
  const [material] = await presentMaterials(db, actor, college, [row], () => cls.access.ubah_pertemuan);
  return material!;
}

/** Throws the spec's answer for the form's errors: missing fields first (the toast), then the rest. */
function throwMaterialErrors(errors: Parameters<typeof throwFieldErrors>[0]): void {
  throwFieldErrors(errors, 'materi_tidak_valid', materialMessages.incomplete);
}

/** A form's times and flags as stored: attendance only in online meetings, show-now at the save time. */
function normalizeSchedule(
  fields: Pick<MaterialFields, 'tampil_sekarang' | 'waktu_mulai_tampil' | 'is_syarat_hadir' | 'deadline'>,
  meeting: MeetingRow,
  now: Date,
  storedShownAt?: Date,
) {
  const isSyaratHadir = fields.is_syarat_hadir && attendanceRequirementAllowed(meeting.jenis);
  const tampilMulai = fields.tampil_sekarang
    ? storedShownAt && storedShownAt <= now
      ? storedShownAt
      : now
    : new Date(fields.waktu_mulai_tampil!);
  return {
    tampilSekarang: fields.tampil_sekarang,
    tampilMulai,
    isSyaratHadir,
    deadline: isSyaratHadir && fields.deadline ? new Date(fields.deadline) : null,
  };
}

/** Checks and stores an uploaded file; answers the columns that describe it. */
async function storeMaterialFile(
  files: FileStore,
  collegeId: string,
  fileType: Exclude<MaterialRow['tipeFile'], 'url'>,
  file: UploadedFile,
) {
  const checked = await checkMaterialFile(fileType, file.fileName, file);
  if ('refused' in checked) {
    const extension = fileExtension(file.fileName);
    throw badRequest(
      'file_tidak_valid',
      checked.refused === 'extension'
        ? materialMessages.fileTypeInvalid(extension)
        : materialMessages.fileContentInvalid(extension),
    );
  }
  const stored = await files.put(file, {
    collegeId,
    contentType: checked.contentType,
    fileName: file.fileName,
  });
  return {
    fileKey: stored.key,
    fileName: file.fileName,
    fileSize: stored.size,
    fileContentType: checked.contentType,
    durationSeconds: checked.durationSeconds,
  };
}

/** Keeps the material's activity in step with it (kind materi). */
function syncMaterialActivities(db: Db, rows: Array<NewMaterialRow & { id: string }>) {
  return syncActivities(
    db,
    rows.map((row) =>
      materialContent.activityOf(row.id, row, {
        countsForAttendance: row.isSyaratHadir ?? false,
        opensAt: row.tampilMulai,
        dueAt: row.deadline ?? null,
      }),
    ),
  );
}

/** POST /v2/lms/materi: a new material in a meeting the actor may edit (spec 2 §5). */
export async function createMaterial(
  db: Db,
  files: FileStore,
  actor: Actor,
  college: College,
  form: { fields: Record<string, unknown>; file: UploadedFile | undefined },
): Promise<Material> {
  const fields = parseInput(materialFieldsSchema, form.fields);
  if (!fields.id_pertemuan) {
    throwMaterialErrors({
      missing: [{ field: 'id_pertemuan', message: materialMessages.pertemuanRequired }],
    });
  }
  const { meeting } = await loadEditableMeeting(db, actor, college, fields.id_pertemuan!);
  const now = new Date();
  const schedule = normalizeSchedule(fields, meeting, now);
  const errors = validateMaterialForm(
    {
      ...fields,
      has_file: !!form.file,
      tampil_sekarang: schedule.tampilSekarang,
      waktu_mulai_tampil: fields.waktu_mulai_tampil ? new Date(fields.waktu_mulai_tampil) : null,
      is_syarat_hadir: schedule.isSyaratHadir,
      deadline: schedule.deadline,
    },
    { requireMeeting: true, now },
  );
  throwMaterialErrors(errors);
  const tipeFile = fields.tipe_file!;
  const stored =
    tipeFile === 'url' ? undefined : await storeMaterialFile(files, actor.collegeId, tipeFile, form.file!);
  const row: NewMaterialRow = {
    ...createdIn(actor, meeting),
    judul: fields.judul.trim(),
    deskripsi: sanitizeRichText(fields.deskripsi),
    jenisMateri: fields.jenis_materi!,
    tipeFile,
    fileUrl: tipeFile === 'url' ? fields.file_url!.trim() : null,
    ...stored,
    ...schedule,
  };
  let id: string;
  try {
    id = await materialContent.insert(
      db,
      async (tx) => (await insertMaterials(tx, [row]))[0]!,
      async (tx, newId) => {
        await syncMaterialActivities(tx, [{ ...row, id: newId }]);
        await announceToClass(tx, {
          collegeId: actor.collegeId,
          classId: meeting.kelasId,
          kind: 'materi',
          title: row.judul,
          link: `/kelas/${meeting.kelasId}/${meeting.id}`,
          resource: { kind: 'material', id: newId },
          visibleFrom: row.tampilMulai,
          actorUserId: actor.userId,
        });
      },
    );
  } catch (error) {
    // Nothing points at the file yet: remove it rather than leave an orphan.
    if (stored) await files.delete(stored.fileKey);
    throw error;
  }
  return readMaterial(db, actor, college, id);
}

/**
 * PUT /v2/lms/materi/{id}: the edit form (no tabs). A new file replaces the stored one (sent only when
 * changed); without one the stored file stays. Operators may move the material to another meeting of the
 * same class.
 */
export async function updateMaterial(
  db: Db,
  files: FileStore,
  actor: Actor,
  college: College,
  current: LoadedMaterial,
  form: { fields: Record<string, unknown>; file: UploadedFile | undefined },
): Promise<Material> {
  const { id } = current.row;
  const fields = parseInput(materialFieldsSchema, form.fields);
  // The schedule's rules read the meeting's kind: its row, and the one it moves to.
  const { meeting: own } = await loadEditableMeeting(db, actor, college, current.row.pertemuanId);
  const meeting = await loadMeetingToMoveTo(db, actor, college, own, fields.id_pertemuan);
  const now = new Date();
  const schedule = normalizeSchedule(fields, meeting, now, current.row.tampilMulai);
  const tipeFile = fields.tipe_file ?? current.row.tipeFile;
  // A stored file still serves when the type stays a file type; a new upload is checked as usual.
  const keepsFile =
    !form.file && tipeFile !== 'url' && !!current.row.fileKey && tipeFile === current.row.tipeFile;
  const { missing, invalid } = validateMaterialForm(
    {
      ...fields,
      tipe_file: tipeFile,
      has_file: !!form.file || keepsFile,
      tampil_sekarang: schedule.tampilSekarang,
      waktu_mulai_tampil: fields.waktu_mulai_tampil ? new Date(fields.waktu_mulai_tampil) : null,
      is_syarat_hadir: schedule.isSyaratHadir,
      deadline: schedule.deadline,
    },
    { requireMeeting: false, now },
  );
  // A show time already passed is not "in the past" for an edit that keeps it.
  const kept = invalid.filter(
    (e) => !(e.field === 'waktu_mulai_tampil' && +schedule.tampilMulai === +current.row.tampilMulai),
  );
  throwMaterialErrors({ missing, invalid: kept });
  const stored =
    form.file && tipeFile !== 'url'
      ? await storeMaterialFile(files, actor.collegeId, tipeFile, form.file)
      : undefined;
  const noFile = {
    fileKey: null,
    fileName: null,
    fileSize: null,
    fileContentType: null,
    durationSeconds: null,
  };
  const changes: NewMaterialRow = {
    ...placedIn(actor, meeting),
    judul: fields.judul.trim(),
    deskripsi: sanitizeRichText(fields.deskripsi),
    jenisMateri: fields.jenis_materi!,
    tipeFile,
    fileUrl: tipeFile === 'url' ? fields.file_url!.trim() : null,
    ...(tipeFile === 'url' ? noFile : (stored ?? {})),
    ...schedule,
  };
  try {
    await materialContent.update(
      db,
      (tx) => updateMaterialRow(tx, actor.collegeId, id, changes),
      async (tx) => {
        await syncMaterialActivities(tx, [{ ...changes, id }]);
        await rescheduleAnnouncement(tx, {
          collegeId: actor.collegeId,
          kind: 'materi',
          resource: { kind: 'material', id },
          visibleFrom: schedule.tampilMulai,
        });
      },
    );
  } catch (error) {
    if (stored) await files.delete(stored.fileKey);
    throw error;
  }
  const replaced = current.row.fileKey;
  if (replaced && (stored || tipeFile === 'url') && !(await isFileKeyUsed(db, actor.collegeId, replaced))) {
    await deleteMaterialFile(files, replaced);
  }
  return readMaterial(db, actor, college, id);
}

/** DELETE /v2/lms/materi/{id}: the material, its activity and every student's facts on it. */
export async function removeMaterial(db: Db, files: FileStore, actor: Actor, { row }: LoadedMaterial) {
  const { id } = row;
  const deleted = await materialContent.remove(db, actor.collegeId, id, (tx) =>
    deleteMaterial(tx, actor.collegeId, id),
  );
  // Copies share their source's file: the bytes go with the last material that uses them.
  if (deleted.fileKey && !(await isFileKeyUsed(db, actor.collegeId, deleted.fileKey))) {
    await deleteMaterialFile(files, deleted.fileKey);
  }
}

/**
 * POST /v2/lms/materi/salin: copies materials the actor may read into a meeting they may edit, with the
 * copy form's display and attendance choices. The copies share the source files (never changed, only
 * replaced), so a copy costs no storage.
 */
export async function copyMaterials(
  db: Db,
  actor: Actor,
  college: College,
  input: MaterialCopy,
): Promise<Material[]> {
  const { meeting } = await loadEditableMeeting(db, actor, college, input.id_pertemuan);
  const sources = await findMaterialsByIds(db, actor.collegeId, [...new Set(input.list_id)]);
  if (sources.length !== new Set(input.list_id).size) throw new AppError(404, 'materi_not_found');
  // The caller must be able to read every source class (a lecturer copies from classes they teach).
  await loadReadableClasses(
    db,
    actor,
    sources.map((s) => s.kelasId),
  );
  const now = new Date();
  const schedule = normalizeSchedule(
    {
      tampil_sekarang: input.tampil_sekarang,
      waktu_mulai_tampil: input.waktu_mulai_tampil ?? undefined,
      is_syarat_hadir: input.is_syarat_hadir,
      deadline: input.deadline ?? undefined,
    },
    meeting,
    now,
  );
  const errors = validateMaterialForm(
    {
      judul: 'salin',
      deskripsi: 'salin',
      jenis_materi: 'salin',
      tipe_file: 'url',
      file_url: 'salin',
      tampil_sekarang: schedule.tampilSekarang,
      waktu_mulai_tampil: input.waktu_mulai_tampil ? new Date(input.waktu_mulai_tampil) : null,
      is_syarat_hadir: schedule.isSyaratHadir,
      deadline: schedule.deadline,
    },
    { requireMeeting: false, now },
  );
  throwMaterialErrors(errors);
  const rows: NewMaterialRow[] = sources.map((source) => ({
    ...createdIn(actor, meeting),
    judul: source.judul,
    deskripsi: source.deskripsi,
    jenisMateri: source.jenisMateri,
    tipeFile: source.tipeFile,
    fileKey: source.fileKey,
    fileName: source.fileName,
    fileSize: source.fileSize,
    fileContentType: source.fileContentType,
    durationSeconds: source.durationSeconds,
    fileUrl: source.fileUrl,
    ...schedule,
  }));
  const ids = await inTransaction(db, async (tx) => {
    const newIds = await insertMaterials(tx, rows);
    await syncMaterialActivities(
      tx,
      rows.map((row, i) => ({ ...row, id: newIds[i]! })),
    );
    return newIds;
  });
  const created = await findMaterialsByIds(db, actor.collegeId, ids);
  return presentMaterials(db, actor, college, created, () => true);
}

/**
 * GET /v2/lms/materi: the copy tab's search over materials of other classes; lecturers search the
 * classes they teach, operators with read every class of the college.
 */
export async function searchMaterials(
  db: Db,
  actor: Actor,
  query: MaterialSearchQuery,
): Promise<{ data: MaterialSearchItem[]; meta: PageMeta }> {
  const { rows, total } = await findMaterialSearchPage(
    db,
    actor.collegeId,
    classListScope(actor),
    {
      search: query.search,
      excludeKelasId: query.exclude_id_kelas_kuliah,
      mataKuliahId: query.id_mata_kuliah,
    },
    { page: query.page, perPage: query.per_page },
  );
  return {
    data: rows.map((row) => presentMaterialSearchItem({ ...row, collegeId: actor.collegeId })),
    meta: buildPageMeta(query, total),
  };
}

/**
 * A student's own material, for recording what they did with it. The operator acting for a student
 * only looks: a fact written then would be attendance the student never earned.
 */
export function studentMaterialOf(actor: Actor, loaded: LoadedMaterial): MaterialRow {
  if (actor.role !== 'mahasiswa') throw forbidden();
  if (actor.actorUserId) throw new AppError(403, 'aktivitas_saat_login_akun_lain');
  return loaded.row;
}

/** Records a student's fact on a material, completed when the evidence meets the material's rule. */
export async function recordMaterialFact(
  db: Db,
  actor: Actor,
  college: College,
  row: MaterialRow,
  evidence: ActivityEvidence & { read?: boolean; playedSeconds?: number },
  now: Date,
): Promise<void> {
  const done = isMaterialCompleted(
    row.tipeFile,
    {
      downloaded: !!evidence.downloadedAt,
      linkOpened: row.tipeFile === 'url' && !!evidence.openedAt,
      playedSeconds: evidence.playedSeconds ?? 0,
      durationSeconds: row.durationSeconds,
      read: !!evidence.read,
    },
    studentThresholds(college),
  );
  const { read: _read, playedSeconds: _played, ...stored } = evidence;
  await recordActivityFact(db, {
    collegeId: actor.collegeId,
    ...materialContent.ref(row.id),
    mahasiswaId: actor.userId,
    completedAt: done ? now : null,
    evidence: stored,
  });
}

/** PUT /v2/lms/materi/{id}/set_download: the student downloads the file (spec 2 §4); not for links. */
export async function recordMaterialDownload(
  db: Db,
  actor: Actor,
  college: College,
  loaded: LoadedMaterial,
): Promise<Material> {
  const row = studentMaterialOf(actor, loaded);
  if (row.tipeFile === 'url') throw badRequest('url_tidak_dapat_diunduh');
  const now = new Date();
  await recordMaterialFact(db, actor, college, row, { downloadedAt: now }, now);
  return getMaterial(db, actor, college, loaded);
}

/**
 * PUT /v2/lms/materi/{id}/buka: the student opened the material in the page. Starts the ebook countdown
 * and the player's clock again from now; opening a link is what completes a link material.
 */
export async function recordMaterialOpened(
  db: Db,
  actor: Actor,
  college: College,
  loaded: LoadedMaterial,
): Promise<Material> {
  const row = studentMaterialOf(actor, loaded);
  const now = new Date();
  await upsertMaterialOpened(
    db,
    { collegeId: actor.collegeId, materiId: row.id, mahasiswaId: actor.userId },
    now,
  );
  await recordMaterialFact(db, actor, college, row, { openedAt: now }, now);
  return getMaterial(db, actor, college, loaded);
}

/** PUT /v2/lms/materi/{id}/sudah_baca: an ebook read until the countdown ran out (server time decides). */
export async function recordMaterialRead(
  db: Db,
  actor: Actor,
  college: College,
  loaded: LoadedMaterial,
): Promise<Material> {
  const row = studentMaterialOf(actor, loaded);
  if (row.tipeFile !== 'ebook') throw badRequest('materi_bukan_jenis_ini');
  const now = new Date();
  const [view] = await findMaterialViews(db, actor.collegeId, actor.userId, [row.id]);
  const ebookSeconds = studentThresholds(college).ebook_detik;
  const left = readingSecondsLeft(view?.openedAt ?? null, now, ebookSeconds);
  if (left > 0) {
    throw badRequest('materi_belum_dibaca', undefined, { detik_tersisa: left });
  }
  const readSeconds = Math.round((now.getTime() - view!.openedAt.getTime()) / 1000);
  await recordMaterialFact(db, actor, college, row, { readSeconds, read: true }, now);
  return getMaterial(db, actor, college, loaded);
}

/**
 * PUT /v2/lms/materi/{id}/putar: seconds of real playback since the player's last report. The server
 * credits at most the time that passed since then, so a seek to the end counts only what was played.
 */
export async function recordMaterialPlayback(
  db: Db,
  actor: Actor,
  college: College,
  loaded: LoadedMaterial,
  seconds: number,
): Promise<Material> {
  const row = studentMaterialOf(actor, loaded);
  if (row.tipeFile !== 'video' && row.tipeFile !== 'audio') throw badRequest('materi_bukan_jenis_ini');
  const now = new Date();
  const key = { collegeId: actor.collegeId, materiId: row.id, mahasiswaId: actor.userId };
  let played = await addMaterialPlayback(db, key, seconds, now, playbackSlackSeconds);
  if (played === undefined) {
    // A report without an opening: the player's clock starts now and this report credits nothing.
    await upsertMaterialOpened(db, key, now);
    played = 0;
  }
  await recordMaterialFact(
    db,
    actor,
    college,
    row,
    { watchedPercent: playedPercent(played, row.durationSeconds), playedSeconds: played },
    now,
  );
  return getMaterial(db, actor, college, loaded);
}

/**
 * GET /v2/lms/materi/{id}/dokumen: an office e-book (docx, xlsx) as sanitised HTML for reading in the
 * page, for whoever may read the material; other formats answer `dokumen_tidak_dapat_ditampilkan`.
 */
export async function readMaterialDocument(
  db: Db,
  files: FileStore,
  actor: Actor,
  { row }: LoadedMaterial,
): Promise<MaterialDocument> {
  const document =
    row.tipeFile === 'ebook' && row.fileKey && row.fileName
      ? await readDocumentHtml(files, {
          key: row.fileKey,
          extension: fileExtension(row.fileName),
          size: row.fileSize ?? 0,
          collegeId: actor.collegeId,
        })
      : undefined;
  if (!document) throw badRequest('dokumen_tidak_dapat_ditampilkan');
  return { html: document.html, terpotong: document.truncated };
}
