import { hash } from '@node-rs/argon2';
import type { OperatorPermissions } from '@lms/contract/permission.rules';
import type { Db } from '../database.ts';
import { colleges } from '../schema/college.schema.ts';
import { lecturers, students, users } from '../schema/identity.schema.ts';
import { studyPrograms } from '../schema/study-program.schema.ts';

export const demoCollegeId = 'demo';
export const demoPassword = 'demo12345';

const allWrite: OperatorPermissions = {
  data_master: 'write',
  kelas_kuliah: 'write',
  bank_soal: 'write',
  data_sistem: 'write',
  konfigurasi: 'write',
  pengumuman: 'write',
  bantuan: 'read',
  laporan: 'write',
};
const allRead: OperatorPermissions = Object.fromEntries(
  Object.keys(allWrite).map((area) => [area, 'read']),
) as OperatorPermissions;

/** Loads the deterministic demo university (same data on every run). */
export async function seedDemoUniversity(db: Db): Promise<void> {
  const passwordHash = await hash(demoPassword);
  await db.transaction(async (tx) => {
    await tx.insert(colleges).values({
      id: demoCollegeId,
      nama: 'Universitas Nusantara Digital',
      judul: 'LMS Universitas Nusantara Digital',
      alamat: 'Jl. Merdeka No. 45, Bandung, Jawa Barat 40115',
      email: 'info@und.ac.id',
      telepon: '022-4201945',
      copyright: '© 2026 Universitas Nusantara Digital',
      timeZone: 'Asia/Jakarta',
    });
    await tx.insert(users).values([
      {
        collegeId: demoCollegeId,
        username: 'mahasiswa',
        passwordHash,
        role: 'mahasiswa',
        nama: 'Rizky Aditya Pratama',
      },
      {
        collegeId: demoCollegeId,
        username: 'mahasiswa.cuti',
        passwordHash,
        role: 'mahasiswa',
        nama: 'Dewi Lestari',
      },
      { collegeId: demoCollegeId, username: 'dosen', passwordHash, role: 'dosen', nama: 'Budi Santoso' },
      {
        collegeId: demoCollegeId,
        username: 'operator',
        passwordHash,
        role: 'operator',
        nama: 'Siti Rahmawati',
        operatorPermissions: allWrite,
      },
      {
        collegeId: demoCollegeId,
        username: 'operator.lihat',
        passwordHash,
        role: 'operator',
        nama: 'Agus Hermawan',
        operatorPermissions: allRead,
      },
    ]);
  });
}
