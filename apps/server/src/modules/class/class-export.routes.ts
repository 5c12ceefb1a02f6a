import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classIdParamsSchema, classParticipantQuerySchema } from '@lms/contract/class.schema';
import { onResource } from '../../platform/route-access.ts';
import { exportClassMembers } from './class-export.service.ts';
import { classResource } from './class.resource.ts';
import { sendDownload } from '../../platform/download-reply.ts';

/** Anggota Kelas as Excel (issue 45): its own file beside class.routes.ts. */
export const classExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/kelas_kuliah/:id/peserta/export_excel',
    {
      config: { access: onResource('class', 'id', 'kelas_kuliah', 'read', ['dosen', 'operator']) },
      schema: {
        tags: ['kelas_kuliah'],
        summary: 'Ekspor anggota kelas (xlsx: mahasiswa, dengan search NIM/nama, dan pengajar)',
        security: [{ bearer: [] }],
        params: classIdParamsSchema,
        querystring: classParticipantQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportClassMembers(
        app.db,
        request.actor,
        request.college,
        classResource.of(request),
        request.query.search,
      );
      return sendDownload(reply, file);
    },
  );
};
