import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountAreas } from '@lms/contract/account.rules';
import {
  accountCreateSchema,
  accountIdParamsSchema,
  accountListQuerySchema,
  accountListResponseSchema,
  accountPasswordSchema,
  accountResponseSchema,
  accountStatusSchema,
  accountUpdateSchema,
} from '@lms/contract/account.schema';
import type { RouteAccess } from '../../platform/route-access.ts';
import { sendPasswordResetLinkTo } from '../auth/auth.api.ts';
import { accountResource } from './account.resource.ts';
import {
  createAccount,
  editAccount,
  getAccount,
  listAccounts,
  resetAccountPassword,
  sendAccountResetLink,
  setAccountStatus,
} from './account.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['akun'];

/**
 * Operators with read (write) on data_master or data_sistem pass the declaration; which accounts they
 * see and change is decided per role by the service and the account's loader.
 */
const accounts = (level: 'read' | 'write'): RouteAccess => ({
  roles: ['operator'],
  area: accountAreas,
  level,
});
const account = (level: 'read' | 'write'): RouteAccess => ({
  ...accounts(level),
  resource: { kind: 'account', param: 'id' },
});
const rights =
  'Mahasiswa dan dosen: hak pada data_master; operator: hak pada data_sistem (Lihat untuk membaca, Update untuk mengubah).';

/** User management ("Pengguna"): the college's students, lecturers and operators. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, passwordHashing: app.passwordHashing, events: app.events };

  app.get(
    '/v2/lms/akun',
    {
      config: { access: accounts('read') },
      schema: {
        tags,
        summary: 'Daftar pengguna (cari nama, username, NIM atau NIDN; saring peran dan status aktif)',
        description: rights,
        security: bearer,
        querystring: accountListQuerySchema,
        response: { 200: accountListResponseSchema },
      },
    },
    async (request) => listAccounts(app.db, request, request.query),
  );

  app.post(
    '/v2/lms/akun',
    {
      config: { access: accounts('write') },
      schema: {
        tags,
        summary: 'Tambah pengguna (operator baru tanpa hak akses di semua area)',
        description: rights,
        security: bearer,
        body: accountCreateSchema,
        response: { 201: accountResponseSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await createAccount(deps, request, request.body) };
    },
  );

  app.get(
    '/v2/lms/akun/:id',
    {
      config: { access: account('read') },
      schema: {
        tags,
        summary: 'Data satu pengguna',
        description: rights,
        security: bearer,
        params: accountIdParamsSchema,
        response: { 200: accountResponseSchema },
      },
    },
    async (request) => ({ data: getAccount(request, accountResource.of(request)) }),
  );

  app.put(
    '/v2/lms/akun/:id',
    {
      config: { access: account('write') },
      schema: {
        tags,
        summary: 'Ubah data pengguna (peran tidak dapat diubah; username mahasiswa adalah NIM)',
        description: rights,
        security: bearer,
        params: accountIdParamsSchema,
        body: accountUpdateSchema,
        response: { 200: accountResponseSchema },
      },
    },
    async (request) => ({
      data: await editAccount(app.db, request, accountResource.of(request), request.body),
    }),
  );

  app.put(
    '/v2/lms/akun/:id/status',
    {
      config: { access: account('write') },
      schema: {
        tags,
        summary: 'Aktifkan atau nonaktifkan pengguna (menonaktifkan mengakhiri semua sesinya)',
        description: rights,
        security: bearer,
        params: accountIdParamsSchema,
        body: accountStatusSchema,
        response: { 200: accountResponseSchema },
      },
    },
    async (request) => ({
      data: await setAccountStatus(deps, request, accountResource.of(request), request.body.is_active),
    }),
  );

  app.put(
    '/v2/lms/akun/:id/password',
    {
      config: { access: account('write') },
      schema: {
        tags,
        summary: 'Atur ulang password pengguna (mengakhiri semua sesinya)',
        description: rights,
        security: bearer,
        params: accountIdParamsSchema,
        body: accountPasswordSchema,
      },
    },
    async (request, reply) => {
      await resetAccountPassword(deps, request, accountResource.of(request), request.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/v2/lms/akun/:id/tautan_reset',
    {
      config: { access: account('write') },
      schema: {
        tags,
        summary: 'Kirim tautan atur ulang password ke email pengguna (sekali pakai, berlaku singkat)',
        description: `${rights} 503 email_belum_diatur bila email belum diatur; 400 akun_tanpa_email bila pengguna tidak memiliki email.`,
        security: bearer,
        params: accountIdParamsSchema,
      },
    },
    async (request, reply) => {
      const resetLink = (row: { id: string; nama: string; username: string; email: string | null }) =>
        sendPasswordResetLinkTo(app, request.college, row, request.log);
      await sendAccountResetLink({ ...deps, resetLink }, request, accountResource.of(request));
      return reply.status(204).send();
    },
  );
};
