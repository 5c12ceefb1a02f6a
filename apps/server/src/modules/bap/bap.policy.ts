import { bapMessages } from '@lms/contract/bap.rules';
import { isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { AppError, forbidden } from '../../platform/app-error.ts';
import type { BapRequest } from './bap-report.ts';

/** The parts and the report a download asks for. */
export interface BapAsk {
  include_laporan_kelas: boolean;
  include_laporan_pertemuan_detail: boolean;
  include_tanda_tangan: boolean;
  laporan_saya: boolean;
  id_pengajar?: string;
}

/**
 * Whose report a caller may download (spec 2 "Attendance reports"): a lecturer gets the class report or
 * "Laporan Saya" (their own), never another lecturer's; an operator gets the class report or a chosen
 * teacher's, never "Laporan Saya". Class access (a lecturer only for classes they teach) is checked by the
 * class area before this; `teacherIds` are the class's teachers, to check a chosen one.
 */
export function resolveBapRequest(
  actor: Actor,
  ask: BapAsk,
  teacherIds: readonly string[] | null,
): BapRequest {
  const base = {
    kelas: ask.include_laporan_kelas,
    detail: ask.include_laporan_pertemuan_detail,
    tandaTangan: ask.include_tanda_tangan,
    callerIsLecturer: actor.role === 'dosen',
  };
  const lecturer = actor.role === 'dosen';
  if (ask.laporan_saya) {
    if (!lecturer) throw forbidden(bapMessages.ownReportLecturerOnly);
    return { ...base, kind: 'saya', dosenId: actor.userId };
  }
  if (ask.id_pengajar) {
    if (lecturer) {
      if (ask.id_pengajar !== actor.userId) throw forbidden(bapMessages.otherLecturerReport);
      return { ...base, kind: 'saya', dosenId: actor.userId };
    }
    if (teacherIds && !teacherIds.includes(ask.id_pengajar)) {
      throw new AppError(404, 'pengajar_tidak_ditemukan', bapMessages.teacherNotInClass);
    }
    return { ...base, kind: 'pengajar', dosenId: ask.id_pengajar };
  }
  return { ...base, kind: 'kelas', dosenId: null };
}

/** A program's signatory is kept by operators with write on Data Master. */
export function assertCanWriteSignatory(actor: Actor): void {
  if (!isOperatorWriting(actor, 'data_master')) throw forbidden();
}
