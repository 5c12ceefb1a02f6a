import { countLectureActivities } from '@lms/contract/activity.rules';
import { hasMeetingStarted } from '@lms/contract/attendance.rules';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import {
  isRecordedLecturer,
  lecturerAttendanceDeadline,
  lecturerAttendanceMessages,
  lecturerButtonOpensAt,
  lecturerDisplayName,
  lecturerRequirements,
  ownAttendanceStep,
  validateLecturerAttendance,
} from '@lms/contract/lecturer-attendance.rules';
import type {
  LecturerAttendanceInput,
  LecturerAttendanceList,
  LecturerAttendanceRow,
  OwnLecturerAttendance,
  OwnLecturerAttendanceInput,
} from '@lms/contract/lecturer-attendance.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { countActivitiesOfMeetings, meetingProgress } from '../activity/activity.api.ts';
import { countStudentsOfClasses } from '../class/class.api.ts';
import { loadReadableMeeting, type MeetingRow } from '../meeting/meeting.api.ts';
import { canEditLecturerAttendance, canValidateLecturerAttendance } from './lecturer-attendance.policy.ts';
import { presentLecturerAttendance, type LecturerRowContext } from './lecturer-attendance.presenter.ts';
import {
  findMeetingLecturers,
  updateLecturerValidation,
  upsertLecturerAttendance,
  type MeetingLecturerRow,
} from './lecturer-attendance.repository.ts';

/** Everything one meeting's lecturer attendance is built from, read once per request. */
async function loadMeetingLecturers(db: Db, actor: Actor, college: College, meetingId: string) {
  const { meeting } = await loadReadableMeeting(db, actor, college, meetingId);
  const settings = readCollegeSettings(college).pengaturan_kelas;
  const minProgress = settings.syarat_kehadiran_online_mahasiswa.presentase_progress_minimal_persen;
  const [rows, counts, progress, students] = await Promise.all([
    findMeetingLecturers(db, college.id, meeting.kelas.id, meeting.id),
    countActivitiesOfMeetings(db, college.id, [meeting.id]),
    meetingProgress(db, college.id, [meeting.id], minProgress),
    countStudentsOfClasses(db, college.id, [meeting.kelas.id]),
  ]);
  const enrolled = students.get(meeting.kelas.id) ?? 0;
  const present = progress.get(meeting.id)!.pesertaHadir;
  const validationOn = settings.validasi_kehadiran_dosen;
  const context: LecturerRowContext = {
    collegeId: college.id,
    jenis: meeting.jenis,
    validationOn,
    requirements: lecturerRequirements(settings, meeting.jenis),
    aktivitas: countLectureActivities(counts.get(meeting.id)!),
    kehadiranKelasPersen: enrolled > 0 ? Math.round((present / enrolled) * 1000) / 10 : 0,
    minimalPersen: settings.syarat_kehadiran_online_dosen.presentase_kehadiran_kelas_persen,
  };
  const recorded = rows.filter((r) => isRecordedLecturer({ peran: r.peran, isPengajar: r.isPengajar }));
  return { meeting, settings, context, recorded };
}

type MeetingLecturers = Awaited<ReturnType<typeof loadMeetingLecturers>>;

function findRecorded(loaded: MeetingLecturers, dosenId: string): MeetingLecturerRow {
  const row = loaded.recorded.find((r) => r.dosenId === dosenId);
  if (!row) throw new AppError(404, 'pengajar_tidak_ditemukan', lecturerAttendanceMessages.notRecorded);
  return row;
}

/** GET /v2/lms/kehadiran_dosen/{idPertemuan}: the meeting's recorded lecturers with their tags. */
export async function listLecturerAttendance(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
): Promise<LecturerAttendanceList> {
  const loaded = await loadMeetingLecturers(db, actor, college, meetingId);
  const { meeting, settings, context } = loaded;
  return {
    data: loaded.recorded.map((row) => presentLecturerAttendance(row, context)),
    info: {
      jenis: meeting.jenis,
      validasi_aktif: context.validationOn,
      syarat: context.requirements,
      kehadiran_kelas_persen: context.kehadiranKelasPersen,
      batas_waktu: lecturerAttendanceDeadline(meeting.waktuMulai, college.timeZone).toISOString(),
      akses: {
        ubah: canEditLecturerAttendance(actor),
        validasi: canValidateLecturerAttendance(actor, settings.validasi_kehadiran_dosen),
      },
    },
  };
}

/** GET /v2/lms/kehadiran_dosen/{idPertemuan}/{idDosen}: one recorded lecturer's attendance. */
export async function getLecturerAttendance(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
  dosenId: string,
): Promise<LecturerAttendanceRow> {
  const loaded = await loadMeetingLecturers(db, actor, college, meetingId);
  return presentLecturerAttendance(findRecorded(loaded, dosenId), loaded.context);
}

/** The own-attendance button's state for the caller, from server time. */
function ownState(
  loaded: MeetingLecturers,
  college: College,
  actor: Actor,
  now: Date,
): OwnLecturerAttendance {
  const { meeting, settings, context } = loaded;
  const row = loaded.recorded.find((r) => r.dosenId === actor.userId);
  const kehadiran = row ? presentLecturerAttendance(row, context) : null;
  const opensAt = lecturerButtonOpensAt(meeting.waktuMulai, settings.tampil_tombol_presensi_dosen.mulai);
  const deadline = lecturerAttendanceDeadline(meeting.waktuMulai, college.timeZone);
  return {
    tercatat: !!row,
    kehadiran,
    langkah: ownAttendanceStep({
      now,
      opensAt,
      deadline,
      lectureStarted: meeting.mulaiKuliah !== null,
      own: kehadiran?.ada_presensi ? kehadiran : null,
    }),
    tombol_tampil_mulai: opensAt.toISOString(),
    batas_waktu: deadline.toISOString(),
    server_time: now.toISOString(),
  };
}

/** GET /v2/lms/kehadiran_dosen/{idPertemuan}/me: the caller's own attendance and button. */
export async function getOwnLecturerAttendance(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
): Promise<OwnLecturerAttendance> {
  const loaded = await loadMeetingLecturers(db, actor, college, meetingId);
  return ownState(loaded, college, actor, new Date());
}

const refusalOfStep = {
  belum_tampil: lecturerAttendanceMessages.buttonNotYet,
  lewat_batas: lecturerAttendanceMessages.deadlinePassed,
  selesai: lecturerAttendanceMessages.alreadyComplete,
  tidak_hadir: lecturerAttendanceMessages.markedAbsent,
} as const;

/**
 * PUT /v2/lms/kehadiran_dosen/{idPertemuan}/me: the lecturer's own button. The first press records them
 * present with the start of the lecture, the second the end; server time decides both the moment and
 * whether the button may be pressed (from the meeting start plus tampil_tombol_presensi_dosen.mulai, or
 * once the lecture started, until 23:59 of the meeting's day). A repeated "mulai" changes nothing.
 */
export async function recordOwnLecturerAttendance(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
  input: OwnLecturerAttendanceInput,
): Promise<OwnLecturerAttendance> {
  const loaded = await loadMeetingLecturers(db, actor, college, meetingId);
  const row = loaded.recorded.find((r) => r.dosenId === actor.userId);
  if (!row) throw new AppError(403, 'bukan_pengajar_pertemuan', lecturerAttendanceMessages.notRecorded);
  const now = new Date();
  const state = ownState(loaded, college, actor, now);
  const step = state.langkah;
  if (step === 'akhiri' && input.aksi === 'mulai') return state;
  if (step !== 'mulai' && step !== 'akhiri') {
    throw new AppError(400, `presensi_dosen_${step}`, refusalOfStep[step]);
  }
  if (step === 'mulai' && input.aksi === 'akhiri') {
    throw new AppError(400, 'presensi_dosen_belum_mulai', 'Lakukan presensi mulai kuliah terlebih dahulu.');
  }
  await upsertLecturerAttendance(db, {
    collegeId: college.id,
    pertemuanId: loaded.meeting.id,
    dosenId: actor.userId,
    isHadir: true,
    mulaiKuliah: step === 'mulai' ? now : row.mulaiKuliah,
    selesaiKuliah: step === 'akhiri' ? now : null,
    // A lecturer's own record waits for an operator's validation again.
    isValid: false,
    validatedBy: null,
    validatedAt: null,
    updatedBy: actor.userId,
  });
  return getOwnLecturerAttendance(db, actor, college, meetingId);
}

function assertMeetingStarted(meeting: MeetingRow, now: Date): void {
  const started = hasMeetingStarted(
    {
      waktu_mulai: meeting.waktuMulai.toISOString(),
      mulai_kuliah: meeting.mulaiKuliah?.toISOString() ?? null,
    },
    now,
  );
  if (!started)
    throw badRequest('kehadiran_dosen_belum_dapat_diubah', lecturerAttendanceMessages.meetingNotStarted);
}

/**
 * PUT /v2/lms/kehadiran_dosen/{idPertemuan}/dosen/{id_dosen} ("Ubah Kehadiran Pengajar", operators with
 * write): present needs the start and end (messages name the lecturer), absent clears both. While the
 * college validates, `is_valid` sets the validation; otherwise it is ignored. No deadline applies: the
 * operator corrects the record after the day too.
 */
export async function updateLecturerAttendance(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
  dosenId: string,
  input: LecturerAttendanceInput,
): Promise<LecturerAttendanceRow> {
  if (!canEditLecturerAttendance(actor)) throw forbidden();
  const loaded = await loadMeetingLecturers(db, actor, college, meetingId);
  const row = findRecorded(loaded, dosenId);
  const now = new Date();
  assertMeetingStarted(loaded.meeting, now);
  const name = lecturerDisplayName({
    nama: row.nama,
    gelar_depan: row.gelarDepan,
    gelar_akademik: row.gelarAkademik,
  });
  const mulai = input.is_hadir && input.mulai_kuliah ? new Date(input.mulai_kuliah) : null;
  const selesai = input.is_hadir && input.selesai_kuliah ? new Date(input.selesai_kuliah) : null;
  const errors = validateLecturerAttendance(
    { is_hadir: input.is_hadir, mulai_kuliah: mulai, selesai_kuliah: selesai },
    name,
  );
  if (errors.length) throw badRequest('pengisian_belum_lengkap', errors[0]!.message, { fields: errors });
  const validationOn = loaded.settings.validasi_kehadiran_dosen;
  const isValid = validationOn && input.is_valid !== undefined ? input.is_valid : !!row.isValid;
  await upsertLecturerAttendance(db, {
    collegeId: college.id,
    pertemuanId: loaded.meeting.id,
    dosenId,
    isHadir: input.is_hadir,
    mulaiKuliah: mulai,
    selesaiKuliah: selesai,
    isValid,
    validatedBy: isValid ? actor.userId : null,
    validatedAt: isValid ? now : null,
    updatedBy: actor.userId,
  });
  return getLecturerAttendance(db, actor, college, meetingId, dosenId);
}

/**
 * PUT /v2/lms/kehadiran_dosen/{idPertemuan}/dosen/{id_dosen}/validasi: an operator with write validates
 * (or withdraws the validation of) a recorded attendance, while the college validates lecturer attendance.
 */
export async function validateLecturerAttendanceRecord(
  db: Db,
  actor: Actor,
  college: College,
  meetingId: string,
  dosenId: string,
  isValid: boolean,
): Promise<LecturerAttendanceRow> {
  const loaded = await loadMeetingLecturers(db, actor, college, meetingId);
  if (!loaded.settings.validasi_kehadiran_dosen) {
    throw badRequest('validasi_kehadiran_dosen_tidak_aktif', lecturerAttendanceMessages.validationOff);
  }
  if (!canValidateLecturerAttendance(actor, true)) throw forbidden();
  findRecorded(loaded, dosenId);
  const stored = await updateLecturerValidation(
    db,
    college.id,
    { pertemuanId: loaded.meeting.id, dosenId },
    { isValid, validatedBy: isValid ? actor.userId : null, validatedAt: isValid ? new Date() : null },
  );
  if (!stored) throw badRequest('kehadiran_dosen_belum_ada', lecturerAttendanceMessages.noPresence);
  return getLecturerAttendance(db, actor, college, meetingId, dosenId);
}
