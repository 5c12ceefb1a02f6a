import { defineResource } from '../../platform/resource-access.ts';
import type { GroupRow } from './task-group.repository.ts';
import { groupNotFound, loadGroupResource } from './task-group.service.ts';

/** A group named by a route's path: read with its class; changed by the class's lecturers and operators with write. */
export const groupResource = defineResource<GroupRow>('task-group', loadGroupResource, groupNotFound);
