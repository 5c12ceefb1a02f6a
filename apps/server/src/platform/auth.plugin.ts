import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AccessTokenSigner, type AuthContext } from './access-token.ts';
import { unauthorized } from './app-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: AccessTokenSigner;
    /** onRequest hook for routes that need a signed-in caller; sets `request.auth`. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext;
  }
}

/** Bearer-token authentication; a token is bound to the college it was issued for. */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('tokens', new AccessTokenSigner(app.config.tokenSecret));
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
      if (!token) throw unauthorized();
      const ctx = await app.tokens.verify(token);
      if (!ctx) throw unauthorized();
      if (request.college && ctx.collegeId !== request.college.id) throw unauthorized('college_mismatch');
      request.auth = ctx;
    });
  },
  { name: 'auth', dependencies: ['database', 'tenancy'] },
);
