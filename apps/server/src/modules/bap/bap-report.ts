import {
  effectiveMark,
  attendanceMarkLabels,
  isComputedAttendanceMeeting,
} from '@lms/contract/attendance.rules';
import {
  bapSignersOf,
  formatIndonesianDate,
  formatZonedTime,
  isReportedMeetingOfLecturer,
  markSourceLabel,
  type BapReportKind,
} from '@lms/contract/bap.rules';
import { lectureModeLabels, teacherRoleLabels } from '@lms/contract/class.rules';
import { lecturerDisplayName } from '@lms/contract/lecturer-attendance.rules';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import type { ClassesMarkRow } from '../attendance/attendance.api.ts';
import type { ClassTeacherRow } from '../class/class.api.ts';
import type { MeetingsLecturerAttendanceRow } from '../lecturer-attendance/lecturer-attendance.api.ts';
import type { HeldMeetingRow, ReportClassRow, SignatoryRow } from './bap.repository.ts';

/** What a BAP download holds and for whom (resolved by the policy). */
export interface BapRequest {
  kelas: boolean;
  detail: boolean;
  tandaTangan: boolean;
  kind: BapReportKind;
  /** The lecturer of a "saya" or "pengajar" report. */
  dosenId: string | null;
  callerIsLecturer: boolean;
}

/** The college as a report's header shows it. */
export interface ReportCollege {
  nama: string;
  alamat: string;
  timeZone: string;
  timeZoneLabel: string;
  /** A PNG or JPEG logo, or null to draw the initials. */
  logo: Buffer | null;
  initials: string;
  logoColor: string;
}

/** A person who signs. */
export interface ReportSigner {
  peran: string;
  nama: string;
  nomor: string;
}

/** One meeting of a report. */
export interface ReportMeeting {
  nomor: number;
  judul: string;
  tanggal: string;
  waktu: string;
  metode: string;
  dosen: string[];
  hadir: number;
  peserta: number;
  mahasiswa: Array<{ nim: string; nama: string; presensi: string; cara: string }>;
}

/** Everything a class's BAP PDF shows, already in Indonesian text. */
export interface BapReport {
  college: ReportCollege;
  judul: string;
  subjudul: string;
  kelas: {
    mataKuliah: string;
    kelas: string;
    sks: number;
    prodi: string;
    periode: string;
    metodePengajaran: string;
    modeKuliah: string;
    jumlahPeserta: number;
  };
  pengajar: string[];
  includeKelas: boolean;
  includeDetail: boolean;
  meetings: ReportMeeting[];
  signers: { kepala: ReportSigner; dosen: ReportSigner[] } | null;
  tanggalCetak: string;
}

/** The rows one class's report is built from (read set-based for a batch of classes). */
export interface ClassReportRows {
  cls: ReportClassRow;
  teachers: ClassTeacherRow[];
  meetings: HeldMeetingRow[];
  lecturerAttendance: MeetingsLecturerAttendanceRow[];
  meetingTeachers: Array<{ pertemuanId: string; dosenId: string }>;
  marks: ClassesMarkRow[];
  enrolled: number;
  signatory: SignatoryRow | null;
}

/** The settings a report reads. */
export interface ReportSettings {
  validationOn: boolean;
  minProgressPercent: number;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

function lecturerName(t: { nama: string; gelarDepan: string | null; gelarAkademik: string | null }) {
  return lecturerDisplayName({ nama: t.nama, gelar_depan: t.gelarDepan, gelar_akademik: t.gelarAkademik });
}

function lecturerLine(
  row: MeetingsLecturerAttendanceRow,
  college: ReportCollege,
  validationOn: boolean,
): string {
  const name = lecturerName(row);
  if (!row.isHadir) return `${name}: Tidak hadir`;
  const start = row.mulaiKuliah ? formatZonedTime(row.mulaiKuliah, college.timeZone) : '-';
  const end = row.selesaiKuliah ? formatZonedTime(row.selesaiKuliah, college.timeZone) : '-';
  const validation = validationOn ? (row.isValid ? ', tervalidasi' : ', belum divalidasi') : '';
  return `${name}: hadir ${start}–${end}${validation}`;
}

const reportTitles: Record<BapReportKind, string> = {
  kelas: 'Laporan Kelas',
  saya: 'Laporan Saya',
  pengajar: 'Laporan Pengajar',
};

/** Builds one class's report from its rows: which meetings, their counts, marks and the signers. */
export function buildClassReport(
  rows: ClassReportRows,
  request: BapRequest,
  college: ReportCollege,
  settings: ReportSettings,
  now: Date,
): BapReport {
  const { cls, teachers } = rows;
  const attendanceByMeeting = groupBy(rows.lecturerAttendance, (r) => r.pertemuanId);
  const marksByMeeting = groupBy(rows.marks, (r) => r.pertemuanId);
  const reportLecturer = request.dosenId ? teachers.find((t) => t.dosenId === request.dosenId) : undefined;
  const meetings = rows.meetings.filter((m) => {
    if (request.kind === 'kelas') return true;
    const own = attendanceByMeeting.get(m.id)?.find((a) => a.dosenId === request.dosenId);
    return isReportedMeetingOfLecturer(own, settings.validationOn);
  });
  const reportMeetings: ReportMeeting[] = meetings.map((m) => {
    const computed = isComputedAttendanceMeeting({
      jenis: m.jenis,
      parameter_kehadiran: m.parameterKehadiran,
    });
    const marks = (marksByMeeting.get(m.id) ?? []).map((r) => {
      const mark = effectiveMark(
        r.presensi && r.source ? { presensi: r.presensi, source: r.source } : null,
        r.required !== null && r.completed !== null ? { completed: r.completed, required: r.required } : null,
        computed,
        settings.minProgressPercent,
      );
      return { row: r, mark };
    });
    const start = m.mulaiKuliah ?? m.waktuMulai;
    const end = m.selesaiKuliah ?? m.waktuSelesai;
    return {
      nomor: m.nomor,
      judul: m.judul,
      tanggal: formatIndonesianDate(start, college.timeZone),
      waktu: `${formatZonedTime(start, college.timeZone)}–${formatZonedTime(end, college.timeZone)} ${college.timeZoneLabel}`,
      metode: [lectureModeLabels[m.jenis], m.metode].filter(Boolean).join(' · '),
      dosen: (attendanceByMeeting.get(m.id) ?? []).map((a) =>
        lecturerLine(a, college, settings.validationOn),
      ),
      hadir: marks.filter((x) => x.mark.is_hadir).length,
      peserta: marks.length,
      mahasiswa: request.detail
        ? marks.map(({ row, mark }) => ({
            nim: row.nim,
            nama: row.nama,
            presensi: mark.presensi ? attendanceMarkLabels[mark.presensi] : '-',
            cara: markSourceLabel(mark, row.markedByName),
          }))
        : [],
    };
  });

  let signers: BapReport['signers'] = null;
  if (request.tandaTangan) {
    const who = bapSignersOf({ callerIsLecturer: request.callerIsLecturer, kind: request.kind });
    let lecturers: ClassTeacherRow[];
    if (request.kind === 'saya' && reportLecturer) lecturers = [reportLecturer];
    else if (who === 'utama') lecturers = teachers.filter((t) => t.isUtama);
    else {
      const taught = new Set(
        rows.meetingTeachers
          .filter((t) => meetings.some((m) => m.id === t.pertemuanId))
          .map((t) => t.dosenId),
      );
      lecturers = teachers.filter((t) => taught.has(t.dosenId));
      if (lecturers.length === 0) lecturers = teachers.filter((t) => t.peran !== 'koordinator');
    }
    const head = rows.signatory;
    signers = {
      kepala: {
        peran: `${head?.jabatan ?? 'Ketua Program Studi'} ${cls.prodi.jenjang} ${cls.prodi.nama}`,
        nama: head?.nama ?? '(belum ditetapkan)',
        nomor: head?.nip ? `NIP ${head.nip}` : head?.nidn ? `NIDN ${head.nidn}` : 'NIP/NIDN -',
      },
      dosen: lecturers.map((t) => ({
        peran: t.isUtama ? 'Dosen Pengajar Utama' : teacherRoleLabels[t.peran],
        nama: lecturerName(t),
        nomor: `NIDN ${t.nidn}`,
      })),
    };
  }

  const subjudul =
    request.kind === 'kelas' || !reportLecturer
      ? reportTitles[request.kind]
      : `${reportTitles[request.kind]}: ${lecturerName(reportLecturer)}`;
  return {
    college,
    judul: 'BERITA ACARA PERKULIAHAN',
    subjudul,
    kelas: {
      mataKuliah: `${cls.course.kode} - ${cls.course.nama}`,
      kelas: `${cls.nama} ${cls.jenis}`,
      sks: cls.course.sks,
      prodi: `${cls.prodi.jenjang} ${cls.prodi.nama}`,
      periode: formatPeriodLabel(cls.periode),
      metodePengajaran: cls.metodePengajaran,
      modeKuliah: lectureModeLabels[cls.modeKuliah],
      jumlahPeserta: rows.enrolled,
    },
    pengajar: teachers.map(
      (t) => `${lecturerName(t)} (${t.isUtama ? 'Pengajar Utama' : teacherRoleLabels[t.peran]})`,
    ),
    includeKelas: request.kelas,
    includeDetail: request.detail,
    meetings: reportMeetings,
    signers,
    tanggalCetak: formatIndonesianDate(now, college.timeZone, false),
  };
}
