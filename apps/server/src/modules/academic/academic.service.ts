import type { z } from 'zod';
import {
  syllabusUpdateFieldsSchema,
  type CampusRef,
  type CourseInfo,
  type ReferenceQuery,
  type evaluationPlanUpdateSchema,
  type learningPlanUpdateSchema,
} from '@lms/contract/academic.schema';
import { buildPageMeta } from '@lms/contract/api-envelope.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, assertAllowed } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import type { LoadedResource } from '../../platform/resource-access.ts';
import { sniffDocumentType, type FileStore } from '../../platform/file-storage.ts';
import type { UploadedFile } from '../../platform/multipart-form.ts';
import { parseInput } from '../../platform/parse-input.ts';
import { recordChanges, type ActivityCaller } from '../activity-log/activity-log.api.ts';
import {
  describeCourse,
  listEvaluationPlanChanges,
  listLearningPlanChanges,
  listSyllabusChanges,
} from './academic.audit.ts';
import { canEditCoursePlans, canEditRpsInSiakad, canEditSyllabus } from './academic.policy.ts';
import {
  presentCourseInfo,
  presentEvaluationPlanRow,
  presentLearningPlanRow,
  presentPeriodRef,
} from './academic.presenter.ts';
import {
  findCampuses,
  findCourse,
  findCourseRefs,
  findDistinctClassValues,
  findEvaluationPlan,
  findLearningPlan,
  findPeriodRefs,
  findStudyProgramRefs,
  replaceEvaluationPlan,
  replaceLearningPlan,
  updateSyllabus,
} from './academic.repository.ts';

/** Largest syllabus file (the spec's default upload maximum, 10240 KB). */
export const syllabusMaxBytes = 10_240 * 1024;
const syllabusExtensions = ['pdf', 'doc', 'docx'];

/** A course as the course resource hands it to a handler. */
export type CourseRow = NonNullable<Awaited<ReturnType<typeof findCourse>>>;

/** The academic area's answer for a course its college does not hold. */
export const courseNotFound = () => new AppError(404, 'course_not_found');

/**
 * A course of the actor's college: every signed-in user reads course data; changing it takes the
 * plans' operators or the syllabus's editors (each route's service asks for its own). The course
 * resource's loader.
 */
export async function loadCourseResource(
  db: Db,
  actor: Actor,
  _college: College,
  courseId: string,
): Promise<LoadedResource<CourseRow> | null> {
  const course = await findCourse(db, actor.collegeId, courseId);
  if (!course) return null;
  return {
    row: course,
    canRead: true,
    canWrite: canEditCoursePlans(actor) || canEditSyllabus(actor, course),
  };
}

/** GET …/rencana-pembelajaran. */
export async function getLearningPlan(db: Db, actor: Actor, course: CourseRow) {
  return (await findLearningPlan(db, actor.collegeId, course.id)).map(presentLearningPlanRow);
}

/**
 * PUT …/rencana-pembelajaran: operators with write on data_master; the activity log records each
 * meeting whose material changed, old → new.
 */
export async function saveLearningPlan(
  db: Db,
  caller: ActivityCaller,
  course: CourseRow,
  body: z.infer<typeof learningPlanUpdateSchema>,
) {
  const { actor } = caller;
  assertAllowed(canEditCoursePlans(actor));
  const before = (await findLearningPlan(db, actor.collegeId, course.id)).map(presentLearningPlanRow);
  await replaceLearningPlan(
    db,
    actor.collegeId,
    course.id,
    body.data.map((r) => ({
      pertemuan: r.id_pertemuan,
      materi: r.materi,
      materiInggris: r.materi_inggris || null,
    })),
  );
  const after = (await findLearningPlan(db, actor.collegeId, course.id)).map(presentLearningPlanRow);
  await recordChanges(
    db,
    caller,
    'ubah_rps',
    `Mengubah RPS ${describeCourse(course)}`,
    listLearningPlanChanges(before, after),
    { id_matakuliah: course.id },
  );
  return after;
}

/** GET …/rencana-evaluasi. */
export async function getEvaluationPlan(db: Db, actor: Actor, course: CourseRow) {
  return (await findEvaluationPlan(db, actor.collegeId, course.id)).map(presentEvaluationPlanRow);
}

/**
 * PUT …/rencana-evaluasi: operators with write on data_master; the activity log records each
 * component whose weight changed, old → new.
 */
export async function saveEvaluationPlan(
  db: Db,
  caller: ActivityCaller,
  course: CourseRow,
  body: z.infer<typeof evaluationPlanUpdateSchema>,
) {
  const { actor } = caller;
  assertAllowed(canEditCoursePlans(actor));
  const before = (await findEvaluationPlan(db, actor.collegeId, course.id)).map(presentEvaluationPlanRow);
  await replaceEvaluationPlan(
    db,
    actor.collegeId,
    course.id,
    body.data.map((r) => ({
      komponenId: r.komponen_nilai.id,
      komponenNama: r.komponen_nilai.nama,
      bobot: r.bobot,
    })),
  );
  const after = (await findEvaluationPlan(db, actor.collegeId, course.id)).map(presentEvaluationPlanRow);
  await recordChanges(
    db,
    caller,
    'ubah_rencana_evaluasi',
    `Mengubah rencana evaluasi ${describeCourse(course)}`,
    listEvaluationPlanChanges(before, after),
    { id_matakuliah: course.id },
  );
  return after;
}

function courseAccess(actor: Actor, course: CourseRow): CourseInfo['akses'] {
  return { ubah: canEditSyllabus(actor, course), ubah_rps: canEditRpsInSiakad(actor, course) };
}

/** GET /v2/academic/matakuliah/{courseId}. */
export function getCourseInfo(actor: Actor, course: CourseRow): CourseInfo {
  return presentCourseInfo(course, actor.collegeId, courseAccess(actor, course));
}

/**
 * PUT /v2/academic/matakuliah/{courseId}/silabus: text and an optional PDF/DOC/DOCX file. An operator's
 * change is recorded in the activity log (the text only as '(diubah)'); the coordinator's is not.
 */
export async function saveSyllabus(
  db: Db,
  files: FileStore,
  caller: ActivityCaller,
  course: CourseRow,
  input: { fields: unknown; file: UploadedFile | undefined },
): Promise<CourseInfo> {
  const { actor } = caller;
  assertAllowed(canEditSyllabus(actor, course));
  const fields = parseInput(syllabusUpdateFieldsSchema, input.fields ?? {});
  if (!input.file && fields.teks === undefined && !fields.hapus_file) throw badRequest('tidak_ada_data');
  let stored: { key: string; name: string; size: number } | undefined;
  if (input.file) {
    const ext = input.file.fileName.split('.').pop()?.toLowerCase() ?? '';
    const contentType = sniffDocumentType(input.file.head);
    if (!syllabusExtensions.includes(ext) || !contentType) {
      throw badRequest('file_tidak_valid', 'Silabus harus berupa berkas PDF, DOC atau DOCX.');
    }
    const file = await files.put(input.file, {
      collegeId: actor.collegeId,
      contentType,
      fileName: input.file.fileName,
    });
    stored = { key: file.key, name: input.file.fileName, size: file.size };
  }
  const removeOld = (stored || fields.hapus_file) && course.silabusFileKey;
  await updateSyllabus(db, actor.collegeId, course.id, {
    ...(fields.teks !== undefined ? { silabusTeks: fields.teks || null } : {}),
    ...(stored
      ? { silabusFileKey: stored.key, silabusFileName: stored.name, silabusFileSize: stored.size }
      : fields.hapus_file
        ? { silabusFileKey: null, silabusFileName: null, silabusFileSize: null }
        : {}),
  });
  if (removeOld) await files.delete(course.silabusFileKey!).catch(() => {});
  const changed = await findCourse(db, actor.collegeId, course.id);
  if (!changed) throw courseNotFound();
  const after = getCourseInfo(actor, changed);
  if (actor.role === 'operator') {
    const before = presentCourseInfo(course, actor.collegeId, after.akses);
    await recordChanges(
      db,
      caller,
      'ubah_silabus',
      `Mengubah silabus ${describeCourse(course)}`,
      listSyllabusChanges(before, after, !!stored),
      { id_matakuliah: course.id },
    );
  }
  return after;
}

/** GET /v1/makul_ref. */
export async function listCourseRefs(db: Db, actor: Actor, query: ReferenceQuery) {
  const { rows, total } = await findCourseRefs(db, actor.collegeId, {
    search: query.search,
    prodiId: query.id_prodi || undefined,
    page: query.page,
    perPage: query.per_page,
  });
  return {
    data: rows.map((r) => ({ id: r.id, kode: r.kode, nama: r.nama, sks: r.sks, id_prodi: r.prodiId })),
    meta: buildPageMeta(query, total),
  };
}

/** GET /v1/prodi_ref. */
export async function listStudyProgramRefs(db: Db, actor: Actor, query: ReferenceQuery) {
  const { rows, total } = await findStudyProgramRefs(db, actor.collegeId, {
    search: query.search,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows, meta: buildPageMeta(query, total) };
}

/**
 * GET /v1/label_kelas_ref and /v1/jenis_kelas_ref: the class names and kinds in use. A college has a
 * handful of each, so they are filtered and paged here rather than in SQL.
 */
export async function listClassValueRefs(
  db: Db,
  actor: Actor,
  column: 'nama' | 'jenis',
  query: ReferenceQuery,
) {
  const needle = query.search?.toLowerCase();
  const all = (await findDistinctClassValues(db, actor.collegeId, column)).filter(
    (r) => !needle || r.nama.toLowerCase().includes(needle),
  );
  const start = (query.page - 1) * query.per_page;
  return { data: all.slice(start, start + query.per_page), meta: buildPageMeta(query, all.length) };
}

/** GET /v1/periode_ref. */
export async function listPeriodRefs(db: Db, actor: Actor, query: ReferenceQuery) {
  const { rows, total } = await findPeriodRefs(db, actor.collegeId, {
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(presentPeriodRef), meta: buildPageMeta(query, total) };
}

/**
 * GET /v2/lms/kampus: every signed-in user of the college. Campus names are reference data that the
 * class detail and the room list already show to the same users; only operators with write may assign
 * one to a class (PUT /v2/lms/kelas_kuliah/{id}).
 */
export async function listCampuses(db: Db, actor: Actor): Promise<CampusRef[]> {
  return findCampuses(db, actor.collegeId);
}
