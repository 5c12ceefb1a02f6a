import type { AreaModule } from '../../platform/area-module.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as notificationSchema from '../../db/schema/notification.schema.ts';
import * as pushSubscriptionSchema from '../../db/schema/push-subscription.schema.ts';
import { notificationDeliveryRoutes } from './notification-delivery.routes.ts';
import { notificationRoutes } from './notification.routes.ts';

/** The notification area (the bell's list, the fan-out of content areas' events, each user's choices). */
export const notificationModule: AreaModule = {
  name: 'notification',
  routes: [notificationRoutes, notificationDeliveryRoutes],
  tables: [...tablesOf(notificationSchema), ...tablesOf(pushSubscriptionSchema)],
};
