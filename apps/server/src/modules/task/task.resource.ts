import { defineResource } from '../../platform/resource-access.ts';
import { taskContent, type LoadedTask } from './task.service.ts';

/**
 * A task named by a route's path: read by whoever reads its class; changed and graded by its meetings'
 * editors. A student's hand-in is a read of the task: its own rules (enrolled, not acting, the window)
 * are the service's.
 */
export const taskResource = defineResource<LoadedTask>(
  'task',
  taskContent.loadResource,
  taskContent.notFound,
);
