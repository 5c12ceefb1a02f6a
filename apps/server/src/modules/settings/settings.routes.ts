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
  collegeSettingsSchema,
  qrCodeRuleResponseSchema,
} from '@lms/contract/college-settings.schema';
import { badRequest } from '../../platform/app-error.ts';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import { recordRequestActivity } from '../activity-log/activity-log.service.ts';
import {
  changePassword,
  changePhoto,
  getCollegeSettings,
  getOwnSettings,
  getProfile,
  parseInput,
  photoLimit,
  removePhoto,
  saveCollegeSettings,
  saveOwnContact,
} from './settings.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['pengaturan'];
const emptyResponse = z.object({ data: z.object({}) });

/** College settings (/konfigurasi), the user's own settings (/pengaturan) and profile (/profil). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);

  app.get(
    '/v2/lms/pengaturan',
    {
      onRequest: [app.authenticate],
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
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Ubah pengaturan perguruan tinggi (operator dengan Update pada konfigurasi)',
        description:
          'Mengganti seluruh pengaturan; nilai yang tidak dikirim memakai bawaan. Berlaku segera pada instans ini, ' +
          'pada instans lain paling lambat 30 detik (cache perguruan tinggi).',
        security: bearer,
        body: z.unknown(),
        response: { 200: collegeSettingsResponseSchema },
      },
    },
    async (request) => {
      // Validated here rather than by the route schema so the messages come as field errors.
      const settings = parseInput(collegeSettingsSchema, request.body ?? {});
      const saved = await saveCollegeSettings(app.db, request.auth, request.college, settings);
      app.invalidateCollegeCache();
      await recordRequestActivity(
        app.db,
        request,
        'ubah_konfigurasi',
        'Mengubah konfigurasi perguruan tinggi',
      );
      return { data: saved };
    },
  );

  app.get(
    '/v0/aturan/qr-code',
    {
      onRequest: [app.authenticate],
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
      onRequest: [app.authenticate],
      schema: {
        tags: ['profil'],
        summary: 'Data diri pengguna',
        security: bearer,
        response: { 200: profileResponseSchema },
      },
    },
    async (request) => ({ data: await getProfile(app.db, request.auth) }),
  );

  app.get(
    '/v2/lms/pengaturan/me',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Pengaturan akun pengguna',
        security: bearer,
        response: { 200: ownSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await getOwnSettings(app.db, request.auth, request.college) }),
  );

  app.put(
    '/v2/lms/pengaturan/me',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Ubah email dan nomor telepon',
        security: bearer,
        body: ownSettingsUpdateSchema,
        response: { 200: ownSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await saveOwnContact(app.db, request.auth, request.college, request.body) }),
  );

  app.put(
    '/v2/lms/pengaturan/password',
    {
      onRequest: [app.authenticate],
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Ubah password (password lama wajib; sesi lain dicabut)',
        security: bearer,
        body: passwordChangeSchema,
        response: { 200: emptyResponse },
      },
    },
    async (request) => {
      await changePassword(app.db, request.auth, request.body);
      await recordRequestActivity(app.db, request, 'ubah_password', 'Mengubah password');
      return { data: {} };
    },
  );

  app.put(
    '/v2/lms/pengaturan/foto',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Unggah foto profil (multipart: foto, jpg/jpeg/png, dalam batas ukuran foto_profil)',
        security: bearer,
        response: { 200: photoResponseSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart())
        throw badRequest('foto_tidak_valid', 'Kirim foto sebagai multipart/form-data.');
      const form = await readMultipartForm(request, { fileField: 'foto', ...photoLimit(request.college) });
      const data = await changePhoto(app.db, app.files, request.auth, request.college, form.file);
      await recordRequestActivity(app.db, request, 'ubah_foto_profil', 'Mengubah foto profil');
      return { data };
    },
  );

  app.delete(
    '/v2/lms/pengaturan/foto',
    {
      onRequest: [app.authenticate],
      schema: {
        tags,
        summary: 'Hapus foto profil',
        security: bearer,
        response: { 200: photoResponseSchema },
      },
    },
    async (request) => {
      await removePhoto(app.db, app.files, request.auth);
      await recordRequestActivity(app.db, request, 'ubah_foto_profil', 'Menghapus foto profil');
      return { data: { foto_url: null } };
    },
  );
};
