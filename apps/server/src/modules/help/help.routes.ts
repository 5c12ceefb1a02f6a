import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  helpArticleInputSchema,
  helpArticleResponseSchema,
  helpIdParamsSchema,
  helpListQuerySchema,
  helpListResponseSchema,
} from '@lms/contract/help.schema';
import { createHelp, editHelp, listHelp, removeHelp } from './help.service.ts';
import { operatorOnly, signedIn } from '../../platform/route-access.ts';
import { helpResource } from './help.resource.ts';

const bearer = [{ bearer: [] }];
const tags = ['bantuan'];

/** Help content (bantuan): read by everyone signed in, maintained by operators with write on data_sistem. */
export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/bantuan',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Daftar bantuan (pertanyaan dan jawaban per kategori)',
        description:
          '`search` matches title, topic or body. `akses.ubah`: operators with write on data_sistem.',
        security: bearer,
        querystring: helpListQuerySchema,
        response: { 200: helpListResponseSchema },
      },
    },
    async (request) => listHelp(app.db, request.actor, request.query.search),
  );

  app.post(
    '/v2/lms/bantuan',
    {
      config: { access: operatorOnly('data_sistem', 'write') },
      schema: {
        tags,
        summary: 'Tambah bantuan (operator dengan hak Update pada data_sistem)',
        security: bearer,
        body: helpArticleInputSchema,
        response: { 201: helpArticleResponseSchema },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return { data: await createHelp(app.db, request, request.body) };
    },
  );

  app.put(
    '/v2/lms/bantuan/:id',
    {
      config: {
        access: { ...operatorOnly('data_sistem', 'write'), resource: { kind: 'help', param: 'id' } },
      },
      schema: {
        tags,
        summary: 'Ubah bantuan (operator dengan hak Update pada data_sistem)',
        security: bearer,
        params: helpIdParamsSchema,
        body: helpArticleInputSchema,
        response: { 200: helpArticleResponseSchema },
      },
    },
    async (request) => ({ data: await editHelp(app.db, request, helpResource.of(request), request.body) }),
  );

  app.delete(
    '/v2/lms/bantuan/:id',
    {
      config: {
        access: { ...operatorOnly('data_sistem', 'write'), resource: { kind: 'help', param: 'id' } },
      },
      schema: {
        tags,
        summary: 'Hapus bantuan (operator dengan hak Update pada data_sistem)',
        security: bearer,
        params: helpIdParamsSchema,
      },
    },
    async (request, reply) => {
      await removeHelp(app.db, request, helpResource.of(request));
      return reply.status(204).send();
    },
  );
};
