/** Requirement keys of GET /v2/lms/check_pembatasan and their labels (for the /forbidden page). */
export const accessRequirementLabels: Record<string, string> = {
  tunggakan_biaya: 'Pembayaran biaya kuliah',
  kehadiran_uts: 'Kehadiran minimal untuk UTS',
  kehadiran_uas: 'Kehadiran minimal untuk UAS',
};

/** The error code of a meeting closed by an exam-attendance restriction (spec 2 §8). */
export const examRestrictionErrorCode = 'pembatasan_ujian_kehadiran';

/**
 * The error code of a UTS/UAS exam whose start is refused because the student's attendance in the
 * exam's class is below the college's minimum (whatever the meeting's category); same detail.
 */
export const examStartAttendanceErrorCode = 'ujian_kehadiran_kurang';

/** The `detail` of these errors: which requirement of check_pembatasan is unmet, and what is missing. */
export interface ExamRestrictionDetail {
  syarat: string;
  kekurangan: string[];
}

/** The label of a requirement key; unknown keys show the key with spaces. */
export function accessRequirementLabel(key: string): string {
  return accessRequirementLabels[key] ?? key.replace(/_/g, ' ');
}

/** Attendance percentage of held meetings; with none held there is nothing to miss (100). */
export function attendancePercent(attended: number, held: number): number {
  if (held <= 0) return 100;
  return Math.round((Math.min(attended, held) / held) * 1000) / 10;
}

/** Whether every access-restriction requirement is met (an empty status allows). */
export function meetsAccessRestrictions(status: Record<string, { memenuhi_syarat: boolean }>): boolean {
  return Object.values(status).every((entry) => entry.memenuhi_syarat);
}
