import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collegeConfigurationResponseSchema,
  collegeSystemResponseSchema,
  configKeywordParamsSchema,
  configValueResponseSchema,
  frontendConfigQuerySchema,
  frontendConfigResponseSchema,
} from '@lms/contract/college.schema';
import {
  presentConfiguration,
  presentFrontendConfig,
  presentSystem,
  presentWebManifest,
} from './college.presenter.ts';
import { isDemoCollege, renderInitialsLogo } from './college.service.ts';

/** The college's public configuration, system record and logo (for the sign-in page). */
export const collegeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/configuration',
    {
      config: { public: 'read by the sign-in page before anyone signs in' },
      schema: {
        tags: ['college'],
        summary: 'Konfigurasi perguruan tinggi untuk halaman masuk dan kerangka aplikasi',
        response: { 200: collegeConfigurationResponseSchema },
      },
    },
    async (request) => ({
      data: presentConfiguration(request.college, isDemoCollege(request.college, app.config)),
    }),
  );

  app.get(
    '/v1/config/:keyword',
    {
      config: { public: 'read by the sign-in page before anyone signs in' },
      schema: {
        tags: ['college'],
        summary: 'Satu nilai konfigurasi perguruan tinggi (kata kunci dari /v1/configuration)',
        params: configKeywordParamsSchema,
        response: { 200: configValueResponseSchema },
      },
    },
    async (request) => {
      const { keyword } = request.params;
      if (keyword === 'url_dosen_new') {
        // Where single sign-on sends lecturers: the college's SIAKAD address, else the server's.
        return { data: { keyword, value: request.college.urlSikadLegacy || app.config.siakadUrl } };
      }
      return { data: { keyword, value: presentConfiguration(request.college, false)[keyword] } };
    },
  );

  app.get(
    '/v1/sistem',
    {
      config: { public: 'read by the sign-in page before anyone signs in' },
      schema: {
        tags: ['college'],
        summary: 'Data sistem perguruan tinggi',
        response: { 200: collegeSystemResponseSchema },
      },
    },
    async (request) => ({ data: presentSystem(request.college) }),
  );

  app.get(
    '/v1/logo_perguruan_tinggi',
    {
      // The installed app's icon (the manifest) is fetched without headers, so it names its college.
      config: { public: 'read by the sign-in page before anyone signs in', collegeIdFromQuery: true },
      schema: {
        tags: ['college'],
        summary: 'Logo perguruan tinggi (SVG dari inisial bila belum diunggah)',
      },
    },
    async (request, reply) => {
      // An uploaded logo (colleges.logo_key) is served once file storage exists; nothing sets it before.
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=3600')
        .header('vary', 'college-id')
        .header('x-content-type-options', 'nosniff')
        .send(renderInitialsLogo(request.college));
    },
  );

  app.get(
    '/multisite-config/frontend-config',
    {
      config: { public: 'read by the sign-in page before anyone signs in' },
      schema: {
        tags: ['college'],
        summary: 'Konfigurasi awal aplikasi web (perguruan tinggi, alamat API dan SIAKAD, tampilan)',
        querystring: frontendConfigQuerySchema,
        response: { 200: frontendConfigResponseSchema },
      },
    },
    async (request) => ({
      data: presentFrontendConfig(request.college, {
        id: request.query.id,
        apiUrl: app.config.publicUrl,
        siakadUrl: app.config.siakadUrl,
      }),
    }),
  );
  app.get(
    '/multisite-config/manifest.webmanifest',
    {
      // Browsers fetch the manifest without headers: the college is the default one unless named here.
      config: { public: 'read by browsers to install the web app', collegeIdFromQuery: true },
      schema: {
        tags: ['college'],
        summary: 'Manifest aplikasi web (nama dan logo perguruan tinggi, untuk dipasang di ponsel)',
        querystring: z.object({ 'college-id': z.string().optional() }),
      },
    },
    async (request, reply) =>
      reply
        .type('application/manifest+json')
        .header('cache-control', 'public, max-age=3600')
        .send(JSON.stringify(presentWebManifest(request.college))),
  );
  // GET /v2/lms/check_pembatasan lives in modules/access-restriction (issue 3).
};
