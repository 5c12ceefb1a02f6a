import type { AreaModule } from '../../platform/area-module.ts';
import { taskRoutes } from './task.routes.ts';
import { taskResource } from './task.resource.ts';
import {
  taskAttachments,
  taskMemberScores,
  taskSubmissionFiles,
  taskSubmissions,
  tasks,
} from '../../db/schema/task.schema.ts';
import { addDemoTasks } from '../../db/seed/task.seed.ts';

/** The task area, as the platform registers, guards and seeds it. */
export const taskModule: AreaModule = {
  name: 'task',
  routes: [taskRoutes],
  tables: [tasks, taskAttachments, taskSubmissions, taskSubmissionFiles, taskMemberScores],
  resources: [taskResource],
  demoSeed: {
    addRows: (ctx) => addDemoTasks(ctx),
  },
};
