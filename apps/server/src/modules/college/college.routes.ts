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
import { collegeProfileMessages, logoMaxBytes } from '@lms/contract/college-profile.rules';
import {
  collegeLogoQuerySchema,
  collegeProfileResponseSchema,
  collegeProfileUpdateSchema,
} from '@lms/contract/college-profile.schema';
import { AppError } from '../../platform/app-error.ts';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import { operatorOnly } from '../../platform/route-access.ts';
import {
  presentCollegeProfile,
  presentConfiguration,
  presentFrontendConfig,
  presentSystem,
  presentWebManifest,
} from './college.presenter.ts';
import {
  changeCollegeLogo,
  isDemoCollege,
  logoVersion,
  readUploadedLogo,
  removeCollegeLogo,
  renderInitialsLogo,
  updateCollegeProfile,
} from './college.service.ts';
import { refusedLogo } from './college-logo.service.ts';

const bearer = [{ bearer: [] }];

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
        summary:
          'Logo perguruan tinggi (PNG yang diunggah dan ikon aplikasinya, atau SVG dari inisial bila belum ada)',
        description:
          'Dengan `v` sama dengan versi logo sekarang (dari alamat di profil atau manifest) jawabannya boleh ' +
          'disimpan selamanya; tanpa `v` peramban memeriksa ulang (ETag), sehingga logo baru langsung tampil.',
        querystring: collegeLogoQuerySchema,
      },
    },
    async (request, reply) => {
      const version = logoVersion(request.college);
      const current = request.query.v === version;
      reply
        .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
        .header('etag', `"${version}-${request.query.ukuran}"`)
        .header('vary', 'college-id')
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === `"${version}-${request.query.ukuran}"`) {
        return reply.code(304).send();
      }
      const uploaded = await readUploadedLogo(app.files, request.college, request.query.ukuran);
      if (uploaded) return reply.type('image/png').send(uploaded);
      return reply.type('image/svg+xml').send(renderInitialsLogo(request.college));
    },
  );

  app.get(
    '/v2/lms/perguruan_tinggi',
    {
      config: { access: operatorOnly('konfigurasi', 'read') },
      schema: {
        tags: ['college'],
        summary: 'Profil perguruan tinggi: nama, alamat, kontak, dan alamat logonya',
        security: bearer,
        response: { 200: collegeProfileResponseSchema },
      },
    },
    async (request) => ({ data: presentCollegeProfile(request.college) }),
  );

  app.put(
    '/v2/lms/perguruan_tinggi',
    {
      config: { access: operatorOnly('konfigurasi', 'write') },
      schema: {
        tags: ['college'],
        summary: 'Ubah profil perguruan tinggi (operator dengan Update pada konfigurasi)',
        security: bearer,
        body: collegeProfileUpdateSchema,
        response: { 200: collegeProfileResponseSchema },
      },
    },
    async (request) => {
      await updateCollegeProfile(app.db, request, request.college, request.body);
      app.invalidateCollegeCache();
      return { data: presentCollegeProfile({ ...request.college, ...request.body }) };
    },
  );

  await registerMultipart(app);

  app.put(
    '/v2/lms/perguruan_tinggi/logo',
    {
      config: { access: operatorOnly('konfigurasi', 'write') },
      schema: {
        tags: ['college'],
        summary: `Unggah logo perguruan tinggi (multipart: logo; PNG, JPEG atau WebP, maksimal ${logoMaxBytes / 1_000_000} MB)`,
        description:
          'Isi berkas diperiksa (bukan hanya namanya), ukuran piksel dibatasi; logo disimpan sebagai PNG ' +
          'beserta ikon aplikasi 192, 512, dan maskable 512.',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: collegeProfileResponseSchema },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw refusedLogo('Kirim logo sebagai multipart/form-data.');
      const form = await readMultipartForm(request, {
        fileField: 'logo',
        maxBytes: logoMaxBytes,
        tooLarge: new AppError(413, 'file_terlalu_besar', collegeProfileMessages.logoTooLarge),
      });
      const logoKey = await changeCollegeLogo(app.db, app.files, request, request.college, form.file);
      app.invalidateCollegeCache();
      return { data: presentCollegeProfile({ ...request.college, logoKey }) };
    },
  );

  app.delete(
    '/v2/lms/perguruan_tinggi/logo',
    {
      config: { access: operatorOnly('konfigurasi', 'write') },
      schema: {
        tags: ['college'],
        summary: 'Hapus logo perguruan tinggi (kembali ke logo inisial)',
        security: bearer,
        response: { 200: collegeProfileResponseSchema },
      },
    },
    async (request) => {
      await removeCollegeLogo(app.db, app.files, request, request.college);
      app.invalidateCollegeCache();
      return { data: presentCollegeProfile({ ...request.college, logoKey: null }) };
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
        // Its icons' addresses change with the logo, so browsers ask again rather than keep it.
        .header('cache-control', 'no-cache')
        .send(JSON.stringify(presentWebManifest(request.college))),
  );
  // GET /v2/lms/check_pembatasan lives in modules/access-restriction (issue 3).
};
