import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roles } from '@lms/contract/role.rules';
import {
  studentBiodataFieldsSchema,
  studentBiodataResponseSchema,
} from '@lms/contract/student-biodata.schema';
import { operatorOnly } from '../../platform/route-access.ts';
import { getOwnBiodata, saveOwnBiodata } from './student-biodata.service.ts';
import {
  activeStudentsPerPeriodResponseSchema,
  studentParamsSchema,
  studentRecordResponseSchema,
  studentSemesterListResponseSchema,
  studentShortBioResponseSchema,
} from '@lms/contract/student.schema';
import {
  countActiveStudentsPerPeriod,
  getStudentRecord,
  getStudentShortBio,
  listStudentSemesters,
} from './student.service.ts';
import { studentResource } from './student.resource.ts';

const bearer = [{ bearer: [] }];
const tags = ['mahasiswa'];

/** Student data of spec 1 §7: record, short biodata, periods, and enrolment per period. */
export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Operators read any student with read on kelas_kuliah or data_master; others by relation (policy).
  const student = {
    roles,
    area: ['kelas_kuliah', 'data_master'],
    level: 'read',
    resource: { kind: 'student', param: 'nim' },
  } as const;

  app.get(
    '/v1/mahasiswa/:nim',
    {
      config: { access: student },
      schema: {
        tags,
        summary:
          'Data mahasiswa (dirinya, dosen pengajarnya, operator dengan Lihat pada kelas_kuliah/data_master)',
        security: bearer,
        params: studentParamsSchema,
        response: { 200: studentRecordResponseSchema },
      },
    },
    async (request) => ({
      data: await getStudentRecord(app.db, request.actor, request.college, studentResource.of(request)),
    }),
  );

  app.get(
    '/v2/lms/biodata',
    {
      config: { access: { roles: ['mahasiswa'] } },
      schema: {
        tags,
        summary: 'Biodata mahasiswa yang masuk (NIK, kelahiran, alamat, kontak, orang tua)',
        security: bearer,
        response: { 200: studentBiodataResponseSchema },
      },
    },
    async (request) => ({ data: await getOwnBiodata(app.db, request.actor, request.college) }),
  );

  app.put(
    '/v2/lms/biodata',
    {
      config: { access: { roles: ['mahasiswa'], ownAccount: true } },
      schema: {
        tags,
        summary:
          'Ubah biodata sendiri (bila perguruan tinggi mengizinkan: pengaturan_mahasiswa.is_edit_mahasiswa)',
        description:
          'Aturan spec 1: telepon diawali 0, minimal 10 karakter, tanpa "//"; email valid; NIK minimal 16 ' +
          'angka; usia mahasiswa minimal 15 tahun dan orang tua minimal 30 tahun pada tanggal server ' +
          '(zona waktu perguruan tinggi). Kesalahan dijawab per kolom.',
        security: bearer,
        // Ages are checked again in the service, on the college's today (buildStudentBiodataSchema).
        body: studentBiodataFieldsSchema,
        response: { 200: studentBiodataResponseSchema },
      },
    },
    async (request) => ({
      data: await saveOwnBiodata(app.db, request.actor, request.college, request.body, new Date()),
    }),
  );

  app.get(
    '/v1/mahasiswa/:nim/biodata_singkat_web',
    {
      config: { access: student },
      schema: {
        tags,
        summary: 'Biodata singkat mahasiswa: nama dan foto',
        security: bearer,
        params: studentParamsSchema,
        response: { 200: studentShortBioResponseSchema },
      },
    },
    async (request) => ({ data: await getStudentShortBio(request.actor, studentResource.of(request)) }),
  );

  app.get(
    '/v1/mahasiswa/:nim/tahun_semester',
    {
      config: { access: student },
      schema: {
        tags,
        summary: 'Periode yang diikuti mahasiswa (dan periode berjalan), terlama dahulu',
        security: bearer,
        params: studentParamsSchema,
        response: { 200: studentSemesterListResponseSchema },
      },
    },
    async (request) => ({
      data: await listStudentSemesters(app.db, request.actor, studentResource.of(request)),
    }),
  );

  app.get(
    '/v1/mahasiswa_aktif_per_periode',
    {
      config: { access: operatorOnly('laporan', 'read') },
      schema: {
        tags,
        summary: 'Jumlah mahasiswa yang mengikuti kelas per periode (operator dengan Lihat pada laporan)',
        security: bearer,
        response: { 200: activeStudentsPerPeriodResponseSchema },
      },
    },
    async (request) => ({ data: await countActiveStudentsPerPeriod(app.db, request.actor) }),
  );
};
