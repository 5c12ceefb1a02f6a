import type { AreaModule } from '../../platform/area-module.ts';
import { studentRoutes } from './student.routes.ts';

/** The student area, as the platform registers, guards and seeds it. */
export const studentModule: AreaModule = {
  name: 'student',
  routes: [studentRoutes],
  tables: [],
  resources: [{ kind: 'student' }],
};
