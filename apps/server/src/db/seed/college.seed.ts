import type { DemoContext } from './demo-seed.context.ts';
import { demoStudyPrograms } from './demo-university.data.ts';

/** The demo university's college row (the default college) and its study programs. */
export function addDemoCollege(ctx: DemoContext): void {
  const { collegeId, createdAt, rows } = ctx;
  rows.colleges.push({
    id: collegeId,
    nama: 'Universitas Nusantara Digital',
    judul: 'LMS Universitas Nusantara Digital',
    alamat: 'Jl. Merdeka No. 45, Bandung, Jawa Barat 40115',
    email: 'info@und.ac.id',
    telepon: '022-4201945',
    copyright: '© 2026 Universitas Nusantara Digital',
    timeZone: 'Asia/Jakarta',
    // Students below the attendance minimum may not open UTS/UAS meetings (issue: attendance).
    settings: {
      pembatasan_akses: {
        kehadiran_ujian: { aktif: true, persen_minimal: 75, berlaku_untuk: ['uts', 'uas'] },
      },
    },
    createdAt,
    isDefault: true,
  });
  rows.studyPrograms.push(
    ...demoStudyPrograms.map((p) => ({
      id: ctx.prodiId(p.key),
      collegeId,
      kode: p.kode,
      nama: p.nama,
      jenjang: p.jenjang,
    })),
  );
}
