import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages } from '@lms/contract/error-messages';
import { AppError, RetryLaterError } from './app-error.ts';

/** One error envelope for every failure: `{ status: { code, message }, detail }`. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    const answerError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
        if (error instanceof RetryLaterError)
          void reply.header('retry-after', String(error.retryAfterSeconds));
        return reply
          .status(error.statusCode)
          .send({ status: { code: error.code, message: error.message }, detail: error.detail ?? null });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = error.validation.map((v) => ({
          field: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
          message: v.message,
        }));
        const first = fields[0];
        // A bad id or query string is an address the user followed (a link, a bookmark), not a form
        // field they can correct: 'params.id: uuid tidak valid' tells them nothing, so they read the
        // address message and the detail goes to the log. A body's first field stays in the message,
        // as forms show it beside that field.
        const fromAddress = error.validationContext === 'params' || error.validationContext === 'querystring';
        if (fromAddress) request.log.info({ validation: fields }, 'address validation failed');
        return reply.status(400).send({
          status: {
            code: 'validation_failed',
            message: fromAddress
              ? errorMessages.alamat_tidak_valid
              : first
                ? `${errorMessages.validation_failed} ${first.field}: ${first.message}`
                : errorMessages.validation_failed,
          },
          detail: { fields },
        });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply
          .status(429)
          .send({ status: { code: 'rate_limited', message: errorMessages.rate_limited }, detail: null });
      }
      if (status === 413) {
        return reply.status(413).send({
          status: { code: 'payload_too_large', message: errorMessages.payload_too_large },
          detail: null,
        });
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (bad JSON, wrong content type): safe to pass their code on.
        return reply.status(status).send({
          status: {
            code: (error.code ?? 'bad_request').toLowerCase(),
            message: errorMessages.validation_failed,
          },
          detail: null,
        });
      }
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(500)
        .send({ status: { code: 'internal_error', message: errorMessages.internal_error }, detail: null });
    };

    app.setErrorHandler((error: FastifyError, request, reply) => {
      // A caller whose row was left to the route's statement (auth.plugin callerRowInStatement) learns
      // nothing of the route before it is checked: an ended session gets its 401 whatever else failed.
      const pending = request.actor?.unconfirmed;
      if (!pending || (error instanceof AppError && error.statusCode === 401)) {
        return answerError(error, request, reply);
      }
      return pending.confirm().then(
        () => answerError(error, request, reply),
        (refusal: FastifyError) => answerError(refusal, request, reply),
      );
    });

    app.setNotFoundHandler((request, reply) => {
      return reply
        .status(404)
        .send({ status: { code: 'route_not_found', message: errorMessages.route_not_found }, detail: null });
    });
  },
  { name: 'errors' },
);
