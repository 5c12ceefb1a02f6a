import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { canReadArea, canWriteArea } from '@lms/contract/permission.rules';
import { AccessTokenSigner, type AuthContext } from './access-token.ts';
import type { Actor } from './actor.ts';
import { findActorUser } from './actor.repository.ts';
import { ActorCache } from './actor-cache.ts';
import { forbidden, unauthorized } from './app-error.ts';
import type { RouteAccess } from './route-access.ts';
import { isApiPath } from './tenancy.plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: AccessTokenSigner;
    /** Forgets a remembered caller row (call after changing a user's active flag, role or rights). */
    forgetActor(collegeId?: string, userId?: string): void;
    /** Every API route with its declaration, as registered (the authorization matrix test walks them). */
    governedRoutes: GovernedRoute[];
  }
  interface FastifyRequest {
    /** The verified token of a signed-in caller (null on public routes). */
    auth: AuthContext;
    /**
     * The caller with their current rights (null on public routes): read at most `actorCacheMs` ago
     * (≤ 5 s), see actor-cache.ts.
     */
    actor: Actor;
  }
  interface FastifyContextConfig {
    /** Anyone may call the route, signed in or not; the string says why (sign-in, the login page, …). */
    public?: string;
    /** Who may call the route: checked before the body is read. */
    access?: RouteAccess;
    /** SSE routes: the token may come as `access_token` in the query (EventSource cannot set headers). */
    tokenFromQuery?: boolean;
  }
}

/** An API route as registered: what the authorization matrix test needs to call it. */
export interface GovernedRoute {
  method: string;
  url: string;
  config: { public?: string; access?: RouteAccess };
  schema: RouteOptions['schema'];
}

/** Whether a registered route is one the access rules govern: every API path. */
export function isGovernedRoute(route: Pick<RouteOptions, 'url'>): boolean {
  return isApiPath(route.url);
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7);
  if (request.routeOptions.config.tokenFromQuery) {
    const token = (request.query as Record<string, unknown> | undefined)?.access_token;
    if (typeof token === 'string' && token) return token;
  }
  return undefined;
}

/** Whether the actor meets a route's declared role and operator-area level. */
export function meetsRouteAccess(actor: Actor, access: RouteAccess): boolean {
  if (!access.roles.includes(actor.role)) return false;
  if (actor.role !== 'operator' || !access.area) return true;
  if (actor.actorUserId) return false;
  const areas = [access.area].flat();
  const has = access.level === 'write' ? canWriteArea : canReadArea;
  return areas.some((area) => has(actor.permissions, area));
}

/**
 * Authorization that fails closed: every API route must declare `config.public` or `config.access`
 * (the app refuses to start otherwise), and every non-public route authenticates the bearer token,
 * binds it to the request's college, loads the caller's current rights into `request.actor` and checks
 * the declared access, all before the body is parsed.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('tokens', new AccessTokenSigner(app.config.tokenSecret));
    const cache = new ActorCache(app.config.actorCacheMs);
    app.decorate('forgetActor', (collegeId?: string, userId?: string) => cache.forget(collegeId, userId));
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorateRequest('actor', null as unknown as Actor);

    app.decorate('governedRoutes', [] as GovernedRoute[]);
    app.addHook('onRoute', (route) => {
      if (!isGovernedRoute(route)) return;
      const { public: isPublic, access } = route.config ?? {};
      if (!isPublic && !access) {
        throw new Error(
          `${String(route.method)} ${route.url} declares neither config.public nor config.access`,
        );
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.governedRoutes.push({
          method,
          url: route.url,
          config: { public: isPublic, access },
          schema: route.schema,
        });
      }
    });

    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (request.is404) return;
      const config = request.routeOptions.config;
      if (!isGovernedRoute({ url: request.routeOptions.url ?? '' }) || config.public) return;
      if (!config.access) throw forbidden();
      const token = bearerToken(request);
      const auth = token ? await cache.verifiedToken(token, (t) => app.tokens.verify(t)) : null;
      if (!auth) throw unauthorized();
      if (request.college && auth.collegeId !== request.college.id) throw unauthorized('college_mismatch');
      const user = await cache.actorRow(auth.collegeId, auth.userId, () =>
        findActorUser(app.db, auth.collegeId, auth.userId),
      );
      // A deactivated account, or one whose role changed, loses access within the cache's bound (≤ 5 s),
      // not when its token ends; the web client then ends the session and the user signs in anew.
      if (!user?.isActive || user.role !== auth.role) throw unauthorized();
      request.auth = auth;
      request.actor = {
        userId: user.id,
        collegeId: auth.collegeId,
        role: auth.role,
        // Acting for a student: the student's view; the operator's own rights do not apply.
        permissions: auth.actorUserId ? null : (user.operatorPermissions ?? null),
        actorUserId: auth.actorUserId,
      };
      if (!meetsRouteAccess(request.actor, config.access)) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['database', 'tenancy'] },
);
