import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collegeOfRequest } from '../db/tenant-guard.ts';

/**
 * Runs the rest of each API request with its college in `collegeOfRequest`, so the tenant guard can
 * check that a statement's college parameter is the request's. After the tenancy plugin, which
 * resolves the college; costs two async-context entries per request.
 */
export const requestCollegePlugin = fp(
  async (app: FastifyInstance) => {
    const enterCollege = (request: FastifyRequest, _reply: unknown, done: () => void) => {
      const collegeId = request.college?.id;
      if (collegeId === undefined) return done();
      collegeOfRequest.run(collegeId, done);
    };
    app.addHook('onRequest', enterCollege);
    // Again after the body is read: its stream's events run outside the context entered before.
    app.addHook('preValidation', enterCollege);
  },
  { name: 'request-college' },
);
