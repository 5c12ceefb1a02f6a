import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  announcementInputSchema,
  announcementListResponseSchema,
  announcementResponseSchema,
  newsInputSchema,
  newsListResponseSchema,
  newsResponseSchema,
  publicationIdParamsSchema,
  publicationImageMaxBytes,
  publicationImageUploadedSchema,
  publicationListQuerySchema,
} from '@lms/contract/announcement.schema';
import { fileTooLargeMessage } from '@lms/contract/material.rules';
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
  uploadPublicationImage,
} from './announcement.service.ts';
import { announcementResource, newsResource } from './announcement.resource.ts';
import { roles } from '@lms/contract/role.rules';
import { AppError } from '../../platform/app-error.ts';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import { operatorOnly, signedIn } from '../../platform/route-access.ts';

const bearer = [{ bearer: [] }];

/** Announcements (pengumuman) and news (berita). */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);
  const tags = ['pengumuman'];

  app.post(
    '/v2/lms/pengumuman/gambar',
    {
      config: { access: operatorOnly('pengumuman', 'write') },
      schema: {
        tags,
        summary: 'Unggah gambar pengumuman atau berita (multipart: file png/jpg/jpeg, maksimal 5 MB)',
        description:
          'Checked by content, not by name. Answers the image address (GET /v2/files/{key}) for an <img> in ' +
          'the body or a news gambar_url; an address no row names is removed by the file sweep after a day.',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: publicationImageUploadedSchema },
      },
    },
    async (request) => {
      const form = await readMultipartForm(request, {
        fileField: 'file',
        maxBytes: publicationImageMaxBytes,
        tooLarge: new AppError(413, 'file_terlalu_besar', fileTooLargeMessage(publicationImageMaxBytes)),
      });
      return { data: await uploadPublicationImage(app.files, request.actor, form.file) };
    },
  );

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
      config: { access: { roles, resource: { kind: 'announcement', param: 'id' } } },
      schema: {
        tags,
        summary: 'Detail pengumuman',
        security: bearer,
        params: publicationIdParamsSchema,
        response: { 200: announcementResponseSchema },
      },
    },
    async (request) => ({ data: await getAnnouncement(announcementResource.of(request)) }),
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
      return { data: await createAnnouncement(app.db, request, request.college, request.body) };
    },
  );

  app.put(
    '/v2/lms/pengumuman/:id',
    {
      config: {
        access: { ...operatorOnly('pengumuman', 'write'), resource: { kind: 'announcement', param: 'id' } },
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
      data: await editAnnouncement(
        app.db,
        request,
        request.college,
        announcementResource.of(request),
        request.body,
      ),
    }),
  );

  app.delete(
    '/v2/lms/pengumuman/:id',
    {
      config: {
        access: { ...operatorOnly('pengumuman', 'write'), resource: { kind: 'announcement', param: 'id' } },
      },
      schema: {
        tags,
        summary: 'Hapus pengumuman (operator dengan hak Update pada pengumuman)',
        security: bearer,
        params: publicationIdParamsSchema,
      },
    },
    async (request, reply) => {
      await removeAnnouncement(app.db, request, request.college, announcementResource.of(request));
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
      config: { access: { roles, resource: { kind: 'news', param: 'id' } } },
      schema: {
        tags: newsTags,
        summary: 'Detail berita',
        security: bearer,
        params: publicationIdParamsSchema,
        response: { 200: newsResponseSchema },
      },
    },
    async (request) => ({ data: await getNews(newsResource.of(request)) }),
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
      return { data: await createNews(app.db, app.files, request, request.college, request.body) };
    },
  );

  app.put(
    '/v2/lms/berita/:id',
    {
      config: {
        access: { ...operatorOnly('pengumuman', 'write'), resource: { kind: 'news', param: 'id' } },
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
    async (request) => ({
      data: await editNews(
        app.db,
        app.files,
        request,
        request.college,
        newsResource.of(request),
        request.body,
      ),
    }),
  );

  app.delete(
    '/v2/lms/berita/:id',
    {
      config: {
        access: { ...operatorOnly('pengumuman', 'write'), resource: { kind: 'news', param: 'id' } },
      },
      schema: {
        tags: newsTags,
        summary: 'Hapus berita (operator dengan hak Update pada pengumuman)',
        security: bearer,
        params: publicationIdParamsSchema,
      },
    },
    async (request, reply) => {
      await removeNews(app.db, request, request.college, newsResource.of(request));
      return reply.status(204).send();
    },
  );
};
