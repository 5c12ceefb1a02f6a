import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userInfoResponseSchema } from '@lms/contract/auth.schema';
import { actingStudentListResponseSchema, actingStudentQuerySchema } from '@lms/contract/user.schema';
import { getUserInfo, listStudentsToActFor } from './user.service.ts';

const bearer = [{ bearer: [] }];

/** The signed-in user, and the operator's student search for "Login Akun Lain". */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/user_info',
    {
      onRequest: [app.authenticate],
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
      onRequest: [app.authenticate],
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
};
