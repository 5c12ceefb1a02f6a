import { AppError, forbidden } from '../../platform/app-error.ts';
import { defineResource } from '../../platform/resource-access.ts';
import { isLecturerOfCollege } from './user.repository.ts';

/**
 * A lecturer named by a route's path (their own records): a lecturer reaches only their own (403 for
 * another, before looking), operators by the route's areas, students never.
 */
export const lecturerResource = defineResource<{ id: string }>(
  'lecturer',
  async (db, actor, _college, id) => {
    if (actor.role === 'dosen' && actor.userId !== id) throw forbidden();
    if (!(await isLecturerOfCollege(db, actor.collegeId, id))) return null;
    const allowed = actor.role !== 'mahasiswa';
    return { row: { id }, canRead: allowed, canWrite: allowed };
  },
  () => new AppError(404, 'dosen_not_found', 'Dosen tidak ditemukan'),
);
