import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { badRequest } from './app-error.ts';

/** Whether a value holds a NUL character anywhere (PostgreSQL refuses it in text). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

/** Throws 400 when any text of the input holds a NUL character. */
export function assertNoNul(value: unknown): void {
  if (containsNul(value)) throw badRequest('teks_memuat_nul');
}

interface ZodDefLike {
  type?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
}

/**
 * The top-level field names of an object schema, looking through optional/default/pipe wrappers and
 * joining the options of a union; undefined when the schema is no object.
 */
export function objectFieldNames(schema: unknown, depth = 0): string[] | undefined {
  const def = (schema as { _zod?: { def?: ZodDefLike } } | undefined)?._zod?.def;
  if (!def || depth > 6) return undefined;
  if (def.type === 'object') return Object.keys((schema as z.ZodObject).shape);
  if (def.type === 'union' && def.options) {
    const names = def.options.map((option) => objectFieldNames(option, depth + 1));
    return names.every(Boolean) ? [...new Set(names.flat() as string[])] : undefined;
  }
  const inner = def.innerType ?? def.in;
  return inner ? objectFieldNames(inner, depth + 1) : undefined;
}

/**
 * Throws 400 when a write's body is an object that names none of the route's fields: a typo or a client
 * bug must not pass as "change nothing" or, worse, as "reset everything to its default".
 */
export function assertSomeKnownField(body: unknown, fieldNames: readonly string[]): void {
  if (fieldNames.length === 0 || body === null || typeof body !== 'object' || Array.isArray(body)) return;
  if (!Object.keys(body).some((key) => fieldNames.includes(key))) throw badRequest('tidak_ada_data');
}

/**
 * Mends bad input where it enters, once for every route: text with NUL characters in the path, query
 * or body is refused (PostgreSQL cannot store it and would answer 500), and so is a write whose object
 * body carries none of the fields its schema knows.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request: FastifyRequest) => {
      assertNoNul(request.params);
      assertNoNul(request.query);
      // Multipart forms are read by their routes, whose parseInput applies the same checks.
      if (request.body === undefined || request.headers['content-type']?.startsWith('multipart/')) return;
      assertNoNul(request.body);
      if (request.method === 'GET' || request.method === 'DELETE') return;
      const fields = objectFieldNames(request.routeOptions.schema?.body);
      if (fields) assertSomeKnownField(request.body, fields);
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
