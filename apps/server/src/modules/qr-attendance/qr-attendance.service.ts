import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  isQrMeeting,
  isQrSlotExpired,
  isWithinQrCheckInTime,
  qrAttendanceMessages,
  qrCheckInUrl,
  qrRecordedMessage,
  qrSlotOf,
  qrSlotSeconds,
  qrSlotWindow,
} from '@lms/contract/qr-attendance.rules';
import type { MeetingQrCode, QrCheckInResult } from '@lms/contract/qr-attendance.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { recordQrMark } from '../attendance/attendance.api.ts';
import { loadReadableMeeting } from '../meeting/meeting.api.ts';
import { canShowQrCode } from './qr-attendance.policy.ts';
import type { QrCodeSigner } from './qr-code-signer.ts';

function assertQrOn(college: College): void {
  if (!readCollegeSettings(college).aturan_qr_code.status) {
    throw badRequest('qr_code_tidak_aktif', qrAttendanceMessages.off);
  }
}

/**
 * GET /v2/lms/kehadiran_mahasiswa/pertemuan/{idPertemuan}/qr: the code of the current 30-second slot,
 * for a teacher of the class or an operator with write, when QR check-in is on and the meeting is held
 * in a room (offline or mixed). The QR image holds our check-in page's address with the code.
 */
export async function getMeetingQrCode(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
  deps: { signer: QrCodeSigner; publicUrl: string },
): Promise<MeetingQrCode> {
  const { meeting, cls } = await loadReadableMeeting(db, actor, college, meetingId);
  if (!canShowQrCode(actor, cls.relation)) throw forbidden();
  assertQrOn(college);
  if (!isQrMeeting(meeting.jenis))
    throw badRequest('qr_code_pertemuan_online', qrAttendanceMessages.onlineMeeting);
  const now = new Date();
  const slot = qrSlotOf(now);
  const kode = await deps.signer.sign({ collegeId: college.id, meetingId: meeting.id, slot });
  return {
    kode,
    url: qrCheckInUrl(deps.publicUrl, kode),
    berganti_pada: qrSlotWindow(slot).next.toISOString(),
    interval_detik: qrSlotSeconds,
    server_time: now.toISOString(),
  };
}

/** The meeting of a code as the student may read it; not enrolled is said in words. */
async function loadMeetingForStudent(db: Db, actor: Actor, college: College, meetingId: string) {
  try {
    return (await loadReadableMeeting(db, actor, college, meetingId)).meeting;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) {
      throw new AppError(403, 'bukan_peserta_kelas', qrAttendanceMessages.notEnrolled);
    }
    throw error;
  }
}

/**
 * POST /v2/lms/kehadiran_mahasiswa/presensi_qr: a signed-in student of the class checks in with the code
 * they scanned. Server time decides: the code must be at most a minute old and the meeting under way
 * (from its start, or the lecture's earlier start, to its end: isWithinQrCheckInTime). The student is marked H with source 'qr' unless a mark already stands; a
 * person's manual mark is never overwritten, and a later manual mark replaces the QR one.
 */
export async function checkInByQrCode(
  db: Db,
  actor: Actor,
  college: College,
  kode: string,
  signer: QrCodeSigner,
): Promise<QrCheckInResult> {
  if (actor.actorUserId) throw new AppError(403, 'aktivitas_saat_login_akun_lain');
  if (actor.role !== 'mahasiswa')
    throw new AppError(403, 'bukan_mahasiswa', qrAttendanceMessages.studentsOnly);
  assertQrOn(college);
  const claims = await signer.verify(kode.trim());
  if (!claims) throw badRequest('qr_code_tidak_valid', qrAttendanceMessages.invalid);
  if (claims.collegeId !== college.id)
    throw badRequest('qr_code_kampus_lain', qrAttendanceMessages.otherCollege);
  const now = new Date();
  if (isQrSlotExpired(claims.slot, now))
    throw badRequest('qr_code_kedaluwarsa', qrAttendanceMessages.expired);
  const meeting = await loadMeetingForStudent(db, actor, college, claims.meetingId);
  if (!isQrMeeting(meeting.jenis))
    throw badRequest('qr_code_pertemuan_online', qrAttendanceMessages.onlineMeeting);
  if (!isWithinQrCheckInTime(meeting, now)) {
    throw badRequest('qr_code_di_luar_waktu', qrAttendanceMessages.outsideTime);
  }
  const mark = await recordQrMark(db, {
    collegeId: college.id,
    pertemuanId: meeting.id,
    mahasiswaId: actor.userId,
    at: now,
  });
  let pesan = qrRecordedMessage(meeting.nomor);
  if (!mark.written)
    pesan = mark.source === 'qr' ? qrAttendanceMessages.alreadyByQr : qrAttendanceMessages.manualExists;
  return {
    tercatat: mark.written,
    presensi: mark.presensi,
    sumber: mark.source,
    pesan,
    pertemuan: {
      id: meeting.id,
      nomor: meeting.nomor,
      judul: meeting.judul,
      kelas_kuliah: { id: meeting.kelas.id, nama: meeting.kelas.nama, mata_kuliah: meeting.mataKuliah.nama },
    },
  };
}
