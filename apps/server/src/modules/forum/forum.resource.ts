import { defineResource } from '../../platform/resource-access.ts';
import { forumContent, type LoadedForum } from './forum.service.ts';

/**
 * A forum named by a route's path: read by whoever reads its class; changed by its meetings' editors,
 * and posted in (a write too) by the class's students as well. An acting session passes here and is
 * refused by the service with its own code (aktivitas_saat_login_akun_lain).
 */
export const forumResource = defineResource<LoadedForum>(
  'forum',
  async (db, actor, college, id) => {
    const loaded = await forumContent.loadResource(db, actor, college, id);
    if (!loaded) return null;
    const student = actor.role === 'mahasiswa' && loaded.row.cls.relation.isStudent;
    return { ...loaded, canWrite: loaded.canWrite || student };
  },
  forumContent.notFound,
);
