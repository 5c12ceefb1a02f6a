import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessRestrictionQuerySchema,
  feeHoldParamsSchema,
  feeHoldResponseSchema,
  feeHoldUpdateSchema,
} from '@lms/contract/access-restriction.schema';
import { accessRestrictionResponseSchema } from '@lms/contract/college.schema';
import { recordRequestActivity } from '../activity-log/activity-log.api.ts';
import { checkAccessRestrictions, getFeeHold, setFeeHold } from './access-restriction.service.ts';
import { operatorOnly, signedIn } from '../../platform/route-access.ts';

const bearer = [{ bearer: [] }];
const tags = ['pembatasan'];

/** Access restriction status, and the operators' unpaid-fee flags. */
export const accessRestrictionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/check_pembatasan',
    {
      config: { access: signedIn, allowRestricted: 'what the restricted student still has to meet' },
      schema: {
        tags,
        summary: 'Status pembatasan akses pengguna (ujian=uts|uas menambah syarat kehadiran ujian)',
        security: bearer,
        querystring: accessRestrictionQuerySchema,
        response: { 200: accessRestrictionResponseSchema },
      },
    },
    async (request) => ({
      data: await checkAccessRestrictions(app.db, request.actor, request.college, request.query.ujian),
    }),
  );

  app.get(
    '/v2/lms/pembatasan/tunggakan/:nim',
    {
      config: { access: operatorOnly('data_master', 'read') },
      schema: {
        tags,
        summary: 'Status tunggakan biaya mahasiswa (operator dengan Lihat pada data_master)',
        security: bearer,
        params: feeHoldParamsSchema,
        response: { 200: feeHoldResponseSchema },
      },
    },
    async (request) => ({ data: await getFeeHold(app.db, request.actor, request.params.nim) }),
  );

  app.put(
    '/v2/lms/pembatasan/tunggakan/:nim',
    {
      config: { access: operatorOnly('data_master', 'write') },
      schema: {
        tags,
        summary: 'Tandai atau hapus tunggakan biaya mahasiswa (operator dengan Update pada data_master)',
        security: bearer,
        params: feeHoldParamsSchema,
        body: feeHoldUpdateSchema,
        response: { 200: feeHoldResponseSchema },
      },
    },
    async (request) => {
      const data = await setFeeHold(app.db, request.actor, request.params.nim, request.body);
      await recordRequestActivity(
        app.db,
        request,
        'ubah_tunggakan_biaya',
        `${data.tunggakan ? 'Menandai' : 'Menghapus'} tunggakan biaya ${data.nama} (${data.nim})`,
        { nim: data.nim },
      );
      return { data };
    },
  );
};
