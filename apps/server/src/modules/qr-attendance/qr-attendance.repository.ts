import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { studentAttendance } from '../../db/schema/attendance.schema.ts';

/**
 * Records a student present by QR unless a mark already stands (a person's manual mark, or an earlier QR
 * check-in): a QR check-in never overwrites a stored mark. Answers the mark that stands afterwards and
 * whether this call wrote it.
 */
export async function insertQrMark(
  db: Db,
  mark: { collegeId: string; pertemuanId: string; mahasiswaId: string; at: Date },
) {
  const written = await db
    .insert(studentAttendance)
    .values({
      collegeId: mark.collegeId,
      pertemuanId: mark.pertemuanId,
      mahasiswaId: mark.mahasiswaId,
      presensi: 'H',
      source: 'qr',
      updatedBy: mark.mahasiswaId,
      updatedAt: mark.at,
    })
    .onConflictDoNothing()
    .returning({ presensi: studentAttendance.presensi });
  const [standing] = await db
    .select({ presensi: studentAttendance.presensi, source: studentAttendance.source })
    .from(studentAttendance)
    .where(
      and(
        eq(studentAttendance.collegeId, mark.collegeId),
        eq(studentAttendance.pertemuanId, mark.pertemuanId),
        eq(studentAttendance.mahasiswaId, mark.mahasiswaId),
      ),
    );
  return { written: written.length > 0, presensi: standing!.presensi, source: standing!.source };
}
