import { asc } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { users } from './schema/identity.schema.ts';

/** One page of a query over users, by name then id (so pages neither overlap nor skip where names repeat). */
export function pageByName<T extends PgSelect>(query: T, page: { page: number; perPage: number }) {
  return query
    .orderBy(asc(users.nama), asc(users.id))
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage);
}
