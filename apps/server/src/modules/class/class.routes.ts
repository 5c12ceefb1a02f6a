import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  classDetailResponseSchema,
  classHeadUpdateSchema,
  classIdParamsSchema,
  classListQuerySchema,
  classListResponseSchema,
  classParticipantNamesResponseSchema,
  classParticipantQuerySchema,
  classTeacherParamsSchema,
  teacherRoleUpdateSchema,
} from '@lms/contract/class.schema';
import { roles } from '@lms/contract/role.rules';
import { onResource } from '../../platform/route-access.ts';
import { classResource } from './class.resource.ts';
import { readMultipartForm, registerMultipart } from '../../platform/multipart-form.ts';
import {
  bannerLimit,
  changeClassHead,
  changeTeacherRole,
  getClassDetail,
  listClasses,
  listParticipantNames,
  updateClassData,
} from './class.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['kelas_kuliah'];

/** Classes: list, detail, participants, class data and banner, class head, teacher roles. */
export const classRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);

  app.get(
    '/v2/lms/kelas_kuliah',
    {
      config: { access: { roles, area: 'kelas_kuliah', level: 'read' } },
      schema: {
        tags,
        summary: 'Daftar kelas kuliah (mahasiswa: kelasnya; dosen: yang diajar; operator: semua)',
        security: bearer,
        querystring: classListQuerySchema,
        response: { 200: classListResponseSchema },
      },
    },
    async (request) => listClasses(app.db, request.actor, request.query),
  );

  app.get(
    '/v2/lms/kelas_kuliah/:id',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Detail kelas kuliah dengan peserta, pengajar, silabus dan hak akses',
        security: bearer,
        params: classIdParamsSchema,
        response: { 200: classDetailResponseSchema },
      },
    },
    async (request) => ({ data: await getClassDetail(app.db, request.actor, classResource.of(request)) }),
  );

  app.get(
    '/v2/lms/kelas_kuliah/:id/peserta/nim_nama',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'NIM dan nama peserta kelas (pencarian ketua kelas)',
        security: bearer,
        params: classIdParamsSchema,
        querystring: classParticipantQuerySchema,
        response: { 200: classParticipantNamesResponseSchema },
      },
    },
    async (request) => ({
      data: await listParticipantNames(
        app.db,
        request.actor,
        classResource.of(request),
        request.query.search,
      ),
    }),
  );

  app.put(
    '/v2/lms/kelas_kuliah/:id',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Ubah data kelas dan banner (multipart: file_banner png/jpg/jpeg, atau JSON)',
        consumes: ['multipart/form-data', 'application/json'],
        description:
          'Fields: mode_kuliah, kapasitas, lingkup, metode_pengajaran, id_kampus (operator Update), ' +
          'banner_color_idx, hapus_banner, file_banner (dosen kelas atau operator Update).',
        security: bearer,
        params: classIdParamsSchema,
        response: { 200: classDetailResponseSchema },
      },
    },
    async (request) => {
      let input: { fields: unknown; banner: Awaited<ReturnType<typeof readMultipartForm>>['file'] };
      if (request.isMultipart()) {
        const form = await readMultipartForm(request, {
          fileField: 'file_banner',
          ...bannerLimit(request.college),
        });
        input = { fields: form.fields, banner: form.file };
      } else {
        input = { fields: request.body ?? {}, banner: undefined };
      }
      return {
        data: await updateClassData(
          app.db,
          app.files,
          request,
          request.college,
          classResource.of(request),
          input,
        ),
      };
    },
  );

  app.put(
    '/v2/lms/kelas_kuliah/:id/ketua_kelas',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Ubah ketua kelas (nim peserta, atau kosong)',
        security: bearer,
        params: classIdParamsSchema,
        body: classHeadUpdateSchema,
        response: { 200: classDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await changeClassHead(app.db, request, classResource.of(request), request.body.nim),
    }),
  );

  app.put(
    '/v2/lms/kelas_kuliah/:id/pengajar/:idDosen',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Ubah jabatan pengajar (Dosen Koordinator, Dosen, Asisten)',
        security: bearer,
        params: classTeacherParamsSchema,
        body: teacherRoleUpdateSchema,
        response: { 200: classDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await changeTeacherRole(
        app.db,
        request,
        classResource.of(request),
        request.params.idDosen,
        request.body.peran,
      ),
    }),
  );
};
