import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classIdParamsSchema } from '@lms/contract/class.schema';
import {
  classMeetingListQuerySchema,
  meetingDetailResponseSchema,
  meetingIdParamsSchema,
  meetingListResponseSchema,
  meetingUpdateSchema,
} from '@lms/contract/meeting.schema';
import { recordMeetingOpened } from '../activity-log/activity-log.api.ts';
import { advanceMeeting, listClassMeetings, saveMeetingText, updateMeeting } from './meeting.service.ts';
import { getMeetingPage } from './meeting-page.service.ts';
import { z } from 'zod';
import { onResource } from '../../platform/route-access.ts';
import { classResource } from '../class/class.api.ts';
import { meetingResource } from './meeting.resource.ts';

const bearer = [{ bearer: [] }];
const tags = ['pertemuan'];

/** Meetings: detail, edit, start and end, and a class's meeting list. */
export const meetingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/pertemuan/:id',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Detail pertemuan (403 pembatasan_ujian_kehadiran bila mahasiswa dibatasi)',
        security: bearer,
        params: meetingIdParamsSchema,
        response: { 200: meetingDetailResponseSchema },
      },
    },
    async (request) => {
      const data = await getMeetingPage(app.db, request.actor, request.college, meetingResource.of(request));
      await recordMeetingOpened(app.db, request, data);
      return { data };
    },
  );

  app.put(
    '/v2/lms/pertemuan/:id',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Ubah Data Pertemuan (aturan spesifikasi 2 §5)',
        security: bearer,
        params: meetingIdParamsSchema,
        body: meetingUpdateSchema,
        response: { 200: meetingDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await updateMeeting(app.db, request, request.college, meetingResource.of(request), request.body),
    }),
  );

  app.put(
    '/v2/lms/pertemuan/:id/teks',
    {
      config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']) },
      schema: {
        tags,
        summary: 'Teks pertemuan (rich text); kosong menghapusnya',
        security: bearer,
        params: meetingIdParamsSchema,
        body: z.object({ teks: z.string().max(20_000).nullable() }),
        response: { 200: meetingDetailResponseSchema },
      },
    },
    async (request) => ({
      data: await saveMeetingText(
        app.db,
        request.actor,
        request.college,
        meetingResource.of(request),
        request.body.teks,
      ),
    }),
  );

  for (const action of ['start', 'end'] as const) {
    app.put(
      `/v2/lms/pertemuan/:id/${action}`,
      {
        config: { access: onResource('meeting', 'id', 'kelas_kuliah', 'write', ['dosen', 'operator']) },
        schema: {
          tags,
          summary:
            action === 'start'
              ? 'Mulai kuliah (mulai_kuliah, status berlangsung)'
              : 'Akhiri kuliah (selesai_kuliah, status selesai)',
          security: bearer,
          params: meetingIdParamsSchema,
          response: { 200: meetingDetailResponseSchema },
        },
      },
      async (request) => ({
        data: await advanceMeeting(
          app.db,
          request.actor,
          request.college,
          meetingResource.of(request),
          action,
        ),
      }),
    );
  }

  app.get(
    '/v2/lms/kelas_kuliah/:id/pertemuan',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read') },
      schema: {
        tags,
        summary: 'Data Pertemuan sebuah kelas (cari judul pertemuan)',
        security: bearer,
        params: classIdParamsSchema,
        querystring: classMeetingListQuerySchema,
        response: { 200: meetingListResponseSchema },
      },
    },
    async (request) => listClassMeetings(app.db, classResource.of(request), request.query),
  );
};
