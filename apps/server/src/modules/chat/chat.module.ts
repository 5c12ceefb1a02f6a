import type { AreaModule } from '../../platform/area-module.ts';
import { chatRoutes } from './chat.routes.ts';
import { chatGroupResource } from './chat.resource.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as chatSchema from '../../db/schema/chat.schema.ts';
import { addDemoComments } from '../../db/seed/comment.seed.ts';

/** The chat area, as the platform registers, guards and seeds it. */
export const chatModule: AreaModule = {
  name: 'chat',
  routes: [chatRoutes],
  tables: [...tablesOf(chatSchema)],
  resources: [chatGroupResource],
  demoSeed: {
    addRows: (ctx) => addDemoComments(ctx),
  },
};
