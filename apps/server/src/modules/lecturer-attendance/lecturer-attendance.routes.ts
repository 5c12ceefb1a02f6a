import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lecturerAttendanceInputSchema,
  lecturerAttendanceListResponseSchema,
  lecturerAttendanceParamsSchema,
  lecturerAttendanceResponseSchema,
  lecturerValidationInputSchema,
  ownLecturerAttendanceInputSchema,
  ownLecturerAttendanceResponseSchema,
} from '@lms/contract/lecturer-attendance.schema';
import { meetingIdParamsSchema } from '@lms/contract/meeting.schema';
import { onResource } from '../../platform/route-access.ts';
import {
  getLecturerAttendance,
  getOwnLecturerAttendance,
  listLecturerAttendance,
  recordOwnLecturerAttendance,
  updateLecturerAttendance,
  validateLecturerAttendanceRecord,
} from './lecturer-attendance.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['kehadiran dosen'];
const readers = onResource('meeting', 'id', 'kelas_kuliah', 'read', ['dosen', 'operator']);
const operatorWriters = onResource('meeting', 'id', 'kelas_kuliah', 'write', ['operator']);

/** Lecturer attendance (kehadiran dosen, spec 2): the list, one lecturer, the own button, operator edits. */
export const lecturerAttendanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/kehadiran_dosen/:id',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Kehadiran pengajar pertemuan (tanpa Koordinator Matkul), dengan tag dan syarat',
        security: bearer,
        params: meetingIdParamsSchema,
        response: { 200: lecturerAttendanceListResponseSchema },
      },
    },
    async (request) => listLecturerAttendance(app.db, request.actor, request.college, request.params.id),
  );

  app.get(
    '/v2/lms/kehadiran_dosen/:id/me',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'read', ['dosen']) },
      schema: {
        tags,
        summary: 'Kehadiran dosen yang masuk dan keadaan tombol presensinya (waktu server)',
        security: bearer,
        params: meetingIdParamsSchema,
        response: { 200: ownLecturerAttendanceResponseSchema },
      },
    },
    async (request) => ({
      data: await getOwnLecturerAttendance(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.put(
    '/v2/lms/kehadiran_dosen/:id/me',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', ['dosen']) },
      schema: {
        tags,
        summary: 'Tombol presensi dosen: mulai lalu akhiri kuliah, sampai pukul 23:59 hari pertemuan',
        security: bearer,
        params: meetingIdParamsSchema,
        body: ownLecturerAttendanceInputSchema,
        response: { 200: ownLecturerAttendanceResponseSchema },
      },
    },
    async (request) => ({
      data: await recordOwnLecturerAttendance(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.get(
    '/v2/lms/kehadiran_dosen/:id/:idDosen',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Kehadiran satu pengajar pada pertemuan',
        security: bearer,
        params: lecturerAttendanceParamsSchema,
        response: { 200: lecturerAttendanceResponseSchema },
      },
    },
    async (request) => ({
      data: await getLecturerAttendance(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.idDosen,
      ),
    }),
  );

  app.put(
    '/v2/lms/kehadiran_dosen/:id/dosen/:idDosen',
    {
      config: { access: operatorWriters },
      schema: {
        tags,
        summary: 'Ubah Kehadiran Pengajar (operator dengan akses Update pada Kelas)',
        security: bearer,
        params: lecturerAttendanceParamsSchema,
        body: lecturerAttendanceInputSchema,
        response: { 200: lecturerAttendanceResponseSchema },
      },
    },
    async (request) => ({
      data: await updateLecturerAttendance(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.idDosen,
        request.body,
      ),
    }),
  );

  app.put(
    '/v2/lms/kehadiran_dosen/:id/dosen/:idDosen/validasi',
    {
      config: { access: operatorWriters },
      schema: {
        tags,
        summary: 'Validasi kehadiran dosen (bila validasi_kehadiran_dosen aktif)',
        security: bearer,
        params: lecturerAttendanceParamsSchema,
        body: lecturerValidationInputSchema,
        response: { 200: lecturerAttendanceResponseSchema },
      },
    },
    async (request) => ({
      data: await validateLecturerAttendanceRecord(
        app.db,
        request.actor,
        request.college,
        request.params.id,
        request.params.idDosen,
        request.body.is_valid,
      ),
    }),
  );
};
