import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acknowledgedResponseSchema } from '@lms/contract/auth.schema';
import { meetingIdParamsSchema } from '@lms/contract/meeting.schema';
import {
  vidconInputSchema,
  vidconListQuerySchema,
  vidconListResponseSchema,
  vidconPageSchema,
  vidconResponseSchema,
} from '@lms/contract/vidcon.schema';
import { onResource, signedIn, type RouteAccess } from '../../platform/route-access.ts';
import {
  createVidcon,
  deleteVidcon,
  getVidcon,
  joinVidcon,
  listMeetingVidcons,
  listMyVidcons,
  updateVidcon,
} from './vidcon.service.ts';
import { vidconResource } from './vidcon.resource.ts';

const bearer = [{ bearer: [] }];
const tags = ['vidcon'];
const idParams = z.object({ id: z.uuid() });
const editors: RouteAccess = { roles: ['dosen', 'operator'], area: 'kelas_kuliah', level: 'write' };
const onVidcon = (level: 'read' | 'write', roles?: RouteAccess['roles']) =>
  onResource('vidcon', 'id', 'kelas_kuliah', level, roles);

/** Video conferences of meetings (spec 2 §3–§7): the form, the lists, and joining. */
export const vidconRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/pertemuan/:id/vidcon',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Vidcon pertemuan',
        security: bearer,
        params: meetingIdParamsSchema,
        response: { 200: vidconListResponseSchema },
      },
    },
    async (request) => ({
      data: await listMeetingVidcons(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    '/v2/lms/vidcon',
    {
      config: { access: { ...signedIn, area: 'kelas_kuliah', level: 'read' } },
      schema: {
        tags,
        summary: 'Vidcon kelas pengguna (operator: semua), terbaru dahulu',
        security: bearer,
        querystring: vidconListQuerySchema,
        response: { 200: vidconPageSchema },
      },
    },
    async (request) => listMyVidcons(app.db, request.actor, request.college, request.query),
  );

  app.post(
    '/v2/lms/vidcon',
    {
      config: { access: editors },
      schema: {
        tags,
        summary: 'Tambah vidcon',
        security: bearer,
        body: vidconInputSchema,
        response: { 200: vidconResponseSchema },
      },
    },
    async (request) => ({ data: await createVidcon(app.db, request.actor, request.college, request.body) }),
  );

  app.get(
    '/v2/lms/vidcon/:id',
    {
      config: { access: onVidcon('read') },
      schema: {
        tags,
        summary: 'Detail vidcon',
        security: bearer,
        params: idParams,
        response: { 200: vidconResponseSchema },
      },
    },
    async (request) => ({
      data: await getVidcon(app.db, request.actor, request.college, vidconResource.of(request)),
    }),
  );

  app.put(
    '/v2/lms/vidcon/:id',
    {
      config: { access: onVidcon('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Ubah vidcon',
        security: bearer,
        params: idParams,
        body: vidconInputSchema,
        response: { 200: vidconResponseSchema },
      },
    },
    async (request) => ({
      data: await updateVidcon(
        app.db,
        request.actor,
        request.college,
        vidconResource.of(request),
        request.body,
      ),
    }),
  );

  app.delete(
    '/v2/lms/vidcon/:id',
    {
      config: { access: onVidcon('write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Hapus vidcon',
        security: bearer,
        params: idParams,
        response: { 200: acknowledgedResponseSchema },
      },
    },
    async (request) => {
      await deleteVidcon(app.db, request.actor, vidconResource.of(request));
      return { data: {} };
    },
  );

  app.put(
    '/v2/lms/vidcon/:id/join',
    {
      config: { access: onVidcon('read', ['mahasiswa', 'dosen']) },
      schema: {
        tags,
        summary: 'Catat bergabung ke vidcon (waktu server); mahasiswa: kehadiran, terlambat atau tidak',
        security: bearer,
        params: idParams,
        response: { 200: vidconResponseSchema },
      },
    },
    async (request) => ({
      data: await joinVidcon(app.db, request.actor, request.college, vidconResource.of(request)),
    }),
  );
};
