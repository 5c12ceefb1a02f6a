import { defineResource } from '../../platform/resource-access.ts';
import { canReadClass } from './class.policy.ts';
import { classNotFound, findClassForActor, type ReadableClass } from './class.service.ts';

/**
 * A class named by a route's path: read by its students and teachers and operators with read; changed
 * by its teachers and operators with write (`ubah_pertemuan`; finer rights stay in `access`).
 */
export const classResource = defineResource<ReadableClass>(
  'class',
  async (db, actor, _college, id) => {
    const cls = await findClassForActor(db, actor, id);
    return (
      cls && { row: cls, canRead: canReadClass(actor, cls.relation), canWrite: cls.access.ubah_pertemuan }
    );
  },
  classNotFound,
);
