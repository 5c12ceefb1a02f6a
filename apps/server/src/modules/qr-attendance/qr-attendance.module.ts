import type { AreaModule } from '../../platform/area-module.ts';
import { qrAttendanceRoutes } from './qr-attendance.routes.ts';

/** The qr-attendance area, as the platform registers, guards and seeds it. */
export const qrAttendanceModule: AreaModule = {
  name: 'qr-attendance',
  routes: [qrAttendanceRoutes],
  tables: [],
};
