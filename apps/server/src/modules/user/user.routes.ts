import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userInfoResponseSchema } from '@lms/contract/auth.schema';
import {
  actingStudentListResponseSchema,
  actingStudentQuerySchema,
  lecturerDirectoryQuerySchema,
  lecturerDirectoryResponseSchema,
  lecturerReferenceQuerySchema,
  studentDirectoryQuerySchema,
  studentDirectoryResponseSchema,
} from '@lms/contract/user.schema';
import {
  getUserInfo,
  listLecturerDirectory,
  listStudentDirectory,
  listStudentsToActFor,
} from './user.service.ts';
import { operatorOnly, signedIn } from '../../platform/route-access.ts';
import { directoryReadAreas } from './user.policy.ts';

const bearer = [{ bearer: [] }];

/** The signed-in user, the operator's student search for "Login Akun Lain", and the people directory. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/user_info',
    {
      config: {
        access: signedIn,
        allowRestricted: 'who is signed in: the web app needs it on every page',
        // SIAKAD's single sign-on token opens this route only: SIAKAD learns who arrived.
        siakadToken: true,
      },
      schema: {
        tags: ['user'],
        summary: 'Pengguna yang sedang masuk',
        security: bearer,
        response: { 200: userInfoResponseSchema },
      },
    },
    async (request) => ({ data: await getUserInfo(app.db, request.auth) }),
  );

  app.get(
    '/v2/lms/akun_lain/mahasiswa',
    {
      config: { access: operatorOnly('kelas_kuliah', 'write') },
      schema: {
        tags: ['user'],
        summary: 'Login Akun Lain: mencari mahasiswa (operator dengan Update pada kelas_kuliah)',
        security: bearer,
        querystring: actingStudentQuerySchema,
        response: { 200: actingStudentListResponseSchema },
      },
    },
    async (request) => listStudentsToActFor(app.db, request.auth, request.query),
  );

  app.get(
    '/v2/lms/dosen',
    {
      config: { access: { roles: ['operator'], area: directoryReadAreas, level: 'read' } },
      schema: {
        tags: ['user'],
        summary: 'Direktori dosen (operator dengan Lihat pada data_master, kelas_kuliah atau laporan)',
        security: bearer,
        querystring: lecturerDirectoryQuerySchema,
        response: { 200: lecturerDirectoryResponseSchema },
      },
    },
    async (request) => listLecturerDirectory(app.db, request.actor, request.query),
  );

  app.get(
    '/v1/dosen_ref',
    {
      config: { access: { roles: ['operator'], area: directoryReadAreas, level: 'read' } },
      schema: {
        tags: ['user'],
        summary: 'Referensi dosen (daftar direktori dosen utuh; hak akses sama dengan /v2/lms/dosen)',
        security: bearer,
        querystring: lecturerReferenceQuerySchema,
        response: { 200: lecturerDirectoryResponseSchema },
      },
    },
    async (request) => listLecturerDirectory(app.db, request.actor, request.query),
  );

  app.get(
    '/v2/lms/mahasiswa',
    {
      config: { access: { roles: ['operator'], area: directoryReadAreas, level: 'read' } },
      schema: {
        tags: ['user'],
        summary: 'Direktori mahasiswa (operator dengan Lihat pada data_master, kelas_kuliah atau laporan)',
        security: bearer,
        querystring: studentDirectoryQuerySchema,
        response: { 200: studentDirectoryResponseSchema },
      },
    },
    async (request) => listStudentDirectory(app.db, request.actor, request.query),
  );
};
