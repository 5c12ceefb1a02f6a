import type { AttendanceParameters } from '../schema/meeting.schema.ts';
import type { DemoAcademic } from './academic.seed.ts';
import {
  type DemoContext,
  type Interval,
  dayOffset,
  fromLocal,
  minuteMs,
  weekMs,
} from './demo-seed.context.ts';
import { teachingMethods, type DemoCourse } from './demo-university.data.ts';

/** Sixteen meetings of a class on its weekly slot; the status follows the clock at `now`. */
export function addDemoMeetingsOfClass(
  ctx: DemoContext,
  academic: Pick<DemoAcademic, 'judulOf'>,
  cls: {
    kelasId: string;
    course: DemoCourse;
    mode: 'online' | 'offline' | 'campuran';
    /** Week index (of the current period's calendar) of meeting 1. */
    firstWeek: number;
    slot: Interval;
    roomId: string | undefined;
    sesiId: string | undefined;
    teacherIds: string[];
  },
): void {
  const { rng, collegeId, createdAt, now, rows, uid } = ctx;
  const { week0 } = ctx.calendar;
  const { judulOf } = academic;
  const { kelasId, course, mode } = cls;
  const chosen = { slot: cls.slot, roomId: cls.roomId, sesiId: cls.sesiId };
  const plan = { firstWeek: cls.firstWeek };
  for (let nomor = 1; nomor <= 16; nomor++) {
    const kategori = nomor === 8 ? 'uts' : nomor === 16 ? 'uas' : 'kuliah';
    const jenis =
      mode === 'campuran' ? (nomor % 2 === 1 || kategori !== 'kuliah' ? 'offline' : 'online') : mode;
    const startLocal =
      week0 +
      (plan.firstWeek + nomor - 1) * weekMs +
      dayOffset(chosen.slot.hari) +
      chosen.slot.from * minuteMs;
    const waktuMulai = fromLocal(startLocal);
    const waktuSelesai = fromLocal(startLocal + (chosen.slot.to - chosen.slot.from) * minuteMs);
    let status: 'belum_dimulai' | 'berlangsung' | 'selesai' = 'belum_dimulai';
    let mulaiKuliah: Date | null = null;
    let selesaiKuliah: Date | null = null;
    // Drawn for every meeting, started or not, so that the classes seeded after this one do not
    // depend on the hour the seed runs.
    const lateMinutes = rng.int(0, 10);
    const earlyMinutes = rng.int(0, 10);
    if (waktuMulai <= now) {
      const started = waktuMulai.getTime() + lateMinutes * minuteMs;
      mulaiKuliah = new Date(Math.min(started, now.getTime()));
      if (waktuSelesai <= now) {
        status = 'selesai';
        selesaiKuliah = new Date(Math.max(waktuSelesai.getTime() - earlyMinutes * minuteMs, started));
      } else {
        status = 'berlangsung';
      }
    }
    const [judul] = judulOf(course, nomor);
    const online = jenis === 'online';
    const parameterKehadiran: AttendanceParameters = {
      hadir_vidcon: online,
      kerjakan_kuis_ujian: false,
      kerjakan_tugas: online && nomor % 3 === 0,
      posting_forum: false,
      unduh_materi: online,
    };
    const pertemuanId = uid(`pertemuan:${kelasId}:${nomor}`);
    rows.meetings.push({
      id: pertemuanId,
      collegeId,
      kelasId,
      nomor,
      judul,
      deskripsi:
        kategori === 'uts'
          ? 'Ujian tengah semester mencakup materi pertemuan 1 sampai 7.'
          : kategori === 'uas'
            ? 'Ujian akhir semester mencakup materi pertemuan 9 sampai 15.'
            : nomor === 1
              ? 'Penjelasan kontrak perkuliahan, rencana pembelajaran semester, dan sistem penilaian.'
              : `Mahasiswa mampu menjelaskan dan menerapkan ${judul.toLowerCase()} pada mata kuliah ${course.nama}.`,
      kategori,
      jenis,
      metode:
        kategori === 'kuliah' ? rng.pick(teachingMethods[online ? 'online' : 'offline']) : 'Ujian Tertulis',
      waktuMulai,
      waktuSelesai,
      ruanganId: online ? null : (chosen.roomId ?? null),
      sesiId: chosen.sesiId ?? null,
      status,
      mulaiKuliah,
      selesaiKuliah,
      parameterKehadiran,
      defaultDeadlineMateri: new Date(waktuSelesai.getTime() + weekMs),
      createdAt,
      updatedAt: createdAt,
    });
    for (const dosenId of cls.teacherIds) {
      rows.meetingTeachers.push({ pertemuanId, dosenId, collegeId, isPengajar: true });
    }
  }
}
