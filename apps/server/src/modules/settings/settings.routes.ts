import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ownSettingsResponseSchema,
  ownSettingsUpdateSchema,
  passwordChangeSchema,
  photoResponseSchema,
  profileResponseSchema,
} from '@lms/contract/account.schema';
import {
  collegeSettingsResponseSchema,
  qrCodeRuleResponseSchema,
} from '@lms/contract/college-settings.schema';
import { badRequest } from '../../platform/app-error.ts';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import {
  changePassword,
  changePhoto,
  getCollegeSettings,
  getOwnSettings,
  getProfile,
  photoLimit,
  removePhoto,
  saveCollegeSettings,
  saveOwnContact,
} from './settings.service.ts';
import { operatorOnly, ownAccount, signedIn } from '../../platform/route-access.ts';

const bearer = [{ bearer: [] }];
const tags = ['pengaturan'];
const emptyResponse = z.object({ data: z.object({}) });

/** College settings (/konfigurasi), the user's own settings (/pengaturan) and profile (/profil). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);

  app.get(
    '/v2/lms/pengaturan',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Pengaturan perguruan tinggi',
        security: bearer,
        response: { 200: collegeSettingsResponseSchema },
      },
    },
    async (request) => ({ data: getCollegeSettings(request.college) }),
  );

  app.put(
    '/v2/lms/pengaturan',
    {
      config: { access: operatorOnly('konfigurasi', 'write') },
      schema: {
        tags,
        summary: 'Ubah pengaturan perguruan tinggi (operator dengan Update pada konfigurasi)',
        description:
          'Mengubah pengaturan; nilai yang tidak dikirim tetap seperti tersimpan. Berlaku segera pada instans ini, ' +
          'pada instans lain paling lambat 30 detik (cache perguruan tinggi).',
        security: bearer,
        body: z.unknown(),
        response: { 200: collegeSettingsResponseSchema },
      },
    },
    async (request) => {
      const saved = await saveCollegeSettings(app.db, request, request.college, app.config, request.body);
      app.invalidateCollegeCache();
      return { data: saved };
    },
  );

  app.get(
    '/v0/aturan/qr-code',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Aturan kode QR kehadiran',
        security: bearer,
        response: { 200: qrCodeRuleResponseSchema },
      },
    },
    async (request) => ({ data: getCollegeSettings(request.college).aturan_qr_code }),
  );

  app.get(
    '/v2/lms/profil',
    {
      config: { access: signedIn, allowRestricted: 'their own profile' },
      schema: {
        tags: ['profil'],
        summary: 'Data diri pengguna',
        security: bearer,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => ({ data: await getProfile(app.db, request.actor) }),
  );

  app.get(
    '/v2/lms/pengaturan/me',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Pengaturan akun pengguna',
        security: bearer,
        response: { 200: ownSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await getOwnSettings(app.db, request.actor, request.college) }),
  );

  app.put(
    '/v2/lms/pengaturan/me',
    {
      config: { access: ownAccount },
      schema: {
        tags,
        summary: 'Ubah email dan nomor telepon',
        security: bearer,
        body: ownSettingsUpdateSchema,
        response: { 200: ownSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await saveOwnContact(app.db, request.actor, request.college, request.body) }),
  );

  app.put(
    '/v2/lms/pengaturan/password',
    {
      config: { access: ownAccount, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Ubah password (password lama wajib; sesi lain dicabut)',
        security: bearer,
        body: passwordChangeSchema,
        response: { 200: emptyResponse },
      },
    },
    async (request) => {
      // Two argon2 runs: under the same bound as sign-in.
      await app.passwordHashing.run(() =>
        changePassword(app.db, request, request.auth.sessionId, request.body),
      );
      // The other sign-ins were revoked with the new password: their tokens and streams end too.
      await app.events.endSessions({
        collegeId: request.actor.collegeId,
        userId: request.actor.userId,
        keep: request.auth.sessionId,
      });
      return { data: {} };
    },
  );

  app.put(
    '/v2/lms/pengaturan/foto',
    {
      config: { access: ownAccount },
      schema: {
        tags,
        summary: 'Unggah foto profil (multipart: foto, jpg/jpeg/png, dalam batas ukuran foto_profil)',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: photoResponseSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('foto_tidak_valid', 'Kirim foto sebagai multipart/form-data.');
      const form = await readMultipartForm(request, { fileField: 'foto', ...photoLimit(request.college) });
      return { data: await changePhoto(app.db, app.files, request, request.college, form.file) };
    },
  );

  app.delete(
    '/v2/lms/pengaturan/foto',
    {
      config: { access: ownAccount },
      schema: {
        tags,
        summary: 'Hapus foto profil',
        security: bearer,
        response: { 200: photoResponseSchema },
      },
    },
    async (request) => {
      await removePhoto(app.db, app.files, request);
      return { data: { foto_url: null } };
    },
  );
};
