import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  oidcCallbackQuerySchema,
  oidcEndQuerySchema,
  oidcSettingsInputSchema,
  oidcSettingsResponseSchema,
  oidcStartQuerySchema,
  signInMethodsResponseSchema,
} from '@lms/contract/oidc-settings.schema';
import { operatorOnly } from '../../platform/route-access.ts';
import {
  browserCookieName,
  describeSignInMethods,
  endOidcSession,
  finishOidcSignIn,
  OidcSignInRefused,
  startOidcSignIn,
  type OidcRedirect,
} from './oidc-sign-in.service.ts';
import { getOidcSettings, saveOidcSettings } from './oidc-settings.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['pengaturan'];
const callbackPath = '/v2/oidc/callback';

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Follows a sign-in step, or lands on the sign-in page with the reason it was refused. */
async function redirectFor(
  request: FastifyRequest,
  reply: FastifyReply,
  step: () => Promise<OidcRedirect>,
): Promise<FastifyReply> {
  void reply.header('cache-control', 'no-store');
  try {
    const { location, browserSecret } = await step();
    const secure = request.server.config.publicUrl.startsWith('https:') ? '; Secure' : '';
    // Sent back only to the callback, by the browser that started; Lax lets the provider's redirect carry it.
    const cookie = browserSecret
      ? `${browserCookieName}=${browserSecret}; Path=${callbackPath}/; HttpOnly; SameSite=Lax; Max-Age=600${secure}`
      : `${browserCookieName}=; Path=${callbackPath}/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
    return reply.header('set-cookie', cookie).redirect(location, 302);
  } catch (error) {
    if (!(error instanceof OidcSignInRefused)) throw error;
    request.log.info({ reason: error.code }, 'campus sign-in refused');
    return reply.redirect(`/login?${new URLSearchParams({ sso_galat: error.code }).toString()}`, 302);
  }
}

/** Campus sign-in (OpenID Connect): the college's provider settings, the sign-in and sign-out redirects. */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/pengaturan/sso',
    {
      config: { access: operatorOnly('konfigurasi', 'read') },
      schema: {
        tags,
        summary: 'Pengaturan SSO Kampus (OpenID Connect); client secret tidak pernah dikirim',
        security: bearer,
        response: { 200: oidcSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await getOidcSettings(app.db, request.college.id, app.config) }),
  );

  app.put(
    '/v2/lms/pengaturan/sso',
    {
      config: { access: operatorOnly('konfigurasi', 'write') },
      schema: {
        tags,
        summary: 'Ubah pengaturan SSO Kampus; client secret kosong tetap seperti tersimpan',
        security: bearer,
        body: oidcSettingsInputSchema,
        response: { 200: oidcSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await saveOidcSettings(app.db, request, app.config, request.body) }),
  );

  app.get(
    '/v2/metode_masuk',
    {
      config: { public: "the sign-in page's configuration" },
      schema: {
        tags: ['auth'],
        summary: 'Cara masuk yang ditawarkan halaman masuk (SSO Kampus aktif atau tidak)',
        response: { 200: signInMethodsResponseSchema },
      },
    },
    async (request) => ({ data: await describeSignInMethods(app.db, request.college.id) }),
  );

  app.get(
    '/v2/oidc/masuk',
    {
      config: {
        public: 'signing in',
        collegeIdFromQuery: true,
        rateLimit: { max: app.config.rateLimitLoginPerMinute * 3, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Masuk dengan SSO Kampus: diarahkan ke penyedia OpenID perguruan tinggi',
        querystring: oidcStartQuerySchema,
      },
    },
    (request, reply) =>
      redirectFor(request, reply, () =>
        startOidcSignIn(app.db, request.college, app.config, {
          redirectUri: request.query.redirect_uri,
          state: request.query.state,
          codeChallenge: request.query.code_challenge,
        }),
      ),
  );

  app.get(
    `${callbackPath}/:college`,
    {
      config: {
        public: 'signing in',
        collegeIdFromPath: 'college',
        rateLimit: { max: app.config.rateLimitLoginPerMinute * 3, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['auth'],
        summary: 'Jawaban penyedia OpenID; diteruskan ke /oauth dengan kode masuk LMS',
        params: z.object({ college: z.string().max(100) }),
        querystring: oidcCallbackQuerySchema,
      },
    },
    (request, reply) =>
      redirectFor(request, reply, () =>
        finishOidcSignIn(app.db, request.college, app.config, {
          url: new URL(request.url, 'http://callback.invalid'),
          state: request.query.state,
          browserSecret: readCookie(request, browserCookieName),
        }),
      ),
  );

  app.get(
    '/v2/oidc/keluar',
    {
      config: { public: 'signing out at the provider', collegeIdFromQuery: true },
      schema: {
        tags: ['auth'],
        summary: 'Setelah keluar dari LMS: keluar juga di penyedia OpenID bila penyedia mendukungnya',
        querystring: oidcEndQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .redirect(await endOidcSession(app.db, request.college, app.config), 302),
  );
};
