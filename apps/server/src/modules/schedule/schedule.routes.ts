import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  roomListResponseSchema,
  roomQuerySchema,
  sessionListResponseSchema,
} from '@lms/contract/meeting.schema';
import { listRooms, listSessions } from './schedule.service.ts';
import { signedIn } from '../../platform/route-access.ts';

const bearer = [{ bearer: [] }];
const tags = ['jadwal'];

/** Lecture sessions and rooms with their availability. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/sesi_kuliah',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Sesi kuliah',
        security: bearer,
        response: { 200: sessionListResponseSchema },
      },
    },
    async (request) => ({ data: await listSessions(app.db, request.actor) }),
  );

  app.get(
    '/v2/lms/ruangan',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Ruangan, dengan ketersediaan pada rentang availability_start–availability_end',
        security: bearer,
        querystring: roomQuerySchema,
        response: { 200: roomListResponseSchema },
      },
    },
    async (request) => listRooms(app.db, request.actor, request.query),
  );
};
