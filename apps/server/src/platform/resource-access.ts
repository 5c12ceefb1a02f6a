import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import type { Actor } from './actor.ts';
import { forbidden, type AppError } from './app-error.ts';
import type { College } from './college.repository.ts';
import type { ResourceKind } from './route-access.ts';

/** One row as its area loads it for a caller, with whether the caller's relation lets them read or change it. */
export interface LoadedResource<Row> {
  row: Row;
  canRead: boolean;
  canWrite: boolean;
}

/** Loads the row a route's path names (null when the caller's college has none). */
export type ResourceLoader<Row> = (
  db: Db,
  actor: Actor,
  college: College,
  id: string,
) => Promise<LoadedResource<Row> | null>;

/**
 * A resource kind with its area's loader: the platform's pre-handler calls `load` for every route that
 * declares the kind in `config.access.resource` and answers `notFound()` or 403 before the handler;
 * the handler reads the row with `of(request)`, which only the pre-handler can fill.
 */
export interface ResourceDefinition<Row = unknown> {
  kind: ResourceKind;
  load: ResourceLoader<Row>;
  /** The area's answer for an id its college does not hold (`class_not_found`, …). */
  notFound(): AppError;
  /** The answer when the caller may not read it: 403, or a 404 where the row is hidden from them. */
  unreadable(): AppError;
  /** The row the pre-handler loaded for this request; throws when the route declared another kind. */
  of(request: FastifyRequest): Row;
}

/** A resource kind's definition, for its area's manifest and its routes. */
export function defineResource<Row>(
  kind: ResourceKind,
  load: ResourceLoader<Row>,
  notFound: () => AppError,
  unreadable: () => AppError = forbidden,
): ResourceDefinition<Row> {
  return {
    kind,
    load,
    notFound,
    unreadable,
    of(request) {
      const loaded = request.resource;
      if (loaded?.kind !== kind) {
        throw new Error(`${request.routeOptions.url} declares no ${kind} resource (config.access.resource)`);
      }
      handedOver.getStore()?.delete(`${kind}:${loaded.id}`);
      return loaded.row as Row;
    },
  };
}

// The pre-handler's row, for the first loader call of the request that asks for the same row: services
// of areas not yet reading `of(request)` load it again by id, and should not read it twice.
const handedOver = new AsyncLocalStorage<Map<string, unknown>>();

/**
 * The row the pre-handler loaded and checked for this request (read, and write when the route said so),
 * once: a second call, or one after the handler took it with `of(request)`, answers undefined, so a
 * read after a change reads again.
 */
export function takeLoadedResource<Row>(kind: ResourceKind, id: string): Row | undefined {
  const store = handedOver.getStore();
  const key = `${kind}:${id}`;
  const row = store?.get(key) as Row | undefined;
  store?.delete(key);
  return row;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The row the route's `config.access.resource` names, loaded and checked before the handler. */
    resource: { kind: ResourceKind; id: string; row: unknown } | null;
  }
}

/**
 * Resolves the resource a route declares before its handler: the id from the declared path parameter,
 * the owning area's loader, 404 when missing and 403 when the caller's relation does not give the
 * route's level (`read` unless the declaration says `write`). A route declaring a kind no area loads
 * stops the app at registration.
 */
export const resourceAccessPlugin = fp(
  async (app: FastifyInstance, options: { resources: readonly ResourceDefinition[] }) => {
    const byKind = new Map(options.resources.map((resource) => [resource.kind, resource]));
    app.decorateRequest('resource', null);

    app.addHook('onRoute', (route) => {
      const declared = route.config?.access?.resource;
      if (!declared || byKind.has(declared.kind)) return;
      throw new Error(
        `${String(route.method)} ${route.url} declares resource ${declared.kind}, which no area loads`,
      );
    });

    async function resolve(request: FastifyRequest, definition: ResourceDefinition, param: string) {
      const id = (request.params as Record<string, string>)[param]!;
      const loaded = await definition.load(app.db, request.actor, request.college, id);
      if (!loaded) throw definition.notFound();
      if (!loaded.canRead) throw definition.unreadable();
      if (request.routeOptions.config.access?.level === 'write' && !loaded.canWrite) throw forbidden();
      request.resource = { kind: definition.kind, id, row: loaded.row };
    }

    app.addHook('preHandler', (request, _reply, done) => {
      const declared = request.routeOptions.config.access?.resource;
      const definition = declared && byKind.get(declared.kind);
      if (!declared || !definition) return done();
      resolve(request, definition, declared.param).then(() => {
        const { kind, id, row } = request.resource!;
        handedOver.run(new Map([[`${kind}:${id}`, row]]), done);
      }, done);
    });
  },
  { name: 'resource-access', dependencies: ['auth'] },
);
