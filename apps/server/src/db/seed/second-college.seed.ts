import { formatPeriodLabel } from '@lms/contract/period.rules';
import type { DemoCourse } from './demo-university.data.ts';
import type { Db } from '../database.ts';
import {
  type DemoUniversityRows,
  createDemoContext,
  dayMs,
  insertDemoRows,
  localDateString,
  weekMs,
  zoneOffsetMs,
} from './demo-seed.context.ts';
import { allWrite } from './identity.seed.ts';
import { addDemoMeetingsOfClass } from './meeting.seed.ts';

/**
 * A second, small college whose SIAKAD ids collide with the demo university's: the same course ids
 * (IF2101, IF2102, SI2101) and so the same class ids (`20261_01_IF2101`, …). It shows, and the
 * cross-college tests check, that every id is read within its college. Usernames and nims differ from
 * the first college's, so the demo accounts stay unambiguous.
 */
export const secondCollegeId = 'samudra';

/** The second college's demo accounts (password as the first college's). */
export const secondCollegeAccounts = {
  operator: 'operator.samudra',
  dosen: 'dosen.samudra',
  mahasiswa: 'mahasiswa.samudra',
} as const;

const programs = [
  { key: 'IF', kode: '55201', nama: 'Teknik Informatika', jenjang: 'S1' },
  { key: 'SI', kode: '57201', nama: 'Sistem Informasi', jenjang: 'S1' },
  { key: 'TI', kode: '56401', nama: 'Teknologi Informasi', jenjang: 'D3' },
];

/** Three with the same ids and codes as the first college's courses, other names, so a mix-up shows. */
const courseList: Array<Pick<DemoCourse, 'kode' | 'nama' | 'sks' | 'semester' | 'prodi' | 'mode'>> = [
  { kode: 'IF2101', nama: 'Algoritma dan Struktur Data Lanjut', sks: 3, semester: 3, prodi: 'IF' },
  { kode: 'IF2102', nama: 'Sistem Basis Data', sks: 3, semester: 3, prodi: 'IF', mode: 'online' },
  { kode: 'SI2101', nama: 'Rekayasa Kebutuhan Sistem', sks: 2, semester: 3, prodi: 'SI' },
  // Only here: an id the first college does not have.
  { kode: 'KM1001', nama: 'Kewirausahaan Maritim', sks: 2, semester: 1, prodi: 'SI' },
];

/** Loads the second college (not the default one) beside the demo university; same `now` rule. */
export async function seedSecondCollege(
  db: Db,
  options: { now: Date; passwordHash: string; currentPeriod: number },
): Promise<void> {
  const rows = buildSecondCollege(options);
  await db.transaction(async (tx) => insertDemoRows(tx as unknown as Db, rows));
}

/** Every row of the second college, in memory; pure apart from the inputs. */
export function buildSecondCollege(options: {
  now: Date;
  passwordHash: string;
  currentPeriod: number;
}): DemoUniversityRows {
  const ctx = createDemoContext({
    collegeId: secondCollegeId,
    seed: 20262,
    now: options.now,
    passwordHash: options.passwordHash,
    currentPeriod: options.currentPeriod,
    // It has no previous period.
    previousPeriod: options.currentPeriod,
  });
  const { collegeId, createdAt, passwordHash, rows, uid, prodiId, currentPeriod } = ctx;
  const { week0, todayLocal } = ctx.calendar;

  rows.colleges.push({
    id: collegeId,
    nama: 'Universitas Samudra Raya',
    judul: 'LMS Universitas Samudra Raya',
    alamat: 'Jl. Pelabuhan No. 12, Palembang, Sumatera Selatan 30111',
    email: 'info@usr.ac.id',
    telepon: '0711-555012',
    copyright: '© 2026 Universitas Samudra Raya',
    timeZone: 'Asia/Jakarta',
    createdAt,
    isDefault: false,
  });
  for (const p of programs) {
    rows.studyPrograms.push({
      id: prodiId(p.key),
      collegeId,
      kode: p.kode,
      nama: p.nama,
      jenjang: p.jenjang,
    });
  }

  // People: one operator, two lecturers, six students (the first of each program is a demo account).
  const operatorId = uid(`user:${secondCollegeAccounts.operator}`);
  rows.users.push({
    id: operatorId,
    collegeId,
    username: secondCollegeAccounts.operator,
    passwordHash,
    role: 'operator',
    nama: 'Hendra Saputra',
    email: 'hendra.saputra@usr.ac.id',
    operatorPermissions: allWrite,
    createdAt,
  });
  const lecturerList = [
    { username: secondCollegeAccounts.dosen, nama: 'Nurul Hidayah', nidn: '0901018801', prodi: 'IF' },
    { username: '0901028802', nama: 'Fajar Ramadhan', nidn: '0901028802', prodi: 'SI' },
  ];
  for (const l of lecturerList) {
    const id = uid(`user:${l.username}`);
    rows.users.push({
      id,
      collegeId,
      username: l.username,
      passwordHash,
      role: 'dosen',
      nama: l.nama,
      email: `${l.nama.toLowerCase().replace(' ', '.')}@usr.ac.id`,
      createdAt,
    });
    rows.lecturers.push({
      userId: id,
      collegeId,
      nidn: l.nidn,
      gelarAkademik: 'S.T., M.T.',
      jabatan: 'Lektor',
      prodiId: prodiId(l.prodi),
    });
  }
  const [mainLecturerId, otherLecturerId] = lecturerList.map((l) => uid(`user:${l.username}`)) as [
    string,
    string,
  ];
  const studentList = [
    { username: secondCollegeAccounts.mahasiswa, nim: '2024910001', nama: 'Rahmat Hidayat', prodi: 'IF' },
    { username: '2024910002', nim: '2024910002', nama: 'Sitti Rahmah', prodi: 'IF' },
    { username: '2024910003', nim: '2024910003', nama: 'Muhammad Ilham', prodi: 'IF' },
    { username: '2024920001', nim: '2024920001', nama: 'Nurfadillah', prodi: 'SI' },
    { username: '2024920002', nim: '2024920002', nama: 'Ahmad Syarif', prodi: 'SI' },
    { username: '2024930001', nim: '2024930001', nama: 'Wahyuni Lestari', prodi: 'TI' },
  ];
  for (const s of studentList) {
    const id = uid(`user:${s.username}`);
    rows.users.push({
      id,
      collegeId,
      username: s.username,
      passwordHash,
      role: 'mahasiswa',
      nama: s.nama,
      email: `${s.nim}@student.usr.ac.id`,
      createdAt,
    });
    rows.students.push({ userId: id, collegeId, nim: s.nim, prodiId: prodiId(s.prodi), angkatan: 2024 });
  }

  // The current period only, on the same dates as the first college's.
  rows.periods.push({
    collegeId,
    kode: currentPeriod,
    label: formatPeriodLabel(currentPeriod),
    tanggalMulai: localDateString(week0 - weekMs),
    tanggalSelesai: localDateString(week0 + 25 * weekMs),
    isCurrent: true,
  });
  const campusId = uid('campus:bukit-besar');
  rows.campuses.push({ id: campusId, collegeId, nama: 'Kampus Bukit Besar', alamat: 'Jl. Pelabuhan No. 12' });
  const roomIds = ['Gedung Bahari R.11', 'Gedung Bahari R.12'].map((nama) => {
    const id = uid(`room:${nama}`);
    rows.rooms.push({ id, collegeId, kampusId: campusId, nama, kapasitas: 40 });
    return id;
  });
  const sessionId = uid('session:Sesi Pagi');
  rows.lectureSessions.push({
    id: sessionId,
    collegeId,
    nama: 'Sesi Pagi',
    jamMulai: '08:00:00',
    jamSelesai: '10:30:00',
  });

  // One class per course, Monday to Wednesday mornings; every student takes the IF classes.
  for (const [i, c] of courseList.entries()) {
    const course = { ...c, namaInggris: null, topik: [] } as unknown as DemoCourse;
    rows.courses.push({
      id: c.kode,
      collegeId,
      kode: c.kode,
      nama: c.nama,
      sks: c.sks,
      semester: c.semester,
      prodiId: prodiId(c.prodi),
      koordinatorDosenId: c.prodi === 'IF' ? mainLecturerId : otherLecturerId,
      pengembangRpsDosenId: c.prodi === 'IF' ? mainLecturerId : otherLecturerId,
      silabusTeks: `Silabus ${c.nama} Universitas Samudra Raya.`,
      updatedAt: createdAt,
    });
    for (let nomor = 1; nomor <= 2; nomor++) {
      rows.courseLearningPlans.push({
        id: uid(`rps:${c.kode}:${nomor}`),
        collegeId,
        mataKuliahId: c.kode,
        pertemuan: nomor,
        materi: nomor === 1 ? 'Pengantar dan Kontrak Kuliah' : `Konsep Dasar ${c.nama}`,
      });
    }
    rows.courseEvaluationPlans.push({
      id: uid(`evaluasi:${c.kode}:uas`),
      collegeId,
      mataKuliahId: c.kode,
      komponenId: 'uas',
      komponenNama: 'Ujian Akhir Semester',
      bobot: 100,
    });
    const kelasId = `${currentPeriod}_01_${c.kode}`;
    const teacherId = c.prodi === 'IF' ? mainLecturerId : otherLecturerId;
    const enrolled = studentList.filter((s) => s.prodi === c.prodi || c.prodi === 'IF');
    const mode = c.mode ?? 'offline';
    rows.classes.push({
      id: kelasId,
      collegeId,
      periode: currentPeriod,
      mataKuliahId: c.kode,
      nama: '01',
      status: 'berlangsung',
      modeKuliah: mode,
      kapasitas: 40,
      kampusId: campusId,
      bannerColorIdx: i + 3,
      ketuaKelasNim: enrolled[0]!.nim,
      createdAt,
      updatedAt: createdAt,
    });
    rows.classStudyPrograms.push({ kelasId, prodiId: prodiId(c.prodi), collegeId });
    const slot = { hari: i + 1, from: 8 * 60, to: 10 * 60 + 30 };
    rows.classSchedules.push({
      id: uid(`jadwal:${kelasId}`),
      collegeId,
      kelasId,
      hari: slot.hari,
      jamMulai: '08:00:00',
      jamSelesai: '10:30:00',
      ruanganId: mode === 'online' ? null : roomIds[i % 2]!,
      sesiId: sessionId,
    });
    rows.classTeachers.push({
      kelasId,
      dosenId: teacherId,
      collegeId,
      peran: 'koordinator',
      isUtama: true,
      urutan: 1,
    });
    for (const s of enrolled) {
      rows.classStudents.push({ kelasId, mahasiswaId: uid(`user:${s.username}`), collegeId, createdAt });
    }
    addDemoMeetingsOfClass(
      ctx,
      { judulOf: (_course, nomor) => [`Pertemuan ${nomor}: ${c.nama}`, null] },
      {
        kelasId,
        course,
        mode,
        firstWeek: 0,
        slot,
        roomId: mode === 'online' ? undefined : roomIds[i % 2],
        sesiId: sessionId,
        teacherIds: [teacherId],
      },
    );
  }

  rows.announcements.push({
    id: uid('pengumuman:0'),
    collegeId,
    judul: 'Selamat Datang di LMS Universitas Samudra Raya',
    isi: '<p>Perkuliahan semester ganjil dimulai sesuai jadwal pada SIAKAD.</p>',
    tanggalPublish: new Date(todayLocal - zoneOffsetMs - 3 * dayMs + 8 * 3_600_000),
    authorId: operatorId,
    createdAt,
    updatedAt: createdAt,
  });
  rows.helpArticles.push({
    id: uid('bantuan:0'),
    collegeId,
    kategori: 'Akun dan Login',
    judul: 'Bagaimana cara masuk ke LMS Universitas Samudra Raya?',
    isi: '<p>Gunakan NIM atau NIDN dan kata sandi SIAKAD Anda.</p>',
    urutan: 1,
    authorId: operatorId,
    createdAt,
    updatedAt: createdAt,
  });
  return rows;
}
