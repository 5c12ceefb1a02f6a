import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesResponseSchema,
  reminderLeadInputSchema,
  reminderLeadResponseSchema,
  unreadCountResponseSchema,
} from '@lms/contract/notification.schema';
import { ownAccount, signedIn } from '../../platform/route-access.ts';
import {
  countMyUnread,
  getMyPreferences,
  listMyNotifications,
  markAllMyNotificationsRead,
  markMyNotificationRead,
  notificationStreamKey,
  setMyPreferences,
  unreadEventName,
} from './notification.service.ts';
import { notificationFanOutJob, startNotificationFanOut } from './notification.job.ts';
import { notificationReminderJob } from './notification-reminder.job.ts';
import { getMyReminderLead, setMyReminderLead } from './notification-reminder.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['notifikasi'];

/** The caller's own notifications and choices; nobody, operators included, reads another's. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.define(notificationFanOutJob(app));
  app.jobs.define(notificationReminderJob(app));
  startNotificationFanOut(app);
  app.events.addSystemStreamPart((stream, viewer) => {
    const unsubscribe = app.events.subscribe(
      notificationStreamKey(viewer.collegeId, viewer.userId),
      (event, data) => stream.send(event, data),
    );
    stream.onClose(unsubscribe);
    countMyUnread(app.db, viewer).then(
      (unread) => stream.send(unreadEventName, { belum_dibaca: unread }),
      (error: unknown) => app.log.warn({ err: error }, 'unread notifications not counted'),
    );
  });

  app.get(
    '/v2/lms/notifikasi',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Notifikasi saya, terbaru dahulu, dengan jumlah yang belum dibaca',
        security: bearer,
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
    },
    async (request) => listMyNotifications(app.db, request.actor, request.query),
  );

  app.put(
    '/v2/lms/notifikasi/dibaca-semua',
    {
      config: { access: ownAccount },
      schema: {
        tags,
        summary: 'Tandai semua notifikasi saya sudah dibaca',
        security: bearer,
        response: { 200: unreadCountResponseSchema },
      },
    },
    async (request) => ({ data: await markAllMyNotificationsRead(app.db, request.actor) }),
  );

  app.put(
    '/v2/lms/notifikasi/:id/dibaca',
    {
      config: { access: ownAccount },
      schema: {
        tags,
        summary: 'Tandai satu notifikasi saya sudah dibaca (notifikasi orang lain: 404)',
        security: bearer,
        params: notificationIdParamsSchema,
        response: { 200: unreadCountResponseSchema },
      },
    },
    async (request) => ({ data: await markMyNotificationRead(app.db, request.actor, request.params.id) }),
  );

  app.get(
    '/v2/lms/notifikasi/preferensi',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Pengaturan notifikasi saya: tiap jenis di tiap kanal (pilihan saya atau bawaan)',
        security: bearer,
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request) => ({ data: await getMyPreferences(app.db, request.actor) }),
  );

  app.put(
    '/v2/lms/notifikasi/preferensi',
    {
      config: { access: ownAccount },
      schema: {
        tags,
        summary: 'Ubah pengaturan notifikasi saya (yang tidak disebut tetap)',
        security: bearer,
        body: notificationPreferencesInputSchema,
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request) => ({ data: await setMyPreferences(app.db, request.actor, request.body) }),
  );

  app.get(
    '/v2/lms/notifikasi/pengingat',
    {
      config: { access: { roles: ['mahasiswa'] } },
      schema: {
        tags,
        summary: 'Waktu pengingat tenggat/ujian saya (null: mengikuti kampus) dan waktu pengingat kampus',
        security: bearer,
        response: { 200: reminderLeadResponseSchema },
      },
    },
    async (request) => ({ data: await getMyReminderLead(app.db, request.college, request.actor) }),
  );

  app.put(
    '/v2/lms/notifikasi/pengingat',
    {
      config: { access: { roles: ['mahasiswa'], ownAccount: true } },
      schema: {
        tags,
        summary: 'Ubah waktu pengingat tenggat/ujian saya (null: ikuti kampus)',
        security: bearer,
        body: reminderLeadInputSchema,
        response: { 200: reminderLeadResponseSchema },
      },
    },
    async (request) => ({
      data: await setMyReminderLead(app.db, request.college, request.actor, request.body),
    }),
  );
};
