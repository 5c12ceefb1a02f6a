import type { Database } from '../../db/database.ts';

/** The demo class that `mahasiswa` and `dosen` share (dosen is its main teacher and course coordinator). */
export const sharedClassId = '20261_01_IF2102';

/**
 * Adds a second college `lain` with one class, its period, program, course, a lecturer and a meeting,
 * for tenancy tests. Answers the ids.
 */
export async function insertOtherCollege(database: Database) {
  await database.exec(`
    insert into colleges (id, nama, judul) values ('lain', 'Universitas Lain', 'LMS Universitas Lain');
    insert into study_programs (id, college_id, kode, nama, jenjang) values ('lain-if', 'lain', '55', 'Informatika', 'S1');
    insert into periods (college_id, kode, label, tanggal_mulai, tanggal_selesai, is_current)
      values ('lain', 20261, '2026/2027 Ganjil', '2026-01-01', '2027-01-01', true);
    insert into courses (id, college_id, kode, nama, sks, prodi_id) values ('LN1001', 'lain', 'LN1001', 'Kalkulus Lain', 3, 'lain-if');
    insert into classes (id, college_id, periode, mata_kuliah_id, nama, kapasitas)
      values ('20261_01_LN1001', 'lain', 20261, 'LN1001', '01', 40);
    insert into meetings (id, college_id, kelas_id, nomor, judul, waktu_mulai, waktu_selesai)
      values ('00000000-0000-4000-8000-00000000a001', 'lain', '20261_01_LN1001', 1, 'Pertemuan Lain',
              '2026-09-01T01:00:00Z', '2026-09-01T03:00:00Z');
  `);
  return {
    classId: '20261_01_LN1001',
    courseId: 'LN1001',
    meetingId: '00000000-0000-4000-8000-00000000a001',
  };
}

/** The smallest valid PNG (1×1, transparent). */
export function tinyPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );
}

/** A multipart/form-data body with text fields and at most one file. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field: string; name: string; type: string; content: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lms${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `content-type: ${file.type}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
