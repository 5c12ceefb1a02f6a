import type { AreaModule } from '../../platform/area-module.ts';
import { taskGroupRoutes } from './task-group.routes.ts';
import { groupResource } from './task-group.resource.ts';
import { taskGroupMembers, taskGroups } from '../../db/schema/task.schema.ts';

/** The task-group area, as the platform registers, guards and seeds it. */
export const taskGroupModule: AreaModule = {
  name: 'task-group',
  routes: [taskGroupRoutes],
  tables: [taskGroups, taskGroupMembers],
  resources: [groupResource],
};
