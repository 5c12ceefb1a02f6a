import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from './app-error.ts';
import { findAllColleges, findCollegeById, type College } from './college.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The college this API call is for, from the `college-id` header. */
    college: College;
  }
  interface FastifyInstance {
    /** Forgets cached college rows, after a college's settings change. */
    invalidateCollegeCache(): void;
  }
  interface FastifyContextConfig {
    /** SSE routes: `college-id` may also come as a query parameter (EventSource cannot set headers). */
    collegeIdFromQuery?: boolean;
    /**
     * A path parameter naming the college: a provider's redirect back to the campus sign-in carries no
     * header, and the redirect URI it must match exactly keeps no query of ours.
     */
    collegeIdFromPath?: string;
  }
}

const apiPrefixes = ['/v0/', '/v1/', '/v2/', '/multisite-config/'];
const untenanted = new Set(['/v2/openapi.json']);
const cacheMs = 30_000;

/** Whether a URL path is an API call (and so carries a college). */
export function isApiPath(url: string): boolean {
  return apiPrefixes.some((p) => url.startsWith(p));
}

/**
 * Resolves `college-id` on every API call; without the header, the only college or else the default one
 * (`colleges.is_default`).
 */
export const tenancyPlugin = fp(
  async (app: FastifyInstance) => {
    let cache: { at: number; rows: College[] } | undefined;

    async function allColleges(): Promise<College[]> {
      if (!cache || Date.now() - cache.at > cacheMs) {
        cache = { at: Date.now(), rows: await findAllColleges(app.db) };
      }
      return cache.rows;
    }

    app.decorate('invalidateCollegeCache', () => {
      cache = undefined;
    });
    app.decorateRequest('college', null as unknown as College);

    app.addHook('onRequest', async (request: FastifyRequest) => {
      const path = request.url.split('?')[0]!;
      if (!isApiPath(path) || untenanted.has(path)) return;
      const { collegeIdFromQuery, collegeIdFromPath } = request.routeOptions.config;
      const header =
        request.headers['college-id'] ??
        (collegeIdFromQuery
          ? (request.query as Record<string, string | undefined>)['college-id']
          : undefined) ??
        (collegeIdFromPath
          ? (request.params as Record<string, string | undefined>)[collegeIdFromPath]
          : undefined);
      const requested = Array.isArray(header) ? header[0] : header;
      let rows = await allColleges();
      if (!requested) {
        // The web app's first call and scripts send no header: they get the only college, or else the
        // one flagged is_default (the demo seed and migration 0003 flag the first college).
        const fallback = rows.length === 1 ? rows[0] : rows.find((c) => c.isDefault);
        if (!fallback) throw badRequest('college_required');
        request.college = fallback;
        return;
      }
      let college = rows.find((c) => c.id === requested);
      if (!college) {
        // A college added by another instance since the cache was filled.
        const fresh = await findCollegeById(app.db, requested);
        if (fresh) {
          cache = undefined;
          rows = await allColleges();
        }
        college = fresh;
      }
      if (!college) throw badRequest('unknown_college');
      request.college = college;
    });
  },
  { name: 'tenancy', dependencies: ['database', 'errors'] },
);
