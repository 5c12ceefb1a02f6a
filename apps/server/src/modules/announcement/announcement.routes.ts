import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  announcementInputSchema,
  announcementListResponseSchema,
  announcementResponseSchema,
  newsInputSchema,
  newsListResponseSchema,
  newsResponseSchema,
  publicationIdParamsSchema,
  publicationListQuerySchema,
} from '@lms/contract/announcement.schema';
import {
  createAnnouncement,
  createNews,
  editAnnouncement,
  editNews,
  getAnnouncement,
  getNews,
  listAnnouncements,
  listNews,
  removeAnnouncement,
  removeNews,
} from './announcement.service.ts';
import { roles } from '@lms/contract/role.rules';
import { operatorOnly, signedIn } from '../../platform/route-access.ts';

const bearer = [{ bearer: [] }];

/** Announcements (pengumuman) and news (berita). */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pengumuman'];

  app.get(
    '/v2/lms/pengumuman',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Daftar pengumuman yang sudah terbit (operator dengan hak Lihat: juga yang terjadwal)',
        description:
          'Newest publication first. `status`: terbit (default), terjadwal, semua; the last two need read on ' +
          'pengumuman. `akses` says whether the caller sees scheduled items and may change them.',
        security: bearer,
        querystring: publicationListQuerySchema,
        response: { 200: announcementListResponseSchema },
      },
    },
    async (request) => listAnnouncements(app.db, request.actor, request.query),
  );

  app.get(
    '/v2/lms/pengumuman/:id',
    {
      config: { access: { roles, resource: { kind: 'publication', param: 'id' } } },
      schema: {
        tags,
        summary: 'Detail pengumuman',
        security: bearer,
        params: publicationIdParamsSchema,
        response: { 200: announcementResponseSchema },
      },
    },
    async (request) => ({ data: await getAnnouncement(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/v2/lms/pengumuman',
    {
      config: { access: operatorOnly('pengumuman', 'write') },
      schema: {
        tags,
        summary: 'Buat pengumuman (operator dengan hak Update pada pengumuman)',
        description:
          'No tanggal_publish publishes now; a future one keeps it hidden until then. HTML is sanitised.',
        security: bearer,
        body: announcementInputSchema,
        response: { 201: announcementResponseSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await createAnnouncement(app.db, request.actor, request.body) };
    },
  );

  app.put(
    '/v2/lms/pengumuman/:id',
    {
      config: {
        access: { ...operatorOnly('pengumuman', 'write'), resource: { kind: 'publication', param: 'id' } },
      },
      schema: {
        tags,
        summary: 'Ubah pengumuman (operator dengan hak Update pada pengumuman)',
        description: 'No tanggal_publish keeps the current one.',
        security: bearer,
        params: publicationIdParamsSchema,
        body: announcementInputSchema,
        response: { 200: announcementResponseSchema },
      },
    },
    async (request) => ({
      data: await editAnnouncement(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.delete(
    '/v2/lms/pengumuman/:id',
    {
      config: {
        access: { ...operatorOnly('pengumuman', 'write'), resource: { kind: 'publication', param: 'id' } },
      },
      schema: {
        tags,
        summary: 'Hapus pengumuman (operator dengan hak Update pada pengumuman)',
        security: bearer,
        params: publicationIdParamsSchema,
      },
    },
    async (request, reply) => {
      await removeAnnouncement(app.db, request.actor, request.params.id);
      return reply.status(204).send();
    },
  );

  const newsTags = ['berita'];

  app.get(
    '/v2/lms/berita',
    {
      config: { access: signedIn },
      schema: {
        tags: newsTags,
        summary:
          'Daftar berita yang sudah terbit (operator dengan hak Lihat pada pengumuman: juga yang terjadwal)',
        security: bearer,
        querystring: publicationListQuerySchema,
        response: { 200: newsListResponseSchema },
      },
    },
    async (request) => listNews(app.db, request.actor, request.query),
  );

  app.get(
    '/v2/lms/berita/:id',
    {
      config: { access: { roles, resource: { kind: 'publication', param: 'id' } } },
      schema: {
        tags: newsTags,
        summary: 'Detail berita',
        security: bearer,
        params: publicationIdParamsSchema,
        response: { 200: newsResponseSchema },
      },
    },
    async (request) => ({ data: await getNews(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/v2/lms/berita',
    {
      config: { access: operatorOnly('pengumuman', 'write') },
      schema: {
        tags: newsTags,
        summary: 'Buat berita (operator dengan hak Update pada pengumuman)',
        security: bearer,
        body: newsInputSchema,
        response: { 201: newsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await createNews(app.db, request.actor, request.body) };
    },
  );

  app.put(
    '/v2/lms/berita/:id',
    {
      config: {
        access: { ...operatorOnly('pengumuman', 'write'), resource: { kind: 'publication', param: 'id' } },
      },
      schema: {
        tags: newsTags,
        summary: 'Ubah berita (operator dengan hak Update pada pengumuman)',
        security: bearer,
        params: publicationIdParamsSchema,
        body: newsInputSchema,
        response: { 200: newsResponseSchema },
      },
    },
    async (request) => ({ data: await editNews(app.db, request.actor, request.params.id, request.body) }),
  );

  app.delete(
    '/v2/lms/berita/:id',
    {
      config: {
        access: { ...operatorOnly('pengumuman', 'write'), resource: { kind: 'publication', param: 'id' } },
      },
      schema: {
        tags: newsTags,
        summary: 'Hapus berita (operator dengan hak Update pada pengumuman)',
        security: bearer,
        params: publicationIdParamsSchema,
      },
    },
    async (request, reply) => {
      await removeNews(app.db, request.actor, request.params.id);
      return reply.status(204).send();
    },
  );
};
