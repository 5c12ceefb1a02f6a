import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf } from '@lms/contract/api-envelope.schema';
import {
  pushPublicKeyResponseSchema,
  pushSubscribedResponseSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
} from '@lms/contract/notification-push.schema';
import { ownAccount, signedIn } from '../../platform/route-access.ts';
import {
  notificationEmailDigestJob,
  notificationPushJob,
  startDeliveryRuns,
} from './notification-delivery.job.ts';
import { getPushPublicKey, subscribeMyDevice, unsubscribeMyDevice } from './notification-push.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['notifikasi'];

/** Email digests and Web Push: the jobs, and the caller's own push devices. */
export const notificationDeliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(notificationEmailDigestJob(app));
  app.jobs.define(notificationPushJob(app));
  startDeliveryRuns(app);

  app.get(
    '/v2/lms/notifikasi/push/kunci',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Kunci publik VAPID untuk berlangganan notifikasi push (null: push belum disiapkan)',
        security: bearer,
        response: { 200: pushPublicKeyResponseSchema },
      },
    },
    async () => ({ data: getPushPublicKey(app.config) }),
  );

  app.post(
    '/v2/lms/notifikasi/push/langganan',
    {
      config: { access: ownAccount },
      bodyLimit: 4096,
      schema: {
        tags,
        summary: 'Daftarkan perangkat ini untuk notifikasi push (langganan dari browser)',
        security: bearer,
        body: pushSubscriptionInputSchema,
        response: { 200: pushSubscribedResponseSchema },
      },
    },
    async (request) => ({
      data: await subscribeMyDevice(
        app.db,
        request.actor,
        app.config,
        request.body,
        request.headers['user-agent'],
      ),
    }),
  );

  app.delete(
    '/v2/lms/notifikasi/push/langganan',
    {
      config: { access: ownAccount },
      schema: {
        tags,
        summary: 'Hentikan notifikasi push di perangkat ini (endpoint langganannya)',
        security: bearer,
        querystring: pushUnsubscribeInputSchema,
        response: { 200: dataOf(z.object({ dihapus: z.boolean() })) },
      },
    },
    async (request) => ({ data: await unsubscribeMyDevice(app.db, request.actor, request.query.endpoint) }),
  );
};
