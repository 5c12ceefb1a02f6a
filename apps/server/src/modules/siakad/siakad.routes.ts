import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  demoSiakadClassInputSchema,
  demoSiakadClassResponseSchema,
  demoSiakadValueInputSchema,
} from '@lms/contract/grade.schema';
import { onResource } from '../../platform/route-access.ts';
import { siakadDemoProtocolRoutes } from './siakad-demo-protocol.routes.ts';
import { changeDemoValue, getDemoClass, updateDemoClass } from './siakad-demo.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['siakad-demo'];
const base = '/v2/dev/siakad/kelas_kuliah/:id';
const params = z.object({ id: z.string().min(1).max(100) });
// A person "in SIAKAD": operators with write on kelas_kuliah play that part in the demo.
const access = onResource('class', 'id', 'kelas_kuliah', 'write', ['operator']);

/**
 * The demo SIAKAD's screen calls: a class's window, lock and values (docs/api/grades-and-siakad.md);
 * and, in its own scope, the signed protocol an HTTP connector speaks to it.
 */
export const siakadDemoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(siakadDemoProtocolRoutes);

  app.get(
    base,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Demo Siakad: komponen, waktu entri, kunci dan nilai satu kelas',
        security: bearer,
        params,
        response: { 200: demoSiakadClassResponseSchema },
      },
    },
    async (request) => ({ data: await getDemoClass(app.db, request.actor, request.params.id) }),
  );

  app.put(
    base,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Demo Siakad: buka/tutup waktu entri nilai, kunci/buka kunci kelas',
        security: bearer,
        params,
        body: demoSiakadClassInputSchema,
        response: { 200: demoSiakadClassResponseSchema },
      },
    },
    async (request) => ({
      data: await updateDemoClass(app.db, request.actor, request.params.id, request.body),
    }),
  );

  app.put(
    `${base}/nilai`,
    {
      config: { access },
      schema: {
        tags,
        summary: 'Demo Siakad: ubah nilai seorang mahasiswa di Siakad (update_by_sikad)',
        security: bearer,
        params,
        body: demoSiakadValueInputSchema,
        response: { 200: demoSiakadClassResponseSchema },
      },
    },
    async (request) => ({
      data: await changeDemoValue(app.db, request.actor, request.params.id, request.body),
    }),
  );
};
