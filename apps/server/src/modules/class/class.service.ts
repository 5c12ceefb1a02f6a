import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import {
  bannerMaxBytes,
  capacityBelowEnrolmentMessage,
  formatTeacherName,
  classStatusOfFilter,
  hasBannerExtension,
  lectureModeLabels,
  readClassSettings,
  teacherRoleLabels,
  type TeacherRole,
} from '@lms/contract/class.rules';
import type { ActivityChange } from '@lms/contract/activity-log.rules';
import {
  classUpdateFieldsSchema,
  type ClassDetail,
  type ClassListItem,
  type ClassListQuery,
} from '@lms/contract/class.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, assertAllowed } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { sniffImageType, type FileStore } from '../../platform/file-storage.ts';
import type { UploadedFile } from '../../platform/multipart-form.ts';
import { parseInput } from '../../platform/parse-input.ts';
import { takeLoadedResource } from '../../platform/resource-access.ts';
import {
  listChanges,
  recordChanges,
  type ActivityCaller,
  type ChangeFields,
} from '../activity-log/activity-log.api.ts';
import {
  assertCanReadClass,
  classListScope,
  resolveClassAccess,
  type ClassRelation,
} from './class.policy.ts';
import {
  groupByClass,
  presentClassDetail,
  presentClassListItem,
  type ClassRelated,
} from './class.presenter.ts';
import {
  campusExists,
  countClassMembers,
  countStudentsOfClasses,
  findClassById,
  findClassesByIds,
  findClassesOfStudent,
  findClassPage,
  findCourseSyllabus,
  findProgramsOfClasses,
  findSchedulesOfClasses,
  findStudentOfClassByNim,
  findStudentsOfClass,
  findTeachersOfClasses,
  isStudentOfClass,
  updateClass,
  updateTeacherRole,
  type ClassBaseRow,
  type ClassTeacherRow,
} from './class.repository.ts';

/**
 * Records an operator's class write in the activity log with what changed (old → new) and answers the
 * class after it; a write that changed nothing, and lecturers' writes, record nothing.
 */
async function auditClassWrite(
  db: Db,
  caller: ActivityCaller,
  jenis: 'ubah_kelas' | 'ubah_ketua_kelas' | 'ubah_jabatan_pengajar',
  action: string,
  row: ClassBaseRow,
  perubahan: ActivityChange[],
): Promise<ClassDetail> {
  // The class as changed: read again.
  const detail = await getClassDetail(db, caller.actor, await loadReadableClass(db, caller.actor, row.id));
  if (caller.actor.role === 'operator') {
    await recordChanges(
      db,
      caller,
      jenis,
      `${action} ${row.course.nama} ${row.nama} (${row.periode})`,
      perubahan,
      { periode: row.periode, id_kelas: row.id },
    );
  }
  return detail;
}

/** The class data fields an operator's Ubah Data Kelas is audited on, with their labels. */
const classDataFields: ChangeFields = {
  mode_kuliah: {
    label: 'Mode Kuliah',
    tampil: (v) => lectureModeLabels[v as keyof typeof lectureModeLabels] ?? v,
  },
  kapasitas: 'Kapasitas',
  lingkup: 'Lingkup',
  metode_pengajaran: 'Metode Pengajaran',
  kampus: 'Kampus',
  banner_color_idx: { label: 'Warna Banner', tampil: (v) => (typeof v === 'number' ? `Warna ${v + 1}` : v) },
  banner: 'Banner',
};

/** The audited class data of a row; the banner as 'Ada' (its storage key is no one's business). */
function auditedClassData(row: ClassBaseRow) {
  return {
    mode_kuliah: row.modeKuliah,
    kapasitas: row.kapasitas,
    lingkup: row.lingkup,
    metode_pengajaran: row.metodePengajaran,
    kampus: row.kampus?.nama ?? null,
    banner_color_idx: row.bannerColorIdx,
    banner: row.bannerKey ? 'Ada' : null,
  };
}

/** Teachers, schedules, programs and counts of the given classes: five set queries, none per row. */
async function loadRelated(db: Db, collegeId: string, kelasIds: string[]): Promise<ClassRelated> {
  const [teachers, schedules, programs, counts] = await Promise.all([
    findTeachersOfClasses(db, collegeId, kelasIds),
    findSchedulesOfClasses(db, collegeId, kelasIds),
    findProgramsOfClasses(db, collegeId, kelasIds),
    countClassMembers(db, collegeId, kelasIds),
  ]);
  return {
    teachers: groupByClass(teachers),
    schedules: groupByClass(schedules),
    programs: groupByClass(programs),
    ...counts,
  };
}

/** How the actor relates to a class, from its teachers (already loaded) and one enrolment lookup. */
async function relationTo(
  db: Db,
  actor: Actor,
  row: ClassBaseRow,
  teachers: ClassTeacherRow[],
): Promise<ClassRelation> {
  const enrolled =
    actor.role === 'mahasiswa' && (await isStudentOfClass(db, actor.collegeId, row.id, actor.userId));
  return relationOf(actor, row, teachers, enrolled);
}

/** The actor's relation to a class, given its teachers and whether the actor is enrolled in it. */
function relationOf(
  actor: Actor,
  row: ClassBaseRow,
  teachers: ClassTeacherRow[],
  enrolled: boolean,
): ClassRelation {
  const own = teachers.find((t) => t.dosenId === actor.userId);
  return {
    isStudent: actor.role === 'mahasiswa' && enrolled,
    isTeacher: actor.role === 'dosen' && !!own,
    isMainTeacher: actor.role === 'dosen' && !!own?.isUtama,
    isCourseCoordinator: row.course.koordinatorDosenId === actor.userId,
    isRpsDeveloper: row.course.pengembangRpsDosenId === actor.userId,
  };
}

/** The class area's answer for a class its college does not hold. */
export const classNotFound = () => new AppError(404, 'class_not_found');

/** A class with its teachers and the actor's relation and access to it; null when unknown in the college. */
export async function findClassForActor(db: Db, actor: Actor, kelasId: string) {
  const row = await findClassById(db, actor.collegeId, kelasId);
  if (!row) return null;
  const teachers = await findTeachersOfClasses(db, actor.collegeId, [row.id]);
  const relation = await relationTo(db, actor, row, teachers);
  return { row, teachers, relation, access: resolveClassAccess(actor, relation) };
}

/** A class as the class resource hands it to a handler: the row, its teachers, the actor's relation and access. */
export type ReadableClass = NonNullable<Awaited<ReturnType<typeof findClassForActor>>>;

/** A class the actor may read (a class named in a body or a query); 404 when unknown, 403 when not readable. */
export async function loadReadableClass(db: Db, actor: Actor, kelasId: string): Promise<ReadableClass> {
  const checked = takeLoadedResource<ReadableClass>('class', kelasId);
  if (checked) return checked;
  const cls = await findClassForActor(db, actor, kelasId);
  if (!cls) throw classNotFound();
  assertCanReadClass(actor, cls.relation);
  return cls;
}

/**
 * Classes the actor may read, each as loadReadableClass answers it (404 when one is unknown, 403 when
 * one is not readable), read for all at once: one statement for the classes, one for their teachers and
 * one for a student's enrolments, however many classes a list holds.
 */
export async function loadReadableClasses(
  db: Db,
  actor: Actor,
  kelasIds: readonly string[],
): Promise<Map<string, ReadableClass>> {
  const loaded = new Map<string, ReadableClass>();
  const toRead: string[] = [];
  for (const id of new Set(kelasIds)) {
    const checked = takeLoadedResource<ReadableClass>('class', id);
    if (checked) loaded.set(id, checked);
    else toRead.push(id);
  }
  if (toRead.length === 0) return loaded;
  const [rows, teachers, enrolled] = await Promise.all([
    findClassesByIds(db, actor.collegeId, toRead),
    findTeachersOfClasses(db, actor.collegeId, toRead),
    actor.role === 'mahasiswa'
      ? findClassesOfStudent(db, actor.collegeId, toRead, actor.userId)
      : Promise.resolve(new Set<string>()),
  ]);
  for (const id of toRead) {
    const row = rows.find((r) => r.id === id);
    if (!row) throw classNotFound();
    const own = teachers.filter((t) => t.kelasId === id);
    const relation = relationOf(actor, row, own, enrolled.has(id));
    assertCanReadClass(actor, relation);
    loaded.set(id, { row, teachers: own, relation, access: resolveClassAccess(actor, relation) });
  }
  return loaded;
}

/** GET /v2/lms/kelas_kuliah. */
export async function listClasses(
  db: Db,
  actor: Actor,
  query: ClassListQuery,
): Promise<{ data: ClassListItem[]; meta: PageMeta }> {
  const scope = classListScope(actor);
  const { rows, total } = await findClassPage(
    db,
    actor.collegeId,
    scope,
    {
      periode: query.periode,
      mataKuliahId: query.id_mata_kuliah,
      status: query.status ? classStatusOfFilter(query.status) : undefined,
      search: query.search,
      prodiMataKuliahId: query.id_prodi_mata_kuliah,
      prodiKelasId: query.id_prodi_kelas,
    },
    { page: query.page, perPage: query.per_page },
  );
  const related = await loadRelated(
    db,
    actor.collegeId,
    rows.map((r) => r.id),
  );
  return { data: rows.map((r) => presentClassListItem(r, related)), meta: buildPageMeta(query, total) };
}

/** GET /v2/lms/kelas_kuliah/{id}. */
export async function getClassDetail(db: Db, actor: Actor, cls: ReadableClass): Promise<ClassDetail> {
  const { row, access } = cls;
  const [related, students, syllabus] = await Promise.all([
    loadRelated(db, actor.collegeId, [row.id]),
    findStudentsOfClass(db, actor.collegeId, row.id),
    findCourseSyllabus(db, actor.collegeId, row.course.id),
  ]);
  return presentClassDetail(row, related, students, syllabus, access);
}

/** GET /v2/lms/kelas_kuliah/{id}/peserta/nim_nama: for the class-head search. */
export async function listParticipantNames(
  db: Db,
  actor: Actor,
  { row }: ReadableClass,
  search: string | undefined,
): Promise<{ nim: string; nama: string }[]> {
  const students = await findStudentsOfClass(db, actor.collegeId, row.id, search);
  return students.map((s) => ({ nim: s.nim, nama: s.nama }));
}

/** Checks and stores a banner; answers its storage key. */
async function storeBanner(files: FileStore, college: College, file: UploadedFile): Promise<string> {
  const contentType = sniffImageType(file.head);
  if (!hasBannerExtension(file.fileName) || !contentType) throw badRequest('banner_tidak_valid');
  const stored = await files.put(file, {
    collegeId: college.id,
    contentType,
    fileName: file.fileName,
  });
  return stored.key;
}

/** The largest banner the college accepts, and the error a larger one answers. */
export function bannerLimit(college: College): { maxBytes: number; tooLarge: AppError } {
  const settings = readClassSettings(college.settings);
  return {
    maxBytes: bannerMaxBytes(settings),
    tooLarge: new AppError(
      413,
      'banner_terlalu_besar',
      `Ukuran file tidak boleh lebih dari ${settings.bannerMaxMb}MB.`,
    ),
  };
}

/**
 * PUT /v2/lms/kelas_kuliah/{id}: the banner (file_banner, hapus_banner, banner_color_idx) for the class's
 * lecturers and operators with write; the class data fields for operators with write only.
 */
export async function updateClassData(
  db: Db,
  files: FileStore,
  caller: ActivityCaller,
  college: College,
  { row, access }: ReadableClass,
  input: { fields: unknown; banner: UploadedFile | undefined },
): Promise<ClassDetail> {
  const { actor } = caller;
  const fields = parseInput(classUpdateFieldsSchema, input.fields ?? {});
  const touchesBanner = !!input.banner || fields.hapus_banner || fields.banner_color_idx !== undefined;
  const touchesData =
    fields.mode_kuliah !== undefined ||
    fields.kapasitas !== undefined ||
    fields.lingkup !== undefined ||
    fields.metode_pengajaran !== undefined ||
    fields.id_kampus !== undefined;
  assertAllowed(access.ubah_banner || access.ubah_kelas);
  if (!touchesBanner && !touchesData) throw badRequest('tidak_ada_data');
  if (touchesBanner) assertAllowed(access.ubah_banner);
  if (touchesData) assertAllowed(access.ubah_kelas);
  if (fields.id_kampus && !(await campusExists(db, actor.collegeId, fields.id_kampus))) {
    throw badRequest('validation_failed', 'Kampus tidak ditemukan.', {
      fields: [{ field: 'id_kampus', message: 'Kampus tidak ditemukan.' }],
    });
  }
  if (fields.kapasitas !== undefined) {
    // A capacity under the students already enrolled is refused, not saved (issue 45).
    const enrolled = (await countStudentsOfClasses(db, actor.collegeId, [row.id])).get(row.id) ?? 0;
    if (fields.kapasitas < enrolled) {
      const message = capacityBelowEnrolmentMessage(enrolled);
      throw badRequest('validation_failed', message, { fields: [{ field: 'kapasitas', message }] });
    }
  }

  const newBannerKey = input.banner ? await storeBanner(files, college, input.banner) : undefined;
  try {
    await updateClass(db, actor.collegeId, row.id, {
      modeKuliah: fields.mode_kuliah,
      kapasitas: fields.kapasitas,
      lingkup: fields.lingkup,
      metodePengajaran: fields.metode_pengajaran,
      kampusId: fields.id_kampus,
      bannerColorIdx: fields.banner_color_idx,
      ...(newBannerKey ? { bannerKey: newBannerKey } : fields.hapus_banner ? { bannerKey: null } : {}),
    });
  } catch (error) {
    if (newBannerKey) await files.delete(newBannerKey);
    throw error;
  }
  // The old banner is no longer referenced; removing it is best effort.
  if ((newBannerKey || fields.hapus_banner) && row.bannerKey)
    await files.delete(row.bannerKey).catch(() => {});
  const after = await findClassById(db, actor.collegeId, row.id);
  const afterData = after ? auditedClassData(after) : auditedClassData(row);
  if (input.banner && newBannerKey) afterData.banner = `${input.banner.fileName} (baru)`;
  return auditClassWrite(
    db,
    caller,
    'ubah_kelas',
    'Mengubah data kelas',
    row,
    listChanges(auditedClassData(row), afterData, classDataFields),
  );
}

/** 'nim nama' of a student of the class, or the nim alone when it is no longer one. */
async function describeStudent(db: Db, collegeId: string, kelasId: string, nim: string | null) {
  if (!nim) return null;
  const student = (await findStudentsOfClass(db, collegeId, kelasId, nim)).find((s) => s.nim === nim);
  return student ? `${nim} ${student.nama}` : nim;
}

/** PUT /v2/lms/kelas_kuliah/{id}/ketua_kelas: a student of the class by nim, or empty for none. */
export async function changeClassHead(
  db: Db,
  caller: ActivityCaller,
  { row, access }: ReadableClass,
  nim: string,
): Promise<ClassDetail> {
  const { actor } = caller;
  assertAllowed(access.ubah_ketua_kelas);
  if (nim && !(await findStudentOfClassByNim(db, actor.collegeId, row.id, nim))) {
    throw badRequest('ketua_kelas_bukan_peserta');
  }
  await updateClass(db, actor.collegeId, row.id, { ketuaKelasNim: nim || null });
  const perubahan =
    actor.role === 'operator' && (row.ketuaKelasNim ?? '') !== nim
      ? listChanges(
          { ketua_kelas: await describeStudent(db, actor.collegeId, row.id, row.ketuaKelasNim) },
          { ketua_kelas: await describeStudent(db, actor.collegeId, row.id, nim || null) },
          { ketua_kelas: 'Ketua Kelas' },
        )
      : [];
  return auditClassWrite(db, caller, 'ubah_ketua_kelas', 'Mengubah ketua kelas', row, perubahan);
}

/** PUT /v2/lms/kelas_kuliah/{id}/pengajar/{idDosen}: Ubah Jabatan. */
export async function changeTeacherRole(
  db: Db,
  caller: ActivityCaller,
  { row, teachers, access }: ReadableClass,
  dosenId: string,
  peran: TeacherRole,
): Promise<ClassDetail> {
  const { actor } = caller;
  assertAllowed(access.ubah_jabatan);
  if (!(await updateTeacherRole(db, actor.collegeId, row.id, dosenId, peran)))
    throw badRequest('pengajar_tidak_valid');
  const teacher = teachers.find((t) => t.dosenId === dosenId);
  const teacherName = (t: ClassTeacherRow) =>
    formatTeacherName({ gelar_depan: t.gelarDepan, nama_pengajar: t.nama, gelar_akademik: t.gelarAkademik });
  const roleLabel = (v: unknown) => teacherRoleLabels[v as TeacherRole] ?? v;
  const perubahan = listChanges(
    { peran: teacher?.peran ?? null },
    { peran },
    {
      peran: {
        label: `Jabatan ${teacher ? teacherName(teacher) : 'pengajar'}`,
        tampil: roleLabel,
      },
    },
  );
  return auditClassWrite(db, caller, 'ubah_jabatan_pengajar', 'Mengubah jabatan pengajar', row, perubahan);
}
