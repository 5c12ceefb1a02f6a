import type { FeeHold, FeeHoldUpdate } from '@lms/contract/access-restriction.schema';
import { attendancePercent } from '@lms/contract/access-restriction.rules';
import type { AccessRestrictionStatus } from '@lms/contract/college.schema';
import { restrictedExamKindLabels, type RestrictedExamKind } from '@lms/contract/college-settings.rules';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { formatPercent } from '@lms/contract/format.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { countAttendedLectures } from '../attendance/attendance.api.ts';
import { AppError } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { assertCanManageFeeHolds } from './access-restriction.policy.ts';
import { presentFeeHold } from './access-restriction.presenter.ts';
import {
  deleteFeeHold,
  findFeeHold,
  findStudentWithHold,
  upsertFeeHold,
} from './access-restriction.repository.ts';

/**
 * GET /v2/lms/check_pembatasan: the rules the college turned on (Konfigurasi → Pembatasan Akses), for
 * students (also when an operator acts for one); lecturers and operators have none.
 * - `tunggakan_biaya`: not flagged with unpaid fees. Gates the whole LMS.
 * - `kehadiran_uts` / `kehadiran_uas`, only when asked with `ujian`: attendance in the current period at
 *   least the minimum. Gates that exam's meetings (the meeting area asks when a UTS/UAS meeting opens).
 */
export async function checkAccessRestrictions(
  db: Db,
  actor: Actor,
  college: College,
  ujian?: RestrictedExamKind,
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
  const attendance = rules.kehadiran_ujian;
  if (ujian && attendance.aktif && attendance.berlaku_untuk.includes(ujian)) {
    const minProgress =
      readCollegeSettings(college).pengaturan_kelas.syarat_kehadiran_online_mahasiswa
        .presentase_progress_minimal_persen;
    const { held, attended } = await countAttendedLectures(db, actor.collegeId, actor.userId, minProgress);
    const percent = attendancePercent(attended, held);
    const met = percent >= attendance.persen_minimal;
    status[`kehadiran_${ujian}`] = {
      memenuhi_syarat: met,
      kekurangan: met
        ? []
        : [
            `Kehadiran Anda pada periode ini ${formatPercent(percent)} dari ${held} pertemuan; ` +
              `minimal ${formatPercent(attendance.persen_minimal)} untuk mengikuti ${restrictedExamKindLabels[ujian]}.`,
          ],
    };
  }
  return status;
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
