import { defineResource } from '../../platform/resource-access.ts';
import { bankHidden, bankNotFound, loadBankResource, type VisibleBank } from './question-bank.service.ts';

/**
 * A question bank named by a route's path: seen by its owner, lecturers of its course when shown, and
 * operators with read (404 to the rest: a hidden bank does not exist for them); changed by those with
 * any of ubah, hapus, duplikat (the route's service asks for the one it needs).
 */
export const bankResource = defineResource<VisibleBank>(
  'question-bank',
  async (db, actor, _college, id) => loadBankResource(db, actor, id),
  bankNotFound,
  bankHidden,
);
