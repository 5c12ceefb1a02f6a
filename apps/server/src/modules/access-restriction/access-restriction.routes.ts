import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessRestrictionQuerySchema,
  feeHoldImportLimits,
  feeHoldImportMessages,
  feeHoldImportModes,
  feeHoldImportPreviewResponseSchema,
  feeHoldImportResultResponseSchema,
  feeHoldImportTemplateFileName,
  feeHoldListQuerySchema,
  feeHoldListResponseSchema,
  feeHoldParamsSchema,
  feeHoldResponseSchema,
  feeHoldUpdateSchema,
} from '@lms/contract/access-restriction.schema';
import { accessRestrictionResponseSchema } from '@lms/contract/college.schema';
import type { FastifyRequest } from 'fastify';
import { recordRequestActivity } from '../activity-log/activity-log.api.ts';
import {
  checkAccessRestrictions,
  getFeeHold,
  importFeeHolds,
  listFeeHoldPage,
  previewFeeHoldImport,
  setFeeHold,
} from './access-restriction.service.ts';
import { buildFeeHoldTemplate } from './fee-hold-template.ts';
import { AppError, badRequest } from '../../platform/app-error.ts';
import { readMultipartForm, readUploadedFile, registerMultipart } from '../../platform/multipart-form.ts';
import { operatorOnly, signedIn } from '../../platform/route-access.ts';
import { provideMeetingPageParts } from '../meeting/meeting.api.ts';
import { sendDownload, xlsxContentType } from '../../platform/download-reply.ts';

/** The uploaded `file` (bounded before it is read) and the chosen `mode`. */
async function readImportForm(request: FastifyRequest) {
  const form = await readMultipartForm(request, {
    fileField: 'file',
    maxBytes: feeHoldImportLimits.maxBytes,
    tooLarge: new AppError(413, 'file_terlalu_besar', feeHoldImportMessages.tooLarge),
  });
  if (!form.file) throw badRequest('impor_tunggakan_tidak_valid', feeHoldImportMessages.fileNotChosen);
  return { buffer: await readUploadedFile(form.file), mode: form.fields.mode };
}

const bearer = [{ bearer: [] }];
const tags = ['pembatasan'];

/** Access restriction status, and the operators' unpaid-fee flags. */
export const accessRestrictionRoutes: FastifyPluginAsyncZod = async (app) => {
  // A UTS/UAS meeting's page is refused to a student below its exam-attendance requirement.
  provideMeetingPageParts({ accessRestrictions: checkAccessRestrictions });
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

  await registerMultipart(app);

  app.get(
    '/v2/lms/pembatasan/tunggakan',
    {
      config: { access: operatorOnly('data_master', 'read') },
      schema: {
        tags,
        summary: 'Daftar mahasiswa dengan tunggakan biaya (search NIM/nama, paging)',
        security: bearer,
        querystring: feeHoldListQuerySchema,
        response: { 200: feeHoldListResponseSchema },
      },
    },
    async (request) => listFeeHoldPage(app.db, request.actor, request.query),
  );

  app.get(
    '/v2/lms/pembatasan/tunggakan/template_impor',
    {
      config: { access: operatorOnly('data_master', 'read') },
      schema: { tags, summary: 'Unduh template Excel impor tunggakan biaya', security: bearer },
    },
    async (_request, reply) =>
      sendDownload(reply, {
        fileName: feeHoldImportTemplateFileName,
        contentType: xlsxContentType,
        body: await buildFeeHoldTemplate(),
      }),
  );

  app.post(
    '/v2/lms/pembatasan/tunggakan/impor/pratinjau',
    {
      config: { access: operatorOnly('data_master', 'write') },
      schema: {
        tags,
        summary: 'Pratinjau impor tunggakan (multipart: file .xlsx/.csv); tidak mengubah data',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: feeHoldImportPreviewResponseSchema },
      },
    },
    async (request) => {
      const { buffer } = await readImportForm(request);
      return { data: await previewFeeHoldImport(app.db, request.actor, buffer) };
    },
  );

  app.post(
    '/v2/lms/pembatasan/tunggakan/impor',
    {
      config: { access: operatorOnly('data_master', 'write') },
      schema: {
        tags,
        summary:
          'Impor tunggakan dari file bagian keuangan (multipart: file, mode tambah|ganti); satu transaksi',
        consumes: ['multipart/form-data'],
        security: bearer,
        response: { 200: feeHoldImportResultResponseSchema },
      },
    },
    async (request) => {
      const { buffer, mode } = await readImportForm(request);
      const chosen = feeHoldImportModes.find((m) => m === mode);
      if (!chosen) throw badRequest('impor_tunggakan_tidak_valid', feeHoldImportMessages.modeNotChosen);
      const data = await importFeeHolds(app.db, request.actor, buffer, chosen);
      await recordRequestActivity(
        app.db,
        request,
        'ubah_tunggakan_biaya',
        `Impor tunggakan biaya (${chosen === 'ganti' ? 'daftar lengkap' : 'tambah'}): ` +
          `${data.ditandai} ditandai, ${data.dihapus} dihapus`,
        {
          jumlah_ditandai: data.ditandai,
          jumlah_dihapus: data.dihapus,
          jumlah_tidak_dikenal: data.jumlah_tidak_dikenal,
          mode: chosen,
        },
      );
      return { data };
    },
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
