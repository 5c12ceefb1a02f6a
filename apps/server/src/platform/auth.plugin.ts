import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { canReadArea, canWriteArea } from '@lms/contract/permission.rules';
import { AccessTokenSigner, type AuthContext } from './access-token.ts';
import type { Actor } from './actor.ts';
import { findActorUser } from './actor.repository.ts';
import { ActorCache, type ActorRow } from './actor-cache.ts';
import { AppError, forbidden, unauthorized } from './app-error.ts';
import type { College } from './college.repository.ts';
import { PasswordHashGate } from './password-hash.ts';
import { resourceKinds, type RouteAccess } from './route-access.ts';
import { isApiPath } from './tenancy.plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: AccessTokenSigner;
    /** At most PASSWORD_HASH_CONCURRENCY password hashes at once, a short queue, 503 beyond. */
    passwordHashing: PasswordHashGate;
    /**
     * Forgets a caller's remembered rows (call after changing a user's active flag, role or rights, or
     * ending one of their sessions), or every caller's when no user is given.
     */
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
    /** The route also accepts the token SIAKAD gets at single sign-on (audience `siakad`); no other does. */
    siakadToken?: boolean;
    /**
     * A student restricted for unpaid fees may still call the route; the string says why (their
     * profile, the restriction status, signing out). Every other route answers 403 `akses_dibatasi_tunggakan`.
     */
    allowRestricted?: string;
    /**
     * The route's own statement checks the caller's row (actor.repository callerLiveSql), so a
     * student's request is not preceded by reading it when no recent read is remembered: the actor
     * comes from the token with `unconfirmed` set, which the handler's other ways and every refusal
     * confirm first. The string says which statement. For the exam's answer save, whose students
     * save every few seconds, longer apart than the row is remembered, and its start (the storm's
     * other request, often minutes after the student opened the page).
     */
    callerRowInStatement?: string;
  }
}

/** An API route as registered: what the authorization matrix test needs to call it. */
export interface GovernedRoute {
  method: string;
  url: string;
  config: { public?: string; access?: RouteAccess; allowRestricted?: string };
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
  if (access.ownAccount && actor.actorUserId) return false;
  if (actor.role !== 'operator' || !access.area) return true;
  if (actor.actorUserId) return false;
  const areas = [access.area].flat();
  const has = access.level === 'write' ? canWriteArea : canReadArea;
  return areas.some((area) => has(actor.permissions, area));
}

// Session ids are the refresh-token family's uuid; anything else names no session (and must not reach SQL).
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether the college's access rules turn the unpaid-fee restriction on. */
function feeRestrictionActive(college: College | null): boolean {
  return !!college && readCollegeSettings(college).pembatasan_akses.tunggakan_biaya.aktif;
}

/**
 * The caller as their row says, or the refusal: a deactivated account, one whose role changed, or a
 * session that was signed out, revoked for refresh-token reuse or ended by going back to the operator's
 * account loses access within the cache's bound (≤ 5 s), not when its token ends (the web client then
 * ends the session); then the route's declared access, and unpaid fees, which close the whole LMS to the
 * student (also when an operator acts for them), not only the web app's pages.
 */
function checkCallerRow(request: FastifyRequest, auth: AuthContext, user: ActorRow | undefined): Actor {
  if (!user?.isActive || user.role !== auth.role || !user.sessionLive) throw unauthorized();
  const config = request.routeOptions.config;
  const actor: Actor = {
    userId: user.id,
    collegeId: auth.collegeId,
    role: auth.role,
    // Acting for a student: the student's view; the operator's own rights do not apply.
    permissions: auth.actorUserId ? null : ((user.operatorPermissions ?? null) as Actor['permissions']),
    actorUserId: auth.actorUserId,
  };
  if (config.access!.ownAccount && auth.actorUserId) throw new AppError(403, 'akun_lain_hanya_membaca');
  if (!meetsRouteAccess(actor, config.access!)) throw forbidden();
  if (
    user.feeHold &&
    auth.role === 'mahasiswa' &&
    !config.allowRestricted &&
    feeRestrictionActive(request.college)
  )
    throw new AppError(403, 'akses_dibatasi_tunggakan');
  return actor;
}

/**
 * Authorization that fails closed: every API route must declare `config.public` or `config.access`
 * (the app refuses to start otherwise), and every non-public route authenticates the bearer token,
 * binds it to the request's college, checks that the token's session was not ended, loads the
 * caller's current rights into `request.actor` and checks the declared access and the unpaid-fee
 * restriction, all before the body is parsed.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('tokens', new AccessTokenSigner(app.config.tokenSecret));
    app.decorate(
      'passwordHashing',
      new PasswordHashGate(app.config.passwordHashConcurrency, app.config.passwordHashQueue),
    );
    const cache = new ActorCache(app.config.actorCacheMs);
    app.decorate('forgetActor', (collegeId?: string, userId?: string) => cache.forget(collegeId, userId));
    app.decorateRequest('auth', null as unknown as AuthContext);
    app.decorateRequest('actor', null as unknown as Actor);

    app.decorate('governedRoutes', [] as GovernedRoute[]);
    app.addHook('onRoute', (route) => {
      if (!isGovernedRoute(route)) return;
      const { public: isPublic, access, allowRestricted } = route.config ?? {};
      if (!isPublic && !access) {
        throw new Error(
          `${String(route.method)} ${route.url} declares neither config.public nor config.access`,
        );
      }
      // A resource the relation rules do not know, or one its path does not name, would check nothing.
      const resource = access?.resource;
      if (resource && !(resourceKinds as readonly string[]).includes(resource.kind)) {
        throw new Error(
          `${String(route.method)} ${route.url} declares an unknown resource kind ${resource.kind}`,
        );
      }
      if (resource && !new RegExp(`:${resource.param}(/|$)`).test(route.url)) {
        throw new Error(`${String(route.method)} ${route.url} names no path parameter ${resource.param}`);
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.governedRoutes.push({
          method,
          url: route.url,
          config: { public: isPublic, access, allowRestricted },
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
      if (auth.audience === 'siakad' && !config.siakadToken) throw unauthorized();
      if (request.college && auth.collegeId !== request.college.id) throw unauthorized('college_mismatch');
      if (!uuidPattern.test(auth.sessionId)) throw unauthorized();
      request.auth = auth;
      const readRow = () =>
        cache.actorRow(auth.collegeId, auth.userId, auth.sessionId, () =>
          findActorUser(app.db, auth.collegeId, auth.userId, auth),
        );
      if (
        config.callerRowInStatement &&
        auth.role === 'mahasiswa' &&
        !auth.actorUserId &&
        !cache.remembered(auth.collegeId, auth.userId, auth.sessionId)
      ) {
        // The route's statement checks the row (callerLiveSql); anything else confirms it first.
        const actor: Actor = {
          userId: auth.userId,
          collegeId: auth.collegeId,
          role: auth.role,
          permissions: null,
          actorUserId: null,
        };
        actor.unconfirmed = {
          sessionId: auth.sessionId,
          feeRuleActive: feeRestrictionActive(request.college),
          confirm: async () => {
            if (!actor.unconfirmed) return;
            Object.assign(actor, checkCallerRow(request, auth, await readRow()));
            delete actor.unconfirmed;
          },
        };
        request.actor = actor;
        if (!meetsRouteAccess(actor, config.access)) throw forbidden();
        return;
      }
      request.actor = checkCallerRow(request, auth, await readRow());
    });
  },
  { name: 'auth', dependencies: ['database', 'tenancy'] },
);
