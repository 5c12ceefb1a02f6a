import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import {
  chatGroupInputSchema,
  chatGroupParamsSchema,
  chatGroupResponseSchema,
  chatMessageInputSchema,
  chatMessageParamsSchema,
  chatMessageResponseSchema,
  chatThreadInputSchema,
  chatThreadParamsSchema,
  chatThreadQuerySchema,
  chatThreadResponseSchema,
  chatUnreadInputSchema,
  chatUnreadListResponseSchema,
  chatUnreadResponseSchema,
  commentDeletionLogSchema,
} from '@lms/contract/chat.schema';
import { commentTypes } from '@lms/contract/chat.rules';
import { onResource, type RouteAccess } from '../../platform/route-access.ts';
import {
  assertCanFollowThread,
  createChatGroup,
  deleteChatMessage,
  getChatGroup,
  getChatThread,
  listUnread,
  logCommentActivity,
  saveChatThread,
  sendChatMessage,
  updateChatGroup,
  updateUnread,
} from './chat.service.ts';
import { chatGroupResource } from './chat.resource.ts';

const bearer = [{ bearer: [] }];
const tags = ['chat'];
/** A chat is between students and lecturers: operators are never members (docs/api/chat.md). */
const people: RouteAccess = { roles: ['mahasiswa', 'dosen'] };
const onGroup = (level: 'read' | 'write') =>
  onResource('chat', 'groupId', 'kelas_kuliah', level, ['mahasiswa', 'dosen']);
const commentParams = z.object({ tipe: z.enum(commentTypes), contentId: z.string().min(1).max(100) });

/** Our own chat (spec 1 §7, issue 11): class groups, comment threads, messages, unread counters. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/chat/group/:groupId',
    {
      config: { access: onGroup('read') },
      schema: {
        tags,
        summary: 'Grup percakapan (grup komentar LMS-{id} dibuat saat pertama dibuka)',
        security: bearer,
        params: chatGroupParamsSchema,
        response: { 200: chatGroupResponseSchema },
      },
    },
    async (request) => ({ data: await getChatGroup(app.db, request.actor, chatGroupResource.of(request)) }),
  );

  app.post(
    '/v2/chat/group',
    {
      config: { access: { roles: ['dosen'] } },
      schema: {
        tags,
        summary: 'Buat grup percakapan kelas (name, usage, members: NIM mahasiswa kelas)',
        security: bearer,
        body: chatGroupInputSchema,
        response: { 200: chatGroupResponseSchema },
      },
    },
    async (request) => ({ data: await createChatGroup(app.db, request.actor, request.body) }),
  );

  app.post(
    '/v2/chat/group/:groupId',
    {
      config: { access: onResource('chat', 'groupId', 'kelas_kuliah', 'write', ['dosen']) },
      schema: {
        tags,
        summary: 'Ubah nama dan anggota grup percakapan kelas',
        security: bearer,
        params: chatGroupParamsSchema,
        body: chatGroupInputSchema,
        response: { 200: chatGroupResponseSchema },
      },
    },
    async (request) => ({
      data: await updateChatGroup(app.db, request.actor, chatGroupResource.of(request), request.body),
    }),
  );

  app.get(
    '/v2/chat/group/:groupId/thread/:threadId',
    {
      config: { access: onGroup('read') },
      schema: {
        tags,
        summary: 'Percakapan: pesan terbaru (atau sebelum `sebelum`), terlama di atas',
        security: bearer,
        params: chatThreadParamsSchema,
        querystring: chatThreadQuerySchema,
        response: { 200: chatThreadResponseSchema },
      },
    },
    async (request) => {
      const before = request.query.sebelum ? new Date(request.query.sebelum) : undefined;
      const group = chatGroupResource.of(request);
      return { data: await getChatThread(app.db, request.actor, group, request.params.threadId, before) };
    },
  );

  app.post(
    '/v2/chat/group/:groupId/thread',
    {
      config: { access: onGroup('write') },
      schema: {
        tags,
        summary: 'Buat percakapan (id dan judul)',
        security: bearer,
        params: chatGroupParamsSchema,
        body: chatThreadInputSchema,
        response: { 200: chatThreadResponseSchema },
      },
    },
    async (request) => ({
      data: await saveChatThread(
        app.db,
        request.actor,
        chatGroupResource.of(request),
        undefined,
        request.body,
      ),
    }),
  );

  app.post(
    '/v2/chat/group/:groupId/thread/:threadId',
    {
      config: { access: onGroup('write') },
      schema: {
        tags,
        summary: 'Ubah judul percakapan (dibuat bila belum ada)',
        security: bearer,
        params: chatThreadParamsSchema,
        body: chatThreadInputSchema,
        response: { 200: chatThreadResponseSchema },
      },
    },
    async (request) => {
      const group = chatGroupResource.of(request);
      return {
        data: await saveChatThread(app.db, request.actor, group, request.params.threadId, request.body),
      };
    },
  );

  app.post(
    '/v2/chat/group/:groupId/thread/:threadId/pesan',
    {
      config: { access: onGroup('write') },
      schema: {
        tags,
        summary: 'Kirim pesan (teks kaya, disaring)',
        security: bearer,
        params: chatThreadParamsSchema,
        body: chatMessageInputSchema,
        response: { 200: chatMessageResponseSchema },
      },
    },
    async (request) => {
      const { threadId } = request.params;
      const group = chatGroupResource.of(request);
      return { data: await sendChatMessage(app.db, request.actor, group, threadId, request.body.isi) };
    },
  );

  app.delete(
    '/v2/chat/group/:groupId/thread/:threadId/pesan/:pesanId',
    {
      config: { access: onGroup('write') },
      schema: {
        tags,
        summary: 'Hapus pesan sendiri',
        security: bearer,
        params: chatMessageParamsSchema,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      const { threadId, pesanId } = request.params;
      await deleteChatMessage(app.db, request.actor, chatGroupResource.of(request), threadId, pesanId);
      return { data: {} };
    },
  );

  app.get(
    '/v2/chat/group/:groupId/thread/:threadId/events',
    {
      // EventSource cannot set headers: the token and the college come in the query (never logged).
      config: { access: onGroup('read'), collegeIdFromQuery: true, tokenFromQuery: true },
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Aliran Server-Sent Events percakapan (event `pesan`: {id, aksi baru/hapus})',
        security: bearer,
        params: chatThreadParamsSchema,
        querystring: z.object({ access_token: z.string(), 'college-id': z.string().optional() }),
      },
    },
    async (request, reply) => {
      const key = assertCanFollowThread(
        request.actor,
        chatGroupResource.of(request),
        request.params.threadId,
      );
      const stream = app.events.openStream(reply, key);
      if (request.auth.expiresAt) stream.endAt(request.auth.expiresAt);
    },
  );

  app.get(
    '/v2/chat/unread',
    {
      config: { access: people },
      schema: {
        tags,
        summary: 'Penghitung pesan belum dibaca dan waktu chat terakhir milik pengguna',
        security: bearer,
        response: { 200: chatUnreadListResponseSchema },
      },
    },
    async (request) => ({ data: await listUnread(app.db, request.actor) }),
  );

  app.put(
    '/v2/chat/unread',
    {
      config: { access: people },
      schema: {
        tags,
        summary: 'Atur, tambah satu, atau nolkan penghitung belum dibaca (milik sendiri)',
        security: bearer,
        body: chatUnreadInputSchema,
        response: { 200: chatUnreadResponseSchema },
      },
    },
    async (request) => ({ data: await updateUnread(app.db, request.actor, request.body) }),
  );

  for (const grouped of [false, true]) {
    const base = `/v2/lms/log_aktivitas/:tipe/:contentId${grouped ? '/kelompok/:groupId' : ''}`;
    const params = grouped ? commentParams.extend({ groupId: z.string().min(1).max(100) }) : commentParams;
    app.post(
      `${base}/log_tambah_komentar`,
      {
        config: { access: people },
        schema: {
          tags,
          summary: 'Catat komentar ditambahkan',
          security: bearer,
          params,
          response: { 200: acknowledgedResponseSchema },
        },
      },
      async (request) => {
        const p = request.params as z.infer<typeof commentParams> & { groupId?: string };
        const comment = { type: p.tipe, contentId: p.contentId, groupId: p.groupId ?? null };
        await logCommentActivity(app.db, request.actor, comment, 'tambah_komentar');
        return { data: {} };
      },
    );
    app.post(
      `${base}/log_hapus_komentar`,
      {
        config: { access: people },
        schema: {
          tags,
          summary: 'Catat komentar dihapus (waktu_posting, user_deleted)',
          security: bearer,
          params,
          body: commentDeletionLogSchema,
          response: { 200: acknowledgedResponseSchema },
        },
      },
      async (request) => {
        const p = request.params as z.infer<typeof commentParams> & { groupId?: string };
        const comment = { type: p.tipe, contentId: p.contentId, groupId: p.groupId ?? null };
        await logCommentActivity(app.db, request.actor, comment, 'hapus_komentar', request.body);
        return { data: {} };
      },
    );
  }
};
