import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenRequestSchema,
  acknowledgedResponseSchema,
  actAsStudentRequestSchema,
  authorizeRequestSchema,
  authorizeResponseSchema,
  revokeRequestSchema,
  siakadAuthorizeRequestSchema,
  siakadAuthorizeResponseSchema,
  tokenResponseSchema,
} from '@lms/contract/auth.schema';
import { AppError, RetryLaterError } from '../../platform/app-error.ts';
import { recordRequestActivity } from '../activity-log/activity-log.api.ts';
import { presentTokens } from './auth.presenter.ts';
import { FailedSignInsPerAddress } from './sign-in-address-limit.ts';
import {
  authorizeActingForStudent,
  authorizeSiakad,
  authorizeWithPassword,
  describeActingStudent,
  dummyPasswordHash,
  endOwnSession,
  exchangeToken,
  revokeRefreshToken,
} from './auth.service.ts';
import { operatorOnly, signedIn } from '../../platform/route-access.ts';

const grantTypes = new Set(['authorization_code', 'refresh_token']);
const bearer = [{ bearer: [] }];

/** Sign-in, token, revocation, "Login Akun Lain", SIAKAD single sign-on and the session's log calls. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await dummyPasswordHash();
  const failedSignIns = new FailedSignInsPerAddress(
    app.database,
    app.config.rateLimitLoginPerAddressPerMinute,
  );

  app.post(
    '/v2/authorize',
    {
      // Across usernames, before the body is read: one address with many wrong passwords (password
      // spraying) is stopped here; the per-account back-off and the hash cap bound the rest.
      onRequest: async (request: FastifyRequest) => {
        const wait = await failedSignIns.waitSeconds(request.ip);
        if (wait > 0) throw new RetryLaterError(429, 'login_terlalu_sering', wait);
      },
      schema: {
        tags: ['auth'],
        summary: 'Masuk dengan username dan password; mendapat kode sekali pakai (PKCE S256)',
        body: authorizeRequestSchema,
        response: { 200: authorizeResponseSchema },
      },
      config: {
        // The way in to an exam: never held back by the bound on requests in work (the hash queue bounds
        // sign-ins; load-shedding.plugin.ts).
        critical: true,
        public: 'signing in',
        rateLimit: {
          max: app.config.rateLimitLoginPerMinute,
          timeWindow: '1 minute',
          // After validation, so the key can name the username: a campus behind one NAT address
          // shares the IP, and one student's typos must not lock the others out.
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) =>
            `${request.ip}|${String((request.body as { username?: unknown }).username).toLowerCase()}`,
        },
      },
    },
    async (request) => {
      try {
        return { data: await authorizeWithPassword(app, request.college, request.body) };
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_credentials')
          await failedSignIns.record(request.ip);
        throw error;
      }
    },
  );

  app.post(
    '/v2/authorize/akun_lain',
    {
      config: { access: operatorOnly('kelas_kuliah', 'write') },
      schema: {
        tags: ['auth'],
        summary: 'Login Akun Lain: operator mendapat kode untuk bertindak sebagai mahasiswa',
        security: bearer,
        body: actAsStudentRequestSchema,
        response: { 200: authorizeResponseSchema },
      },
    },
    async (request) => ({
      data: await authorizeActingForStudent(app, request.college, request.auth, request.body),
    }),
  );

  app.post(
    '/v2/authorize/sikad',
    {
      // Fees are settled in SIAKAD: a restricted student must still be able to get there.
      config: { access: signedIn, allowRestricted: 'going to SIAKAD, where fees are settled' },
      schema: {
        tags: ['auth'],
        summary: 'Kode sekali pakai (60 detik) untuk single sign-on ke SIAKAD',
        security: bearer,
        body: siakadAuthorizeRequestSchema,
        response: { 200: siakadAuthorizeResponseSchema },
      },
    },
    async (request) => ({ data: await authorizeSiakad(app, request.college, request.auth, request.body) }),
  );

  app.post(
    '/v2/access_token',
    {
      preValidation: async (request) => {
        const grant = (request.body as { grant_type?: unknown } | undefined)?.grant_type;
        if (typeof grant === 'string' && !grantTypes.has(grant)) {
          throw new AppError(400, 'unsupported_grant_type');
        }
      },
      schema: {
        tags: ['auth'],
        summary: 'Menukar kode (authorization_code) atau memutar refresh token (refresh_token)',
        body: accessTokenRequestSchema,
        response: { 200: tokenResponseSchema },
      },
      config: {
        critical: true, // a token refreshed on the exam page
        public: 'token exchange',
        rateLimit: { max: app.config.rateLimitTokenPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request, reply) => {
      const tokens = await exchangeToken(app, request.college, request.body, request.ip);
      void reply.header('cache-control', 'no-store');
      return presentTokens(tokens);
    },
  );

  app.post(
    '/v2/revoke',
    {
      schema: {
        tags: ['auth'],
        summary: 'Mengakhiri sesi (keluarga refresh token); selalu 200',
        body: revokeRequestSchema,
        response: { 200: acknowledgedResponseSchema },
      },
      config: {
        public: 'token exchange',
        rateLimit: { max: app.config.rateLimitTokenPerMinute, timeWindow: '1 minute' },
      },
    },
    async (request) => {
      await revokeRefreshToken(app, request.college, request.body.token);
      return { data: {} };
    },
  );

  const logRoute = () => ({
    config: {
      access: signedIn,
      allowRestricted: 'signing out, leaving for SIAKAD, ending an acting session',
    },
    schema: { tags: ['auth'], security: bearer, response: { 200: acknowledgedResponseSchema } },
  });

  app.post('/v2/lms/log_aktivitas/logout', logRoute(), async (request) => {
    await recordRequestActivity(app.db, request, 'logout', 'Logout dari LMS');
    // Signed out here, not only when the client revokes its refresh token next: the access token stops
    // working at once even if that second call never comes.
    await endOwnSession(app, request.auth);
    return { data: {} };
  });

  app.post('/v2/lms/log_aktivitas/keluar_ke_sikad', logRoute(), async (request) => {
    await recordRequestActivity(app.db, request, 'keluar_ke_sikad', 'Keluar ke SIAKAD');
    return { data: {} };
  });

  app.post('/v2/lms/log_aktivitas/kembali_ke_akun_operator', logRoute(), async (request) => {
    const student = await describeActingStudent(app, request.auth);
    await recordRequestActivity(
      app.db,
      request,
      'kembali_ke_akun_operator',
      `Kembali ke akun operator dari ${student}`,
    );
    // The acting session ends here; its tokens and streams stop working on every instance.
    await endOwnSession(app, request.auth);
    return { data: {} };
  });
};
