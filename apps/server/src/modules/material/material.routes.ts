import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import { classIdParamsSchema } from '@lms/contract/class.schema';
import {
  classMaterialQuerySchema,
  materialCopySchema,
  materialDocumentResponseSchema,
  materialListResponseSchema,
  materialPageSchema,
  materialPlaybackSchema,
  materialResponseSchema,
  materialSearchPageSchema,
  materialSearchQuerySchema,
} from '@lms/contract/material.schema';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import { onResource, type RouteAccess } from '../../platform/route-access.ts';
import {
  copyMaterials,
  createMaterial,
  getMaterial,
  listClassMaterials,
  materialUploadLimit,
  recordMaterialDownload,
  recordMaterialOpened,
  recordMaterialPlayback,
  readMaterialDocument,
  recordMaterialRead,
  removeMaterial,
  searchMaterials,
  updateMaterial,
} from './material.service.ts';
import { materialResource } from './material.resource.ts';
import { provideMeetingPageParts } from '../meeting/meeting.api.ts';
import { countMeetingMaterialsListed } from './material.api.ts';

const bearer = [{ bearer: [] }];
const tags = ['materi'];
const idParams = z.object({ id: z.uuid() });

/** Lecturers of the class and operators with write on kelas_kuliah edit materials. */
const editors: RouteAccess = { roles: ['dosen', 'operator'], area: 'kelas_kuliah', level: 'write' };
const onMaterial = (level: 'read' | 'write', roles?: RouteAccess['roles']) =>
  onResource('material', 'id', 'kelas_kuliah', level, roles);

const formFields =
  'Fields: id_pertemuan, judul, deskripsi, jenis_materi, tipe_file (ebook, video, audio, archive, url), ' +
  'file (bukan url) atau file_url (url), tampil_sekarang, waktu_mulai_tampil, is_syarat_hadir, deadline.';

/** The material form arrives as multipart (with its file) or as JSON (a link material). */
async function readMaterialForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    return { fields: (request.body ?? {}) as Record<string, unknown>, file: undefined };
  }
  return readMultipartForm(request, { fileField: 'file', ...materialUploadLimit(request.college) });
}

/** Materials of meetings (spec 2 §3, §5, §7): list, form, copy, and the student's download, reading and playback. */
export const materialRoutes: FastifyPluginAsyncZod = async (app) => {
  // The meeting page's Materi count is what this area's list shows.
  provideMeetingPageParts({ materialsListed: countMeetingMaterialsListed });
  await registerMultipart(app);

  app.get(
    '/v2/lms/kelas_kuliah/:id/materi',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Materi kelas (mahasiswa hanya yang sudah tampil), opsional per pertemuan',
        security: bearer,
        params: classIdParamsSchema,
        querystring: classMaterialQuerySchema,
        response: { 200: materialPageSchema },
      },
    },
    async (request) =>
      listClassMaterials(app.db, request.actor, request.college, request.params.id, request.query),
  );

  app.get(
    '/v2/lms/materi',
    {
      config: { access: { roles: ['dosen', 'operator'], area: 'kelas_kuliah', level: 'read' } },
      schema: {
        tags,
        summary: 'Cari materi kelas lain untuk disalin (dosen: kelas yang diajar)',
        security: bearer,
        querystring: materialSearchQuerySchema,
        response: { 200: materialSearchPageSchema },
      },
    },
    async (request) => searchMaterials(app.db, request.actor, request.query),
  );

  app.post(
    '/v2/lms/materi',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Tambah materi (multipart dengan file, atau JSON untuk tipe url)',
        description: formFields,
        consumes: ['multipart/form-data', 'application/json'],
        security: bearer,
        response: { 200: materialResponseSchema },
      },
    },
    async (request) => {
      const form = await readMaterialForm(request);
      return { data: await createMaterial(app.db, app.files, request.actor, request.college, form) };
    },
  );

  app.post(
    '/v2/lms/materi/salin',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Salin materi kelas lain ke pertemuan ini',
        security: bearer,
        body: materialCopySchema,
        response: { 200: materialListResponseSchema },
      },
    },
    async (request) => ({
      data: await copyMaterials(app.db, request.actor, request.college, request.body),
    }),
  );

  app.get(
    '/v2/lms/materi/:id',
    {
      config: { access: onMaterial('read') },
      schema: {
        tags,
        summary: 'Detail materi',
        security: bearer,
        params: idParams,
        response: { 200: materialResponseSchema },
      },
    },
    async (request) => ({
      data: await getMaterial(app.db, request.actor, request.college, materialResource.of(request)),
    }),
  );

  app.get(
    '/v2/lms/materi/:id/dokumen',
    {
      config: { access: onMaterial('read') },
      schema: {
        tags,
        summary: 'E-book Office (docx, xlsx) sebagai HTML untuk dibaca di halaman',
        security: bearer,
        params: idParams,
        response: { 200: materialDocumentResponseSchema },
      },
    },
    async (request, reply) => {
      const document = await readMaterialDocument(
        app.db,
        app.files,
        request.actor,
        materialResource.of(request),
      );
      // A student may lose access (the material hidden again): answers are not kept by any cache.
      void reply.header('cache-control', 'private, no-store');
      return { data: document };
    },
  );

  app.put(
    '/v2/lms/materi/:id',
    {
      config: { access: onMaterial('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Ubah materi (file dikirim hanya bila diganti)',
        description: formFields,
        consumes: ['multipart/form-data', 'application/json'],
        security: bearer,
        params: idParams,
        response: { 200: materialResponseSchema },
      },
    },
    async (request) => {
      const form = await readMaterialForm(request);
      return {
        data: await updateMaterial(
          app.db,
          app.files,
          request.actor,
          request.college,
          materialResource.of(request),
          form,
        ),
      };
    },
  );

  app.delete(
    '/v2/lms/materi/:id',
    {
      config: { access: onMaterial('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Hapus materi',
        security: bearer,
        params: idParams,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      await removeMaterial(app.db, app.files, request.actor, materialResource.of(request));
      return { data: {} };
    },
  );

  const studentActions = [
    ['set_download', 'Mahasiswa mengunduh file materi (bukan url)', recordMaterialDownload],
    [
      'buka',
      'Mahasiswa membuka materi di halaman (memulai hitungan baca; membuka link)',
      recordMaterialOpened,
    ],
    ['sudah_baca', 'Mahasiswa menandai e-book Sudah Baca setelah hitungan mundur', recordMaterialRead],
  ] as const;
  for (const [action, summary, record] of studentActions) {
    app.put(
      `/v2/lms/materi/:id/${action}`,
      {
        config: { access: onMaterial('read', ['mahasiswa']) },
        schema: {
          tags,
          summary,
          security: bearer,
          params: idParams,
          response: { 200: materialResponseSchema },
        },
      },
      async (request) => ({
        data: await record(app.db, request.actor, request.college, materialResource.of(request)),
      }),
    );
  }

  app.put(
    '/v2/lms/materi/:id/putar',
    {
      config: { access: onMaterial('read', ['mahasiswa']) },
      schema: {
        tags,
        summary: 'Laporan pemutaran audio/video: detik yang benar-benar diputar sejak laporan terakhir',
        security: bearer,
        params: idParams,
        body: materialPlaybackSchema,
        response: { 200: materialResponseSchema },
      },
    },
    async (request) => ({
      data: await recordMaterialPlayback(
        app.db,
        request.actor,
        request.college,
        materialResource.of(request),
        request.body.detik,
      ),
    }),
  );
};
