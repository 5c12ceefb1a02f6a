import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import { meetingIdParamsSchema } from '@lms/contract/meeting.schema';
import { taskAnswerExtensions, taskFileMaxCount } from '@lms/contract/task.rules';
import {
  gradeInputSchema,
  myHandInResponseSchema,
  publishInputSchema,
  submissionListResponseSchema,
  submissionResponseSchema,
  taskListQuerySchema,
  taskListResponseSchema,
  taskPageSchema,
  taskResponseSchema,
} from '@lms/contract/task.schema';
import { sendStoredFile } from '../../platform/files.routes.ts';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import { onResource, type RouteAccess } from '../../platform/route-access.ts';
import { streamSubmissionsZip } from './task-zip.ts';
import {
  createTask,
  getMyHandIn,
  getSubmissionFileKey,
  getTask,
  getTaskAttachmentKey,
  gradeSubmission,
  handIn,
  listMeetingTasks,
  listSubmissions,
  listTasks,
  publishTaskScores,
  readSubmissionsForZip,
  removeTask,
  taskUploadLimit,
  updateTask,
} from './task.service.ts';
import { taskResource } from './task.resource.ts';
import { sendDownload } from '../../platform/download-reply.ts';

const bearer = [{ bearer: [] }];
const tags = ['tugas'];
const idParams = z.object({ id: z.uuid() });
const staff = ['dosen', 'operator'] as const;
const editors: RouteAccess = { roles: staff, area: 'kelas_kuliah', level: 'write' };
const onTask = (level: 'read' | 'write', roles?: RouteAccess['roles']) =>
  onResource('task', 'id', 'kelas_kuliah', level, roles);

const formFields =
  'Fields: id_pertemuan, judul, deskripsi (HTML, disaring), jenis (individu, kelompok), waktu_mulai, ' +
  `waktu_selesai, tipe_file_jawaban (${taskAnswerExtensions.join(', ')}; JSON atau dipisah koma), ` +
  `terima_terlambat, hapus_lampiran (ubah); multipart: lampiran (maksimal ${taskFileMaxCount} berkas, ` +
  'ukuran per berkas menurut lampiran_tugas).';

/** A form arrives as JSON, or as multipart with its files under `field`. */
async function readForm(
  request: FastifyRequest,
  field: string,
  kind: 'lampiran_tugas' | 'pengumpulan_tugas',
) {
  if (!request.isMultipart()) {
    return { fields: (request.body ?? {}) as Record<string, unknown>, files: [] };
  }
  const form = await readMultipartForm(request, {
    fileField: field,
    ...taskUploadLimit(request.college, kind),
  });
  return { fields: form.fields, files: form.files };
}

/** Tasks of meetings (issue 11): the form, the lists, hand-ins, grading, publishing and the zip. */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);

  app.get(
    '/v2/lms/pertemuan/:id/tugas',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Tugas pertemuan',
        security: bearer,
        params: meetingIdParamsSchema,
        response: { 200: taskListResponseSchema },
      },
    },
    async (request) => ({
      data: await listMeetingTasks(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    '/v2/lms/tugas',
    {
      config: { access: { roles: ['mahasiswa', 'dosen', 'operator'], area: 'kelas_kuliah', level: 'read' } },
      schema: {
        tags,
        summary: 'Tugas pengguna di semua kelasnya (filter status; id_kelas_kuliah untuk satu kelas)',
        security: bearer,
        querystring: taskListQuerySchema,
        response: { 200: taskPageSchema },
      },
    },
    async (request) => listTasks(app.db, request.actor, request.query),
  );

  app.post(
    '/v2/lms/tugas',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Tambah tugas (JSON, atau multipart dengan lampiran)',
        description: formFields,
        consumes: ['multipart/form-data', 'application/json'],
        security: bearer,
        response: { 200: taskResponseSchema },
      },
    },
    async (request) => {
      const form = await readForm(request, 'lampiran', 'lampiran_tugas');
      return { data: await createTask(app.db, app.files, request.actor, request.college, form) };
    },
  );

  app.get(
    '/v2/lms/tugas/:id',
    {
      config: { access: onTask('read') },
      schema: {
        tags,
        summary: 'Detail tugas',
        security: bearer,
        params: idParams,
        response: { 200: taskResponseSchema },
      },
    },
    async (request) => ({ data: await getTask(app.db, request.actor, taskResource.of(request)) }),
  );

  app.put(
    '/v2/lms/tugas/:id',
    {
      config: { access: onTask('write', staff) },
      schema: {
        tags,
        summary: 'Ubah tugas (lampiran baru ditambahkan; hapus_lampiran menghapus)',
        description: formFields,
        consumes: ['multipart/form-data', 'application/json'],
        security: bearer,
        params: idParams,
        response: { 200: taskResponseSchema },
      },
    },
    async (request) => {
      const form = await readForm(request, 'lampiran', 'lampiran_tugas');
      return {
        data: await updateTask(
          app.db,
          app.files,
          request.actor,
          request.college,
          taskResource.of(request),
          form,
        ),
      };
    },
  );

  app.delete(
    '/v2/lms/tugas/:id',
    {
      config: { access: onTask('write', staff) },
      schema: {
        tags,
        summary: 'Hapus tugas beserta pengumpulannya',
        security: bearer,
        params: idParams,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      await removeTask(app.db, app.files, request.actor, taskResource.of(request));
      return { data: {} };
    },
  );

  app.get(
    '/v2/lms/tugas/:id/lampiran/:lampiranId',
    {
      config: { access: onTask('read') },
      schema: {
        tags,
        summary: 'Berkas lampiran tugas (peserta dan pengajar kelas)',
        security: bearer,
        params: z.object({ id: z.uuid(), lampiranId: z.uuid() }),
        querystring: z.object({ download: z.enum(['1']).optional() }),
      },
    },
    async (request, reply) => {
      const key = await getTaskAttachmentKey(
        app.db,
        request.actor,
        taskResource.of(request),
        request.params.lampiranId,
      );
      return sendStoredFile(app.files, request, reply, key, {
        allowPrivate: true,
        download: request.query.download === '1',
        cacheControl: 'private, no-store',
      });
    },
  );

  app.get(
    '/v2/lms/tugas/:id/pengumpulan_saya',
    {
      config: { access: onTask('read', ['mahasiswa']) },
      schema: {
        tags,
        summary: 'Pengumpulan mahasiswa (atau kelompoknya) dan apakah boleh mengumpulkan sekarang',
        security: bearer,
        params: idParams,
        response: { 200: myHandInResponseSchema },
      },
    },
    async (request) => ({ data: await getMyHandIn(app.db, request.actor, taskResource.of(request)) }),
  );

  app.post(
    '/v2/lms/tugas/:id/pengumpulan',
    {
      config: { access: onTask('read', ['mahasiswa']) },
      schema: {
        tags,
        summary: 'Kumpulkan atau ganti jawaban (teks dan file); tugas kelompok sekali per kelompok',
        description: `Fields: teks (HTML, disaring); multipart: file (maksimal ${taskFileMaxCount} berkas, tipe menurut tugas, ukuran menurut pengumpulan_tugas).`,
        consumes: ['multipart/form-data', 'application/json'],
        security: bearer,
        params: idParams,
        response: { 200: myHandInResponseSchema },
      },
    },
    async (request) => {
      const form = await readForm(request, 'file', 'pengumpulan_tugas');
      return { data: await handIn(app.db, app.files, request.actor, taskResource.of(request), form) };
    },
  );

  app.get(
    '/v2/lms/tugas/:id/pengumpulan',
    {
      config: { access: onTask('read', staff) },
      schema: {
        tags,
        summary: 'Daftar pengumpulan (per mahasiswa, atau per kelompok untuk tugas kelompok)',
        security: bearer,
        params: idParams,
        response: { 200: submissionListResponseSchema },
      },
    },
    async (request) => ({ data: await listSubmissions(app.db, request.actor, taskResource.of(request)) }),
  );

  app.get(
    '/v2/lms/tugas/:id/pengumpulan/:pengumpulanId/file/:fileId',
    {
      config: { access: onTask('read') },
      schema: {
        tags,
        summary: 'Berkas pengumpulan (pemiliknya, kelompoknya, dan pengajar kelas)',
        security: bearer,
        params: z.object({ id: z.uuid(), pengumpulanId: z.uuid(), fileId: z.uuid() }),
        querystring: z.object({ download: z.enum(['1']).optional() }),
      },
    },
    async (request, reply) => {
      const { key } = await getSubmissionFileKey(
        app.db,
        request.actor,
        taskResource.of(request),
        request.params.pengumpulanId,
        request.params.fileId,
      );
      return sendStoredFile(app.files, request, reply, key, {
        allowPrivate: true,
        download: request.query.download === '1',
        cacheControl: 'private, no-store',
      });
    },
  );

  app.put(
    '/v2/lms/tugas/:id/pengumpulan/:pengumpulanId/nilai',
    {
      config: { access: onTask('write', staff) },
      schema: {
        tags,
        summary: 'Beri nilai (0–100) dan feedback; nilai kelompok berlaku untuk semua anggotanya',
        security: bearer,
        params: z.object({ id: z.uuid(), pengumpulanId: z.uuid() }),
        body: gradeInputSchema,
        response: { 200: submissionResponseSchema },
      },
    },
    async (request) => ({
      data: await gradeSubmission(
        app.db,
        request.actor,
        taskResource.of(request),
        request.params.pengumpulanId,
        request.body,
      ),
    }),
  );

  app.put(
    '/v2/lms/tugas/:id/publikasi',
    {
      config: { access: onTask('write', staff) },
      schema: {
        tags,
        summary: 'Publikasikan (atau tarik) nilai tugas untuk mahasiswa',
        security: bearer,
        params: idParams,
        body: publishInputSchema,
        response: { 200: taskResponseSchema },
      },
    },
    async (request) => ({
      data: await publishTaskScores(app.db, request.actor, taskResource.of(request), request.body.publikasi),
    }),
  );

  app.get(
    '/v2/lms/tugas/:id/unduh_semua',
    {
      config: { access: onTask('write', staff) },
      schema: {
        tags,
        summary: 'Unduh semua pengumpulan sebagai zip (folder "nim - nama")',
        security: bearer,
        params: idParams,
      },
    },
    async (request, reply) => {
      const { task, entries } = await readSubmissionsForZip(app.db, request.actor, taskResource.of(request));
      const abandoned = new AbortController();
      request.raw.on('close', () => {
        if (!reply.raw.writableFinished) abandoned.abort();
      });
      const archive = await streamSubmissionsZip(
        app.files,
        entries,
        (error) => request.log.error({ err: error }, 'zip pengumpulan gagal'),
        abandoned.signal,
      );
      return sendDownload(reply, {
        fileName: `Pengumpulan - ${task.judul}.zip`,
        contentType: 'application/zip',
        body: archive,
      });
    },
  );
};
