import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  operatorRightsListResponseSchema,
  operatorRightsParamsSchema,
  operatorRightsQuerySchema,
  operatorRightsResponseSchema,
  operatorRightsUpdateSchema,
} from '@lms/contract/operator-rights.schema';
import { operatorOnly } from '../../platform/route-access.ts';
import { changeOperatorRights, listOperatorRights } from './operator-rights.service.ts';

const bearer = [{ bearer: [] }];
const tags = ['hak-akses-operator'];

/** "Hak Akses Operator LMS": operators' levels per area, active flag and scope (docs/api/operator-rights.md). */
export const operatorRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/hak-akses-operator',
    {
      config: { access: operatorOnly('data_sistem', 'read') },
      schema: {
        tags,
        summary: 'Daftar operator dengan hak aksesnya (operator dengan Lihat pada data_sistem)',
        security: bearer,
        querystring: operatorRightsQuerySchema,
        response: { 200: operatorRightsListResponseSchema },
      },
    },
    async (request) => listOperatorRights(app.db, request.actor.collegeId, request.query),
  );

  app.put(
    '/v2/lms/hak-akses-operator/:id',
    {
      config: { access: operatorOnly('data_sistem', 'write') },
      schema: {
        tags,
        summary: 'Ubah hak akses, status dan lingkup operator (operator dengan Update pada data_sistem)',
        description:
          'Area yang dikirim berubah, yang lain tetap. Operator tidak dapat menaikkan hak aksesnya sendiri, ' +
          'mengubah lingkupnya sendiri, atau memberi hak di atas haknya sendiri (403 hak_akses_ditolak). ' +
          'Berlaku segera pada instans ini, pada instans lain paling lambat ACTOR_CACHE_SECONDS.',
        security: bearer,
        params: operatorRightsParamsSchema,
        body: operatorRightsUpdateSchema,
        response: { 200: operatorRightsResponseSchema },
      },
    },
    async (request) => {
      const data = await changeOperatorRights(app.db, request, request.params.id, request.body);
      app.forgetActor(request.actor.collegeId, data.id);
      return { data };
    },
  );
};
