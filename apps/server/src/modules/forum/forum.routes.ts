import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import {
  forumInputSchema,
  forumListQuerySchema,
  forumListResponseSchema,
  forumPageSchema,
  forumPostEditSchema,
  forumPostInputSchema,
  forumPostListResponseSchema,
  forumPostResponseSchema,
  forumResponseSchema,
} from '@lms/contract/forum.schema';
import { forumAttachmentExtensions, forumAttachmentMaxCount } from '@lms/contract/forum.rules';
import { meetingIdParamsSchema } from '@lms/contract/meeting.schema';
import { streamKey } from '../../platform/event-hub.ts';
import { sendStoredFile } from '../../platform/files.routes.ts';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import { parseInput } from '../../platform/parse-input.ts';
import { onResource, signedIn, type RouteAccess } from '../../platform/route-access.ts';
import {
  assertCanFollowForum,
  createForum,
  createForumPost,
  deleteForum,
  deleteForumPost,
  editForumPost,
  forumAttachmentLimit,
  getForum,
  getForumAttachmentKey,
  joinForum,
  listForumPosts,
  listMeetingForums,
  listMyForums,
  updateForum,
} from './forum.service.ts';
import { forumResource } from './forum.resource.ts';

const bearer = [{ bearer: [] }];
const tags = ['forum'];
const idParams = z.object({ id: z.uuid() });
const editors: RouteAccess = { roles: ['dosen', 'operator'], area: 'kelas_kuliah', level: 'write' };
const onForum = (level: 'read' | 'write', roles?: RouteAccess['roles']) =>
  onResource('forum', 'id', 'kelas_kuliah', level, roles);

/** A post arrives as JSON, or as multipart with its files under `lampiran`. */
async function readPostForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    return { input: parseInput(forumPostInputSchema, request.body ?? {}), files: [] };
  }
  const form = await readMultipartForm(request, {
    fileField: 'lampiran',
    ...forumAttachmentLimit(request.college),
  });
  // An empty form field is "no parent", not an invalid id.
  const { parent_id: parentId, ...fields } = form.fields;
  return {
    input: parseInput(forumPostInputSchema, { ...fields, ...(parentId ? { parent_id: parentId } : {}) }),
    files: form.files,
  };
}

/** Forums of meetings (spec 2 §3, §5): the form, the lists, and the discussion with its live stream. */
export const forumRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);

  const publish = (collegeId: string) => (forumId: string, event: { id: string; aksi: string }) =>
    app.events.publish(streamKey(collegeId, 'forum', forumId), 'post', event);

  app.get(
    '/v2/lms/pertemuan/:id/forum',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Forum pertemuan',
        security: bearer,
        params: meetingIdParamsSchema,
        response: { 200: forumListResponseSchema },
      },
    },
    async (request) => ({
      data: await listMeetingForums(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    '/v2/lms/forum',
    {
      config: { access: { ...signedIn, area: 'kelas_kuliah', level: 'read' } },
      schema: {
        tags,
        summary: 'Forum kelas pengguna (operator: semua)',
        security: bearer,
        querystring: forumListQuerySchema,
        response: { 200: forumPageSchema },
      },
    },
    async (request) => listMyForums(app.db, request.actor, request.query),
  );

  app.post(
    '/v2/lms/forum',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Tambah forum',
        security: bearer,
        body: forumInputSchema,
        response: { 200: forumResponseSchema },
      },
    },
    async (request) => ({ data: await createForum(app.db, request.actor, request.college, request.body) }),
  );

  app.get(
    '/v2/lms/forum/:id',
    {
      config: { access: onForum('read') },
      schema: {
        tags,
        summary: 'Detail forum',
        security: bearer,
        params: idParams,
        response: { 200: forumResponseSchema },
      },
    },
    async (request) => ({ data: await getForum(app.db, request.actor, forumResource.of(request)) }),
  );

  app.put(
    '/v2/lms/forum/:id',
    {
      config: { access: onForum('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Ubah forum',
        security: bearer,
        params: idParams,
        body: forumInputSchema,
        response: { 200: forumResponseSchema },
      },
    },
    async (request) => ({
      data: await updateForum(
        app.db,
        request.actor,
        request.college,
        forumResource.of(request),
        request.body,
      ),
    }),
  );

  app.delete(
    '/v2/lms/forum/:id',
    {
      config: { access: onForum('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Hapus forum',
        security: bearer,
        params: idParams,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      await deleteForum(app.db, app.files, request.actor, forumResource.of(request));
      return { data: {} };
    },
  );

  app.put(
    '/v2/lms/forum/:id/join',
    {
      config: { access: onForum('read', ['mahasiswa', 'dosen']) },
      schema: {
        tags,
        summary: 'Catat membuka diskusi forum (daftar_join_detail)',
        security: bearer,
        params: idParams,
        response: { 200: forumResponseSchema },
      },
    },
    async (request) => ({ data: await joinForum(app.db, request.actor, forumResource.of(request)) }),
  );

  app.get(
    '/v2/lms/forum/:id/post',
    {
      config: { access: onForum('read') },
      schema: {
        tags,
        summary: 'Diskusi forum berurutan (post dan balasan)',
        security: bearer,
        params: idParams,
        response: { 200: forumPostListResponseSchema },
      },
    },
    async (request) => ({ data: await listForumPosts(app.db, request.actor, forumResource.of(request)) }),
  );

  app.post(
    '/v2/lms/forum/:id/post',
    {
      // Posting writes: operators need write on kelas_kuliah (the level binds operators only).
      config: { access: onForum('write', ['mahasiswa', 'dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Kirim komentar atau balasan (JSON, atau multipart dengan berkas di lampiran)',
        description:
          `Fields: isi, parent_id; multipart: lampiran (maksimal ${forumAttachmentMaxCount} berkas: ` +
          `${forumAttachmentExtensions.join(', ')}; ukuran per berkas menurut lampiran_forum).`,
        consumes: ['multipart/form-data', 'application/json'],
        security: bearer,
        params: idParams,
        response: { 200: forumPostResponseSchema },
      },
    },
    async (request) => {
      const { input, files } = await readPostForm(request);
      return {
        data: await createForumPost(
          app.db,
          app.files,
          request.actor,
          forumResource.of(request),
          input,
          files,
          publish(request.actor.collegeId),
        ),
      };
    },
  );

  app.get(
    '/v2/lms/forum/:id/lampiran/:lampiranId',
    {
      config: { access: onForum('read') },
      schema: {
        tags,
        summary: 'Berkas lampiran komentar (hanya anggota kelas; gambar ditampilkan langsung)',
        security: bearer,
        params: z.object({ id: z.uuid(), lampiranId: z.uuid() }),
        querystring: z.object({ download: z.enum(['1']).optional() }),
      },
    },
    async (request, reply) => {
      const key = await getForumAttachmentKey(
        app.db,
        request.actor,
        forumResource.of(request),
        request.params.lampiranId,
      );
      // Answers depend on who asks: no shared cache may keep them.
      return sendStoredFile(app.files, request, reply, key, {
        allowPrivate: true,
        download: request.query.download === '1',
        cacheControl: 'private, no-store',
      });
    },
  );

  app.put(
    '/v2/lms/forum/post/:id',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Ubah komentar sendiri',
        security: bearer,
        params: idParams,
        body: forumPostEditSchema,
        response: { 200: forumPostResponseSchema },
      },
    },
    async (request) => ({
      data: await editForumPost(
        app.db,
        request.actor,
        request.params.id,
        request.body.isi,
        publish(request.actor.collegeId),
      ),
    }),
  );

  app.delete(
    '/v2/lms/forum/post/:id',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Hapus komentar sendiri',
        security: bearer,
        params: idParams,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      await deleteForumPost(
        app.db,
        app.files,
        request.actor,
        request.params.id,
        publish(request.actor.collegeId),
      );
      return { data: {} };
    },
  );

  app.get(
    '/v2/lms/forum/:id/events',
    {
      // EventSource cannot set headers: the token and the college come in the query (never logged).
      config: { access: onForum('read'), collegeIdFromQuery: true, tokenFromQuery: true },
      logLevel: 'warn',
      schema: {
        tags,
        summary: 'Aliran Server-Sent Events diskusi forum (event `post`: {id, aksi})',
        security: bearer,
        params: idParams,
        querystring: z.object({ access_token: z.string(), 'college-id': z.string().optional() }),
      },
    },
    async (request, reply) => {
      const forumId = await assertCanFollowForum(forumResource.of(request));
      const stream = app.events.openStream(reply, streamKey(request.actor.collegeId, 'forum', forumId));
      if (request.auth.expiresAt) stream.endAt(request.auth.expiresAt);
    },
  );
};
