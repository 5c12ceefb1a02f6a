import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import { classIdParamsSchema } from '@lms/contract/class.schema';
import {
  classGroupsResponseSchema,
  groupFormSchema,
  groupFormingSchema,
  groupMemberInputSchema,
  groupRenameSchema,
  taskGroupResponseSchema,
} from '@lms/contract/task-group.schema';
import { onResource } from '../../platform/route-access.ts';
import { groupResource } from './task-group.resource.ts';
import {
  addGroupMember,
  createGroup,
  formClassGroups,
  getClassGroups,
  getGroup,
  makeGroupLeader,
  removeGroup,
  removeGroupMember,
  renameGroup,
} from './task-group.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['kelompok'];
const idParams = z.object({ id: z.uuid() });
const staff = ['dosen', 'operator'] as const;
const onGroup = (level: 'read' | 'write', roles?: readonly ('mahasiswa' | 'dosen' | 'operator')[]) =>
  onResource('task-group', 'id', 'kelas_kuliah', level, roles);

/** Groups (kelompok) of a class for group tasks (issue 11; spec 1 §6, spec 2 §2/§4). */
export const taskGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/kelas_kuliah/:id/kelompok',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Kelompok kelas, mahasiswa tanpa kelompok, dan hak ubah',
        security: bearer,
        params: classIdParamsSchema,
        response: { 200: classGroupsResponseSchema },
      },
    },
    async (request) => ({ data: await getClassGroups(app.db, request.actor, request.params.id) }),
  );

  app.post(
    '/v2/lms/kelas_kuliah/:id/kelompok',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'write', staff) },
      schema: {
        tags,
        summary: 'Tambah kelompok (nama, anggota[].mahasiswa.nim); anggota pertama menjadi ketua',
        security: bearer,
        params: classIdParamsSchema,
        body: groupFormSchema,
        response: { 200: taskGroupResponseSchema },
      },
    },
    async (request) => ({ data: await createGroup(app.db, request.actor, request.params.id, request.body) }),
  );

  app.post(
    '/v2/lms/kelas_kuliah/:id/kelompok/bentuk',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'write', staff) },
      schema: {
        tags,
        summary: 'Bentuk kelompok seluruh kelas sekaligus: acak per ukuran kelompok, atau daftar manual',
        security: bearer,
        params: classIdParamsSchema,
        body: groupFormingSchema,
        response: { 200: classGroupsResponseSchema },
      },
    },
    async (request) => ({
      data: await formClassGroups(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.get(
    '/v2/lms/kelompok/:id',
    {
      config: { access: onGroup('read') },
      schema: {
        tags,
        summary: 'Detail kelompok',
        security: bearer,
        params: idParams,
        response: { 200: taskGroupResponseSchema },
      },
    },
    async (request) => ({ data: await getGroup(app.db, request.actor, groupResource.of(request)) }),
  );

  app.put(
    '/v2/lms/kelompok/:id',
    {
      config: { access: onGroup('write', staff) },
      schema: {
        tags,
        summary: 'Ubah nama kelompok',
        security: bearer,
        params: idParams,
        body: groupRenameSchema,
        response: { 200: taskGroupResponseSchema },
      },
    },
    async (request) => ({
      data: await renameGroup(app.db, request.actor, groupResource.of(request), request.body.nama),
    }),
  );

  app.delete(
    '/v2/lms/kelompok/:id',
    {
      config: { access: onGroup('write', staff) },
      schema: {
        tags,
        summary: 'Hapus kelompok (ditolak bila sudah mengumpulkan tugas)',
        security: bearer,
        params: idParams,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      await removeGroup(app.db, request.actor, groupResource.of(request));
      return { data: {} };
    },
  );

  app.post(
    '/v2/lms/kelompok/:id/anggota',
    {
      config: { access: onGroup('write', staff) },
      schema: {
        tags,
        summary: 'Tambah anggota (peserta kelas yang belum berkelompok)',
        security: bearer,
        params: idParams,
        body: groupMemberInputSchema,
        response: { 200: taskGroupResponseSchema },
      },
    },
    async (request) => ({
      data: await addGroupMember(app.db, request.actor, groupResource.of(request), request.body.nim),
    }),
  );

  app.delete(
    '/v2/lms/kelompok/:id/anggota/:nim',
    {
      config: { access: onGroup('write', staff) },
      schema: {
        tags,
        summary: 'Hapus Anggota; menghapus ketua menjadikan anggota pertama yang tersisa ketua',
        security: bearer,
        params: z.object({ id: z.uuid(), nim: z.string().min(1).max(50) }),
        response: { 200: taskGroupResponseSchema },
      },
    },
    async (request) => ({
      data: await removeGroupMember(app.db, request.actor, groupResource.of(request), request.params.nim),
    }),
  );

  app.put(
    '/v2/lms/kelompok/:id/ketua',
    {
      config: { access: onGroup('write', staff) },
      schema: {
        tags,
        summary: 'Jadikan Ketua Kelompok; anggota lain menjadi anggota',
        security: bearer,
        params: idParams,
        body: groupMemberInputSchema,
        response: { 200: taskGroupResponseSchema },
      },
    },
    async (request) => ({
      data: await makeGroupLeader(app.db, request.actor, groupResource.of(request), request.body.nim),
    }),
  );
};
