import type {
  SemesterImport,
  SemesterImportProblem,
  SemesterImportRemoval,
  SemesterImportStatus,
} from '@lms/contract/semester-import.schema';
import type { SemesterImportRow } from './semester-import.repository.ts';

/** A load as the "Muat Semester" screen shows it: never its file or rows. */
export function presentSemesterImport(row: SemesterImportRow): SemesterImport {
  return {
    id: row.id,
    nama_file: row.fileName,
    status: row.status as SemesterImportStatus,
    progres: { selesai: row.progressDone, total: row.progressTotal },
    ringkasan: (row.summary as SemesterImport['ringkasan']) ?? null,
    masalah: (row.problems as SemesterImportProblem[] | null) ?? [],
    jumlah_masalah: row.problemCount,
    penghapusan: (row.removals as SemesterImportRemoval[] | null) ?? [],
    jumlah_penghapusan: row.removalCount,
    pesan: row.message,
    dibuat_pada: row.createdAt.toISOString(),
    diterapkan_pada: row.appliedAt?.toISOString() ?? null,
    terjadwal: row.scheduledHour !== null,
  };
}
