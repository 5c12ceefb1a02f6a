import { date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userFk } from './identity.schema.ts';

/**
 * A student's biodata (spec 1 "Student bio"), which the student edits from the profile page when the
 * college allows it (pengaturan_mahasiswa.is_edit_mahasiswa). Phone and email live on the user row.
 */
export const studentBiodata = pgTable(
  'student_biodata',
  {
    userId: uuid('user_id').primaryKey(),
    collegeId: text('college_id').notNull(),
    nik: text('nik').notNull(),
    tempatLahir: text('tempat_lahir').notNull(),
    tanggalLahir: date('tanggal_lahir').notNull(),
    alamat: text('alamat').notNull(),
    namaAyah: text('nama_ayah'),
    tanggalLahirAyah: date('tanggal_lahir_ayah'),
    namaIbu: text('nama_ibu'),
    tanggalLahirIbu: date('tanggal_lahir_ibu'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [userFk('student_biodata', t, 'user')],
);
