import {
  feeHoldImportMessages,
  feeHoldImportUnknownListed,
  type FeeHold,
  type FeeHoldImportMode,
  type FeeHoldImportPreview,
  type FeeHoldImportResult,
  type FeeHoldListItem,
  type FeeHoldListQuery,
  type FeeHoldUpdate,
} from '@lms/contract/access-restriction.schema';
import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import { attendancePercent } from '@lms/contract/access-restriction.rules';
import type { AccessRestrictionStatus } from '@lms/contract/college.schema';
import { restrictedExamKindLabels, type RestrictedExamKind } from '@lms/contract/college-settings.rules';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { formatPercent } from '@lms/contract/format.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { countAttendedLectures } from '../attendance/attendance.api.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import { runInWorker } from '../../platform/worker-pool.ts';
import type { College } from '../../platform/college.repository.ts';
import { assertCanManageFeeHolds } from './access-restriction.policy.ts';
import { presentFeeHold, presentFeeHoldListItem } from './access-restriction.presenter.ts';
import type { FeeHoldImportRow, ParsedFeeHoldImport } from './fee-hold-import.parser.ts';
import {
  applyFeeHoldImport,
  countFeeHolds,
  deleteFeeHold,
  findStudentsByNim,
  listFeeHolds,
  findFeeHold,
  findStudentWithHold,
  upsertFeeHold,
} from './access-restriction.repository.ts';

/**
 * GET /v2/lms/check_pembatasan: the rules the college turned on (Konfigurasi → Pembatasan Akses), for
 * students (also when an operator acts for one); lecturers and operators have none.
 * - `tunggakan_biaya`: not flagged with unpaid fees. Gates the whole LMS.
 * - `kehadiran_uts` / `kehadiran_uas`, only when asked with `ujian`: attendance at least the minimum,
 *   in the class `kelasId` when given (a UTS/UAS meeting's or exam's own class), else pooled over the
 *   current period's classes. Gates that exam's meetings and the start of a UTS/UAS exam.
 */
export async function checkAccessRestrictions(
  db: Db,
  actor: Actor,
  college: College,
  ujian?: RestrictedExamKind,
  kelasId?: string,
): Promise<AccessRestrictionStatus> {
  if (actor.role !== 'mahasiswa') return {};
  const rules = readCollegeSettings(college).pembatasan_akses;
  const status: AccessRestrictionStatus = {};
  if (rules.tunggakan_biaya.aktif) {
    const hold = await findFeeHold(db, actor.collegeId, actor.userId);
    const note = hold?.keterangan ? ` Keterangan: ${hold.keterangan}` : '';
    status.tunggakan_biaya = {
      memenuhi_syarat: !hold,
      kekurangan: hold
        ? [`Masih ada tunggakan biaya kuliah. Selesaikan pembayaran di bagian keuangan kampus.${note}`]
        : [],
    };
  }
  const attendance = ujian ? await checkExamAttendance(db, actor, college, ujian, kelasId) : undefined;
  if (ujian && attendance) status[`kehadiran_${ujian}`] = attendance;
  return status;
}

type ExamAttendanceEntry = { memenuhi_syarat: boolean; kekurangan: string[] };

/**
 * The exam-attendance requirement of a UTS/UAS for a student (`kehadiran_uts` / `kehadiran_uas`), or
 * undefined when the college does not apply it to that exam kind or the caller is not a student.
 * Counted with the attendance area's rule (held lectures, a person's H or the system's H by activity).
 */
export async function checkExamAttendance(
  db: Db,
  actor: Actor,
  college: College,
  ujian: RestrictedExamKind,
  kelasId?: string,
): Promise<ExamAttendanceEntry | undefined> {
  const rule = examAttendanceRule(actor, college, ujian);
  if (!rule) return undefined;
  const counts = await countAttendedLectures(
    db,
    actor.collegeId,
    actor.userId,
    rule.minProgressPercent,
    kelasId,
  );
  return judgeExamAttendance(college, ujian, counts, Boolean(kelasId));
}

/**
 * Whether the exam-attendance requirement applies to the caller for that exam kind, with the activity
 * progress that counts a lecture as attended; undefined when it does not (not a student, rule off).
 */
export function examAttendanceRule(
  actor: Actor,
  college: College,
  ujian: RestrictedExamKind,
): { minProgressPercent: number } | undefined {
  if (actor.role !== 'mahasiswa') return undefined;
  const settings = readCollegeSettings(college);
  const rule = settings.pembatasan_akses.kehadiran_ujian;
  if (!rule.aktif || !rule.berlaku_untuk.includes(ujian)) return undefined;
  return {
    minProgressPercent:
      settings.pengaturan_kelas.syarat_kehadiran_online_mahasiswa.presentase_progress_minimal_persen,
  };
}

/** The requirement's answer for lectures held and attended (counted in the exam's class, or the period's). */
export function judgeExamAttendance(
  college: College,
  ujian: RestrictedExamKind,
  { held, attended }: { held: number; attended: number },
  inClass: boolean,
): ExamAttendanceEntry {
  const minimum = readCollegeSettings(college).pembatasan_akses.kehadiran_ujian.persen_minimal;
  const percent = attendancePercent(attended, held);
  const met = percent >= minimum;
  const where = inClass ? 'di kelas ini' : 'pada periode ini';
  return {
    memenuhi_syarat: met,
    kekurangan: met
      ? []
      : [
          `Kehadiran Anda ${where} ${formatPercent(percent)} dari ${held} pertemuan; ` +
            `minimal ${formatPercent(minimum)} untuk mengikuti ${restrictedExamKindLabels[ujian]}.`,
        ],
  };
}

async function loadStudent(db: Db, collegeId: string, nim: string) {
  const student = await findStudentWithHold(db, collegeId, nim);
  if (!student) throw new AppError(404, 'student_not_found');
  return student;
}

/** GET /v2/lms/pembatasan/tunggakan/{nim}. */
export async function getFeeHold(db: Db, actor: Actor, nim: string): Promise<FeeHold> {
  assertCanManageFeeHolds(actor, false);
  return presentFeeHold(await loadStudent(db, actor.collegeId, nim));
}

/** PUT /v2/lms/pembatasan/tunggakan/{nim}: sets or clears the flag. */
export async function setFeeHold(
  db: Db,
  actor: Actor,
  nim: string,
  input: FeeHoldUpdate,
  now = new Date(),
): Promise<FeeHold> {
  assertCanManageFeeHolds(actor, true);
  const student = await loadStudent(db, actor.collegeId, nim);
  if (input.tunggakan) {
    await upsertFeeHold(db, {
      userId: student.userId,
      collegeId: actor.collegeId,
      keterangan: input.keterangan,
      updatedBy: actor.userId,
      updatedAt: now,
    });
  } else {
    await deleteFeeHold(db, actor.collegeId, student.userId);
  }
  return presentFeeHold({
    ...student,
    hold: input.tunggakan ? { keterangan: input.keterangan, updatedAt: now } : null,
  });
}

/** GET /v2/lms/pembatasan/tunggakan: a page of the college's students on hold. */
export async function listFeeHoldPage(
  db: Db,
  actor: Actor,
  query: FeeHoldListQuery,
): Promise<{ data: FeeHoldListItem[]; meta: PageMeta }> {
  assertCanManageFeeHolds(actor, false);
  const { rows, total } = await listFeeHolds(db, actor.collegeId, {
    search: query.search,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(presentFeeHoldListItem), meta: buildPageMeta(query, total) };
}

/** Reads an import file in a worker thread; a file that is too heavy for it is answered as unreadable. */
async function readImportRows(buffer: Buffer): Promise<FeeHoldImportRow[]> {
  let parsed: ParsedFeeHoldImport;
  try {
    parsed = await runInWorker('readFeeHoldImportTask', buffer);
  } catch {
    parsed = { ok: false, pesan: feeHoldImportMessages.unreadable };
  }
  if (!parsed.ok) throw badRequest('impor_tunggakan_tidak_valid', parsed.pesan);
  return parsed.rows;
}

/** The file's rows matched to the college's students (one query), split by what they ask. */
async function planImport(db: Db, collegeId: string, rows: FeeHoldImportRow[]) {
  const students = await findStudentsByNim(
    db,
    collegeId,
    rows.map((r) => r.nim),
  );
  const byNim = new Map(students.map((s) => [s.nim, s]));
  const unknown: { nim: string; baris: number }[] = [];
  const hold: { userId: string; keterangan: string; held: boolean }[] = [];
  const clear: { userId: string; held: boolean }[] = [];
  for (const row of rows) {
    const student = byNim.get(row.nim);
    if (!student) unknown.push({ nim: row.nim, baris: row.baris });
    else if (row.tunggakan)
      hold.push({ userId: student.userId, keterangan: row.keterangan, held: student.held });
    else clear.push({ userId: student.userId, held: student.held });
  }
  // Rows come in order of each NIM's last row; the operator reads the file top-down.
  unknown.sort((a, b) => a.baris - b.baris);
  return { unknown, hold, clear };
}

/** POST …/tunggakan/impor/pratinjau: what importing the file would do in either mode; changes nothing. */
export async function previewFeeHoldImport(
  db: Db,
  actor: Actor,
  buffer: Buffer,
): Promise<FeeHoldImportPreview> {
  assertCanManageFeeHolds(actor, true);
  const rows = await readImportRows(buffer);
  const plan = await planImport(db, actor.collegeId, rows);
  const [onHold, stay] = [await countFeeHolds(db, actor.collegeId), plan.hold.filter((h) => h.held).length];
  const added = plan.hold.length - stay;
  return {
    jumlah_baris: rows.length,
    tetap: stay,
    tambah: { ditandai: added, dihapus: plan.clear.filter((c) => c.held).length },
    ganti: { ditandai: added, dihapus: onHold - stay },
    jumlah_tidak_dikenal: plan.unknown.length,
    tidak_dikenal: plan.unknown.slice(0, feeHoldImportUnknownListed),
  };
}

/** POST …/tunggakan/impor: applies the file in one transaction (see `feeHoldImportModes`). */
export async function importFeeHolds(
  db: Db,
  actor: Actor,
  buffer: Buffer,
  mode: FeeHoldImportMode,
  now = new Date(),
): Promise<FeeHoldImportResult> {
  assertCanManageFeeHolds(actor, true);
  const rows = await readImportRows(buffer);
  const plan = await planImport(db, actor.collegeId, rows);
  const { added, removed } = await applyFeeHoldImport(db, actor.collegeId, {
    hold: plan.hold,
    clear: plan.clear.map((c) => c.userId),
    clearOthers: mode === 'ganti',
    updatedBy: actor.userId,
    updatedAt: now,
  });
  return { mode, ditandai: added, dihapus: removed, jumlah_tidak_dikenal: plan.unknown.length };
}
