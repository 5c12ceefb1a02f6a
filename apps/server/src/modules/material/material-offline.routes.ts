import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { offlineSyncSchema } from '@lms/contract/material-offline.schema';
import { materialResponseSchema } from '@lms/contract/material.schema';
import { onResource } from '../../platform/route-access.ts';
import { recordOfflineEvidence } from './material-offline.service.ts';
import { materialResource } from './material.resource.ts';

/** Materials kept on the phone (issue 44 §4): the evidence recorded offline, sent when back online. */
export const materialOfflineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v2/lms/materi/:id/luring',
    {
      config: { access: onResource('material', 'id', 'kelas_kuliah', 'read', ['mahasiswa']) },
      schema: {
        tags: ['materi'],
        summary:
          'Catatan baca/putar materi yang disimpan di perangkat, direkam saat luring; dihitung menurut jam server',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        body: offlineSyncSchema,
        response: { 200: materialResponseSchema },
      },
    },
    async (request) => ({
      data: await recordOfflineEvidence(
        app.db,
        request.actor,
        request.college,
        materialResource.of(request),
        request.body,
      ),
    }),
  );
};
