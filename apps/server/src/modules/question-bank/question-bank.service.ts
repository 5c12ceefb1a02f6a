import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { validateQuestion, type QuestionBody } from '@lms/contract/exam.rules';
import type { Question } from '@lms/contract/exam.schema';
import { formatPeriodLabel, parsePeriodCode } from '@lms/contract/period.rules';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  canAddBankQuestion,
  defaultMaxBankQuestions,
  questionBankMessages,
} from '@lms/contract/question-bank.rules';
import type {
  BankAccess,
  BankDetail,
  BankDetailQuery,
  BankInput,
  BankListItem,
  BankListQuery,
  BankQuestionInput,
  CopyFromExam,
  CourseRef,
  TakeFromBank,
  TeachingPeriod,
} from '@lms/contract/question-bank.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import { isOperatorReading, isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden, notFound, assertAllowed } from '../../platform/app-error.ts';
import { findCollegeById, type College } from '../../platform/college.repository.ts';
import type { FileStore } from '../../platform/file-storage.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import type { UploadedFile } from '../../platform/multipart-form.ts';
import { takeLoadedResource, type LoadedResource } from '../../platform/resource-access.ts';
import { addQuestionsToExamGroup, readExamQuestions, tidyQuestionBody } from '../exam/exam.api.ts';
import { storeQuestionAttachments } from '../exam-files/exam-files.api.ts';
import {
  assertCanCreateBank,
  canReadBank,
  bankListScope,
  resolveBankAccess,
  type BankRelation,
} from './question-bank.policy.ts';
import { presentBankDetail, presentBankItem, presentBankQuestion } from './question-bank.presenter.ts';
import {
  courseExists,
  deleteBankQuestionRow,
  deleteBankRow,
  findBankById,
  findBankPage,
  findBankQuestion,
  findBankQuestionPage,
  findBankQuestions,
  findCourseRefs,
  findLecturerRefs,
  findTaughtCourseIds,
  findTeachingPeriods,
  insertBank,
  insertBankQuestions,
  isLecturer,
  lockBankForAdding,
  teachesCourse,
  updateBankQuestionRow,
  updateBankRow,
  type BankRow,
  type NewBankQuestion,
} from './question-bank.repository.ts';
import { renderBankPdf } from './question-bank-pdf.ts';
import { fileKeyOfUrl } from '../../platform/file-url.ts';

const m = questionBankMessages;

async function relationOf(db: Db, actor: Actor, row: BankRow): Promise<BankRelation> {
  const lecturer = actor.role === 'dosen' && !actor.actorUserId;
  return {
    isOwner: lecturer && row.dosenId === actor.userId,
    teachesCourse: lecturer && (await teachesCourse(db, actor.collegeId, actor.userId, row.mataKuliahId)),
    ditampilkan: row.ditampilkan,
  };
}

/** The question-bank area's answer for a bank its college does not hold. */
export const bankNotFound = () => new AppError(404, 'bank_soal_not_found', 'Bank soal tidak ditemukan');

/** A hidden bank does not exist for other teachers: 404, not 403. */
export const bankHidden = () => notFound('Bank soal tidak ditemukan');

/** A bank with the actor's rights on it, as the question-bank resource hands it to a handler. */
export interface VisibleBank {
  row: BankRow;
  akses: BankAccess;
}

/**
 * A bank with whether the actor sees it and may change it (any of ubah, hapus, duplikat: the routes keep
 * the one they need); null when unknown in the college. The question-bank resource's loader.
 */
export async function loadBankResource(
  db: Db,
  actor: Actor,
  id: string,
): Promise<LoadedResource<VisibleBank> | null> {
  const row = await findBankById(db, actor.collegeId, id);
  if (!row) return null;
  const relation = await relationOf(db, actor, row);
  const akses = resolveBankAccess(actor, relation);
  return {
    row: { row, akses },
    canRead: canReadBank(actor, relation),
    canWrite: akses.ubah || akses.hapus || akses.duplikat,
  };
}

/** A bank the actor sees (404 otherwise, so a hidden bank does not exist for other teachers). */
async function loadVisibleBank(db: Db, actor: Actor, id: string): Promise<VisibleBank> {
  const checked = takeLoadedResource<VisibleBank>('question-bank', id);
  if (checked) return checked;
  const loaded = await loadBankResource(db, actor, id);
  if (!loaded) throw bankNotFound();
  if (!loaded.canRead) throw bankHidden();
  return loaded.row;
}

/** A bank the actor may change: the owning lecturer or an operator with write on bank_soal. */
export async function loadEditableBank(db: Db, actor: Actor, id: string) {
  const bank = await loadVisibleBank(db, actor, id);
  assertAllowed(bank.akses.ubah);
  return bank;
}

/**
 * The shared question rules (spec 3 §5) on sanitised text: rich text cleaned on the server, texts
 * trimmed as exams store them (tidyQuestionBody), option images only files of this college's store.
 */
export function cleanQuestion(
  collegeId: string,
  input: { pertanyaan: string; isi: QuestionBody },
): { pertanyaan: string; isi: QuestionBody } {
  const pertanyaan = sanitizeRichText(input.pertanyaan);
  let isi: QuestionBody = input.isi;
  if (isi.jenis === 'esay')
    isi = {
      ...isi,
      kunci: sanitizeRichText(isi.kunci),
      jenis_file_diterima: [...new Set(isi.jenis_file_diterima)],
    };
  if (isi.jenis === 'benar_salah')
    isi = {
      ...isi,
      label: { benar: isi.label.benar.trim() || 'Benar', salah: isi.label.salah.trim() || 'Salah' },
    };
  if (isi.jenis !== 'esay' && isi.jenis !== 'benar_salah') isi = tidyQuestionBody(isi);
  if (isi.jenis === 'pilihan' || isi.jenis === 'pilihan_kompleks') {
    for (const o of isi.pilihan)
      if (o.gambar && !fileKeyOfUrl(o.gambar, collegeId))
        throw badRequest('soal_tidak_valid', 'Gambar pilihan tidak valid. Unggah ulang gambarnya.');
  }
  const errors = validateQuestion({ pertanyaan, body: isi });
  if (errors.length) throw badRequest('soal_tidak_valid', errors[0]!.message, { fields: errors });
  return { pertanyaan, isi };
}

/**
 * Appends questions to a bank in one transaction (all or none): the bank row is locked, so together
 * with the bank's questions they never pass the college's limit.
 */
export async function appendQuestions(
  db: Db,
  actor: Actor,
  bankId: string,
  questions: NewBankQuestion[],
): Promise<string[]> {
  return inTransaction(db, async (tx) => {
    const count = await lockBankForAdding(tx, actor.collegeId, bankId);
    if (count === undefined) throw new AppError(404, 'bank_soal_not_found', 'Bank soal tidak ditemukan');
    const limit = await bankQuestionLimit(tx, actor.collegeId);
    if (!canAddBankQuestion(count, questions.length, limit))
      throw badRequest('bank_soal_penuh', m.tooManyQuestions(limit));
    return insertBankQuestions(tx, actor.collegeId, bankId, actor.userId, questions);
  });
}

// ---------------------------------------------------------------------------------------------------
// Banks

/** GET /v2/lms/bank_soal. */
export async function listBanks(
  db: Db,
  actor: Actor,
  query: BankListQuery,
): Promise<{ data: BankListItem[]; meta: PageMeta }> {
  const scope = bankListScope(actor);
  const { rows, total } = await findBankPage(
    db,
    actor.collegeId,
    scope,
    { search: query.search, mataKuliahId: query.id_mata_kuliah, prodiId: query.id_prodi },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  // One read of the lecturer's courses for the whole page rather than one per card.
  const lecturer = actor.role === 'dosen' && !actor.actorUserId;
  const taught = lecturer ? await findTaughtCourseIds(db, actor.collegeId, actor.userId) : new Set<string>();
  const data = rows.map((row) =>
    presentBankItem(
      row,
      resolveBankAccess(actor, {
        isOwner: lecturer && row.dosenId === actor.userId,
        teachesCourse: taught.has(row.mataKuliahId),
        ditampilkan: row.ditampilkan,
      }),
    ),
  );
  return { data, meta: buildPageMeta(query, total) };
}

/** The college's limit of questions per bank (pengaturan bank_soal.maks_soal). */
async function bankQuestionLimit(db: Db, collegeId: string): Promise<number> {
  const college = await findCollegeById(db, collegeId);
  return college ? readCollegeSettings(college).bank_soal.maks_soal : defaultMaxBankQuestions;
}

const firstPage: BankDetailQuery = { page: 1, per_page: 50 };

/** GET /v2/lms/bank_soal/{id}: the bank with one page of its questions, optionally searched. */
export async function getBank(
  db: Db,
  actor: Actor,
  { row, akses }: VisibleBank,
  query: BankDetailQuery = firstPage,
): Promise<BankDetail> {
  const { rows, total } = await findBankQuestionPage(db, actor.collegeId, row.id, {
    offset: (query.page - 1) * query.per_page,
    limit: query.per_page,
    search: query.search || undefined,
  });
  const meta = buildPageMeta({ page: query.page, per_page: query.per_page }, total ?? Number(row.jumlahSoal));
  return presentBankDetail(row, akses, { rows, meta }, await bankQuestionLimit(db, actor.collegeId));
}

/** A bank's detail by id, loaded (again, after a change) with the actor's rights; 404 when hidden from them. */
export async function readBankDetail(
  db: Db,
  actor: Actor,
  id: string,
  query?: BankDetailQuery,
): Promise<BankDetail> {
  return getBank(db, actor, await loadVisibleBank(db, actor, id), query);
}

/**
 * The bank form's owner and course: a lecturer owns what they make and must teach the course; an
 * operator names a lecturer (who need not teach it yet: banks are prepared ahead).
 */
async function ownerAndCourse(db: Db, actor: Actor, input: BankInput) {
  if (!(await courseExists(db, actor.collegeId, input.id_mata_kuliah)))
    throw badRequest('bank_soal_tidak_valid', m.mataKuliahRequired);
  if (actor.role === 'dosen') {
    if (!(await teachesCourse(db, actor.collegeId, actor.userId, input.id_mata_kuliah)))
      throw badRequest('bank_soal_tidak_valid', m.notCourseTeacher);
    return { dosenId: actor.userId, mataKuliahId: input.id_mata_kuliah };
  }
  if (!input.id_dosen || !(await isLecturer(db, actor.collegeId, input.id_dosen)))
    throw badRequest('bank_soal_tidak_valid', m.dosenRequired);
  return { dosenId: input.id_dosen, mataKuliahId: input.id_mata_kuliah };
}

/** POST /v2/lms/bank_soal. */
export async function createBank(db: Db, actor: Actor, input: BankInput): Promise<BankDetail> {
  assertCanCreateBank(actor);
  const id = await insertBank(db, {
    collegeId: actor.collegeId,
    judul: input.judul,
    deskripsi: input.deskripsi,
    ditampilkan: input.ditampilkan,
    createdBy: actor.userId,
    ...(await ownerAndCourse(db, actor, input)),
  });
  return readBankDetail(db, actor, id);
}

/** PUT /v2/lms/bank_soal/{id}: the owner or an operator with write; a lecturer keeps owning it. */
export async function updateBank(
  db: Db,
  actor: Actor,
  { row, akses }: VisibleBank,
  input: BankInput,
): Promise<BankDetail> {
  assertAllowed(akses.ubah);
  const { id } = row;
  const target =
    actor.role === 'dosen'
      ? await ownerAndCourse(db, actor, input)
      : await ownerAndCourse(db, actor, { ...input, id_dosen: input.id_dosen ?? row.dosenId });
  await updateBankRow(db, actor.collegeId, id, {
    judul: input.judul,
    deskripsi: input.deskripsi,
    ditampilkan: input.ditampilkan,
    ...target,
  });
  return readBankDetail(db, actor, id);
}

/**
 * POST /v2/lms/bank_soal/{id}/duplikat: a new bank with the form's values and copies of every question
 * (attachments are shared by key: stored files never change). Anyone who sees the bank and may make
 * banks may duplicate it; the copy is theirs.
 */
export async function duplicateBank(
  db: Db,
  actor: Actor,
  { row: { id }, akses }: VisibleBank,
  input: BankInput,
): Promise<BankDetail> {
  assertAllowed(akses.duplikat);
  assertCanCreateBank(actor);
  const owner = await ownerAndCourse(db, actor, input);
  const questions = await findBankQuestions(db, actor.collegeId, id);
  const newId = await inTransaction(db, async (tx) => {
    const bankId = await insertBank(tx, {
      collegeId: actor.collegeId,
      judul: input.judul,
      deskripsi: input.deskripsi,
      ditampilkan: input.ditampilkan,
      createdBy: actor.userId,
      ...owner,
    });
    await insertBankQuestions(
      tx,
      actor.collegeId,
      bankId,
      actor.userId,
      questions.map((q) => ({
        pertanyaan: q.pertanyaan,
        isi: q.isi,
        soalFiles: q.soalFiles,
        kunciFiles: q.kunciFiles,
      })),
    );
    return bankId;
  });
  return readBankDetail(db, actor, newId);
}

/**
 * DELETE /v2/lms/bank_soal/{id}. Attachments stay in the store: a duplicate may share them by key, and
 * keys are never reused.
 */
export async function deleteBank(db: Db, actor: Actor, { row, akses }: VisibleBank): Promise<void> {
  assertAllowed(akses.hapus);
  await deleteBankRow(db, actor.collegeId, row.id);
}

// ---------------------------------------------------------------------------------------------------
// Questions

/** Removes from a file list the ones whose url is in `remove`. */
function withoutUrls<T extends { key: string }>(collegeId: string, files: T[], remove: string[]): T[] {
  const keys = new Set(remove.map((url) => fileKeyOfUrl(url, collegeId)).filter(Boolean));
  return files.filter((f) => !keys.has(f.key));
}

/** POST /v2/lms/bank_soal/{id}/soal: answers the new question's id (at most 100 per bank). */
export async function createBankQuestion(
  db: Db,
  actor: Actor,
  bank: VisibleBank,
  input: BankQuestionInput,
): Promise<{ id: string }> {
  assertAllowed(bank.akses.ubah);
  const bankId = bank.row.id;
  const [id] = await appendQuestions(db, actor, bankId, [cleanQuestion(actor.collegeId, input)]);
  return { id: id! };
}

/** PUT /v2/lms/bank_soal/{id}/soal/{soalId}: the same body; removes the attachments named to delete. */
export async function updateBankQuestion(
  db: Db,
  actor: Actor,
  bank: VisibleBank,
  soalId: string,
  input: BankQuestionInput,
): Promise<Question> {
  assertAllowed(bank.akses.ubah);
  const bankId = bank.row.id;
  const current = await findBankQuestion(db, actor.collegeId, bankId, soalId);
  if (!current) throw new AppError(404, 'soal_not_found', 'Soal tidak ditemukan');
  const clean = cleanQuestion(actor.collegeId, input);
  await updateBankQuestionRow(db, actor.collegeId, bankId, soalId, {
    ...clean,
    soalFiles: withoutUrls(actor.collegeId, current.soalFiles, input.soal_files_delete),
    kunciFiles:
      clean.isi.jenis === 'esay'
        ? withoutUrls(actor.collegeId, current.kunciFiles, input.kunci_files_delete)
        : [],
  });
  return questionOf(db, actor, bankId, soalId);
}

async function questionOf(db: Db, actor: Actor, bankId: string, soalId: string): Promise<Question> {
  const all = await findBankQuestions(db, actor.collegeId, bankId);
  const index = all.findIndex((q) => q.id === soalId);
  if (index < 0) throw new AppError(404, 'soal_not_found', 'Soal tidak ditemukan');
  return presentBankQuestion(all[index]!, index + 1);
}

/** DELETE /v2/lms/bank_soal/{id}/soal/{soalId}. */
export async function deleteBankQuestion(
  db: Db,
  actor: Actor,
  bank: VisibleBank,
  soalId: string,
): Promise<void> {
  assertAllowed(bank.akses.ubah);
  const bankId = bank.row.id;
  if (!(await deleteBankQuestionRow(db, actor.collegeId, bankId, soalId)))
    throw new AppError(404, 'soal_not_found', 'Soal tidak ditemukan');
}

/**
 * PUT /v2/lms/bank_soal/{id}/soal/{soalId}/files: adds attachments to the question (`files`) and, for
 * essays, to its key (`files_kunci`, no audio or video); at most 5 of each.
 */
export async function addBankQuestionFiles(
  db: Db,
  store: FileStore,
  actor: Actor,
  bank: VisibleBank,
  soalId: string,
  uploads: { files: UploadedFile[]; files_kunci: UploadedFile[] },
): Promise<Question> {
  assertAllowed(bank.akses.ubah);
  const bankId = bank.row.id;
  const current = await findBankQuestion(db, actor.collegeId, bankId, soalId);
  if (!current) throw new AppError(404, 'soal_not_found', 'Soal tidak ditemukan');
  if (uploads.files_kunci.length && current.isi.jenis !== 'esay')
    throw badRequest('file_tidak_valid', 'Lampiran kunci hanya untuk soal esai.');
  if (
    current.soalFiles.length + uploads.files.length > 5 ||
    current.kunciFiles.length + uploads.files_kunci.length > 5
  )
    throw badRequest('file_tidak_valid', 'Paling banyak 5 lampiran soal dan 5 lampiran kunci.');
  const soal = await storeQuestionAttachments(store, actor.collegeId, 'soal', uploads.files);
  const kunci = await storeQuestionAttachments(store, actor.collegeId, 'kunci', uploads.files_kunci);
  await updateBankQuestionRow(db, actor.collegeId, bankId, soalId, {
    soalFiles: [...current.soalFiles, ...soal],
    kunciFiles: [...current.kunciFiles, ...kunci],
  });
  return questionOf(db, actor, bankId, soalId);
}

// ---------------------------------------------------------------------------------------------------
// Copying between exams and banks

/**
 * POST /v2/lms/bank_soal/{id}/salin_ujian: the chosen questions of an exam the actor may edit are
 * appended to the bank (all or none, at most 100 in the bank).
 */
export async function copyFromExam(
  db: Db,
  actor: Actor,
  college: College,
  bank: VisibleBank,
  input: CopyFromExam,
): Promise<{ jumlah: number }> {
  if (!input.list_id_soal.length) throw badRequest('soal_tidak_dipilih', m.noneSelected);
  assertAllowed(bank.akses.ubah);
  const bankId = bank.row.id;
  const questions = await readExamQuestions(db, actor, college, input.id_ujian, input.list_id_soal);
  if (questions.length !== new Set(input.list_id_soal).size)
    throw new AppError(404, 'soal_not_found', 'Soal ujian tidak ditemukan');
  const ids = await appendQuestions(
    db,
    actor,
    bankId,
    questions.map((q) => ({
      ...cleanQuestion(actor.collegeId, q),
      soalFiles: q.soalFiles,
      kunciFiles: q.kunciFiles,
    })),
  );
  return { jumlah: ids.length };
}

/**
 * POST /v2/lms/ujian/{id}/kelompok_soal/{groupId}/soal/dari_bank: an exam takes questions of a bank
 * the actor sees (its own, or a shown one of the course), appended to the group.
 */
export async function takeFromBank(
  db: Db,
  actor: Actor,
  college: College,
  examId: string,
  groupId: string,
  input: TakeFromBank,
): Promise<{ jumlah: number }> {
  if (!input.list_id_soal.length) throw badRequest('soal_tidak_dipilih', m.noneSelected);
  await loadVisibleBank(db, actor, input.id_bank_soal);
  const rows = await findBankQuestions(db, actor.collegeId, input.id_bank_soal, input.list_id_soal);
  if (rows.length !== new Set(input.list_id_soal).size)
    throw new AppError(404, 'soal_not_found', 'Soal bank tidak ditemukan');
  const ids = await addQuestionsToExamGroup(
    db,
    actor,
    college,
    examId,
    groupId,
    rows.map((q) => ({
      pertanyaan: q.pertanyaan,
      isi: q.isi,
      soalFiles: q.soalFiles,
      kunciFiles: q.kunciFiles,
      bankSoalId: q.id,
    })),
  );
  return { jumlah: ids.length };
}

// ---------------------------------------------------------------------------------------------------
// References for the forms

/** GET /v2/lms/mata_kuliah/ref: a lecturer's own taught courses; operators any lecturer's, or all. */
export async function listCourseRefs(
  db: Db,
  actor: Actor,
  idDosen: string | undefined,
): Promise<CourseRef[]> {
  if (actor.role === 'dosen') {
    if (idDosen && idDosen !== actor.userId) throw forbidden();
    return findCourseRefs(db, actor.collegeId, actor.userId);
  }
  if (!isOperatorReading(actor, 'bank_soal') && !isOperatorReading(actor, 'kelas_kuliah')) throw forbidden();
  return findCourseRefs(db, actor.collegeId, idDosen ?? null);
}

/** GET /v1/dosen/{id}/periode_mengajar: the lecturer themself, or operators who read classes or banks. */
export async function listTeachingPeriods(
  db: Db,
  actor: Actor,
  lecturer: { id: string },
): Promise<TeachingPeriod[]> {
  const rows = await findTeachingPeriods(db, actor.collegeId, lecturer.id);
  return rows.map((r) => {
    const { year, term } = parsePeriodCode(r.kode);
    // The option value is 10 × (tahun − 1) + jenisSemester (spec 3 §3), so tahun is the start year + 1.
    return { kode: r.kode, tahun: year + 1, jenisSemester: term, nama: r.label || formatPeriodLabel(r.kode) };
  });
}

/** GET /v2/lms/dosen/ref: lecturers for the operator's bank form. */
export async function listLecturerRefs(db: Db, actor: Actor) {
  if (!isOperatorWriting(actor, 'bank_soal')) throw forbidden();
  return findLecturerRefs(db, actor.collegeId);
}

// ---------------------------------------------------------------------------------------------------
// Download

/** GET /v2/lms/bank_soal/{id}/unduh: `Bank Soal - {judul}.pdf` for anyone who sees the bank. */
export async function downloadBankPdf(
  db: Db,
  store: FileStore,
  actor: Actor,
  { row }: VisibleBank,
): Promise<{ fileName: string; body: Buffer }> {
  const questions = await findBankQuestions(db, actor.collegeId, row.id);
  const body = await renderBankPdf(store, {
    judul: row.judul,
    deskripsi: row.deskripsi,
    mataKuliah: `${row.kodeMataKuliah} - ${row.namaMataKuliah}`,
    dosen: row.namaDosen ?? '-',
    collegeId: actor.collegeId,
    questions: questions.map((q) => ({ pertanyaan: q.pertanyaan, isi: q.isi, soalFiles: q.soalFiles })),
  });
  return { fileName: `Bank Soal - ${row.judul}.pdf`, body };
}
