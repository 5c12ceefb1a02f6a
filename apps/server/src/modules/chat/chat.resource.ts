import { chatMessages as texts } from '@lms/contract/chat.rules';
import { forbidden } from '../../platform/app-error.ts';
import { defineResource } from '../../platform/resource-access.ts';
import { groupNotFound, loadOrCreateChatGroup, type LoadedChatGroup } from './chat.service.ts';

/**
 * A chat group named by a route's path, for the students and teachers of its class (404 to everyone
 * else, as if it did not exist). Loading creates a comment or task group's group on first read (after
 * the class check). Membership of the group and each thread's reader (one student's comments) are the
 * service's: they depend on the group's kind and on the thread the route names.
 */
export const chatGroupResource = defineResource<LoadedChatGroup>(
  'chat',
  async (db, actor, _college, id) => {
    const loaded = await loadOrCreateChatGroup(db, actor, id);
    if (!loaded) return null;
    const ofClass = loaded.relation.isStudent || loaded.relation.isTeacher;
    return { row: loaded, canRead: ofClass, canWrite: ofClass };
  },
  groupNotFound,
  () => forbidden(texts.notMember),
);
