import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailSettingsInputSchema, emailSettingsResponseSchema } from '@lms/contract/email-settings.schema';
import { operatorOnly } from '../../platform/route-access.ts';
import { getEmailSettings, saveEmailSettings } from './email.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['pengaturan'];

/** The college's SMTP server for the mail the LMS sends (password reset links). */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/pengaturan/email',
    {
      config: { access: operatorOnly('konfigurasi', 'read') },
      schema: {
        tags,
        summary: 'Pengaturan email (SMTP) perguruan tinggi; password tidak pernah dikirim',
        security: bearer,
        response: { 200: emailSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await getEmailSettings(app.db, request.college.id, app.config) }),
  );

  app.put(
    '/v2/lms/pengaturan/email',
    {
      config: { access: operatorOnly('konfigurasi', 'write') },
      schema: {
        tags,
        summary: 'Ubah pengaturan email (SMTP); password kosong tetap seperti tersimpan',
        security: bearer,
        body: emailSettingsInputSchema,
        response: { 200: emailSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await saveEmailSettings(app.db, request, app.config, request.body) }),
  );
};
