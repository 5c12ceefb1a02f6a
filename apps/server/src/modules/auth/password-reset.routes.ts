import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import {
  passwordResetRequestedMessage,
  passwordResetRequestResponseSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '@lms/contract/password-reset.schema';
import { RetryLaterError } from '../../platform/app-error.ts';
import {
  assertCanSendResetLinks,
  resetPasswordWithLink,
  sendPasswordResetLinks,
} from './password-reset.service.ts';

/** "Lupa kata sandi": a link by email, then a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per client address: bounds the mail one address can make the server send (per account: the service).
  const perAddress = {
    max: app.config.rateLimitPasswordResetPerHour,
    timeWindow: '1 hour',
    errorResponseBuilder: (_request: unknown, context: { ttl: number }) =>
      new RetryLaterError(429, 'reset_terlalu_sering', Math.ceil(context.ttl / 1000)),
  };

  app.post(
    '/v2/lupa_kata_sandi',
    {
      config: { public: 'a forgotten password: nobody is signed in', rateLimit: perAddress },
      schema: {
        tags: ['auth'],
        summary: 'Lupa kata sandi: kirim tautan atur ulang ke email akun (jawaban sama, akun ada atau tidak)',
        body: passwordResetRequestSchema,
        response: { 200: passwordResetRequestResponseSchema },
      },
    },
    async (request) => {
      const target = await assertCanSendResetLinks(app, request.college);
      const log = request.log;
      // After the answer: its time must not tell whether the account exists.
      void sendPasswordResetLinks(app, request.college, target, request.body.identitas, log).catch(
        (error: unknown) => log.error({ err: error }, 'password reset: sending links failed'),
      );
      return { data: { pesan: passwordResetRequestedMessage } };
    },
  );

  app.post(
    '/v2/lupa_kata_sandi/reset',
    {
      config: { public: 'setting a new password with the emailed link', rateLimit: perAddress },
      schema: {
        tags: ['auth'],
        summary: 'Atur kata sandi baru dengan tautan dari email (sekali pakai); semua sesi akun diakhiri',
        body: passwordResetSchema,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      await resetPasswordWithLink(app, request.college, request.body, request.ip);
      return { data: {} };
    },
  );
};
