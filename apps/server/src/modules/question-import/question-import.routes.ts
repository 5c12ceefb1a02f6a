import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  excelTemplateKinds,
  importFormats,
  maxImportBytes,
  questionImportMessages,
  type ExcelTemplateKind,
  type ImportFormat,
} from '@lms/contract/question-import.rules';
import {
  importDoneSchema,
  importPreviewSchema,
  templateParamsSchema,
} from '@lms/contract/question-import.schema';
import { readMultipartForm, readUploadedFile, registerMultipart } from '../../platform/multipart-form.ts';
import { onResource } from '../../platform/route-access.ts';
import { assertCanEditQuestionBank } from '../question-bank/question-bank.api.ts';
import type { ImportFile } from './import-file.ts';
import {
  downloadImportTemplate,
  exportBankGift,
  exportBankMoodleXml,
  importFailed,
  importImageLimit,
  importQuestions,
  previewImport,
  requireField,
} from './question-import.service.ts';
import { sendDownload, xlsxContentType } from '../../platform/download-reply.ts';

const bearer = [{ bearer: [] }];
const tags = ['bank soal'];
const staff = ['dosen', 'operator'] as const;
const idParams = z.object({ id: z.uuid() });
const onBank = (level: 'read' | 'write') => onResource('question-bank', 'id', 'bank_soal', level, staff);

/** The uploaded `file` (at most 5 MB) and the form's text fields; refused with the import's error shape. */
async function readImportForm(request: FastifyRequest) {
  const form = await readMultipartForm(request, {
    fileField: 'file',
    maxBytes: maxImportBytes,
    tooLarge: importFailed([{ pesan: questionImportMessages.tooLarge }], [], 413),
  });
  if (!form.file) throw importFailed([{ pesan: questionImportMessages.fileNotChosen }]);
  // At most 5 MB: read whole for the parser (which runs in a worker thread).
  return {
    file: { fileName: form.file.fileName, buffer: await readUploadedFile(form.file) },
    fields: form.fields,
  };
}

/** Excel's jenis_soal: pilihan, benar_salah or esai (`esay`, the model's name, is taken too). */
function templateKindOf(value: string | undefined): ExcelTemplateKind {
  const kind = value?.trim() === 'esay' ? 'esai' : value;
  return requireField(kind, excelTemplateKinds, questionImportMessages.kindNotChosen);
}

/** Importing questions from files and exporting a bank as Moodle XML (spec 3 §2 §5 §7, issue 14). */
export const questionImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerMultipart(app);

  app.get(
    '/v2/lms/bank_soal/template_impor/:jenis_soal',
    {
      config: { access: { roles: staff, area: 'bank_soal', level: 'read' } },
      schema: {
        tags,
        summary: 'Unduh template Excel impor soal (pilihan, benar_salah, esai)',
        security: bearer,
        params: templateParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await downloadImportTemplate(request.params.jenis_soal);
      return sendDownload(reply, { fileName: file.fileName, contentType: xlsxContentType, body: file.body });
    },
  );

  app.post(
    '/v2/lms/bank_soal/:id/soal/import_excel',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary:
          'Impor soal dari template Excel (multipart: file .xlsx, jenis_soal); semua atau tidak sama sekali',
        consumes: ['multipart/form-data'],
        security: bearer,
        params: idParams,
        response: { 200: importDoneSchema },
      },
    },
    async (request) => {
      await assertCanEditQuestionBank(app.db, request.actor, request.params.id);
      const { file, fields } = await readImportForm(request);
      return importQuestions(app.db, app.files, request.actor, request.params.id, {
        format: 'excel',
        fileName: file.fileName,
        buffer: file.buffer,
        jenisSoal: templateKindOf(fields.jenis_soal),
      });
    },
  );

  /** The general import's form: the file, its format, and Excel's template kind. */
  const readFormatForm = async (request: FastifyRequest): Promise<ImportFile> => {
    const { file, fields } = await readImportForm(request);
    const format: ImportFormat = requireField(
      fields.format,
      importFormats,
      'Format file harus excel, gift, aiken atau moodle_xml',
    );
    return {
      format,
      fileName: file.fileName,
      buffer: file.buffer,
      jenisSoal: format === 'excel' ? templateKindOf(fields.jenis_soal) : undefined,
      maxImageBytes: importImageLimit(request.college),
    };
  };

  app.post(
    '/v2/lms/bank_soal/:id/soal/import/preview',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary:
          'Pratinjau impor (multipart seperti …/soal/import): soal yang akan diimpor dan yang dilewati beserta nomor, baris dan alasannya; tidak menambah soal',
        consumes: ['multipart/form-data'],
        security: bearer,
        params: idParams,
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => {
      await assertCanEditQuestionBank(app.db, request.actor, request.params.id);
      return previewImport(app.db, request.actor, request.params.id, await readFormatForm(request));
    },
  );

  app.post(
    '/v2/lms/bank_soal/:id/soal/import',
    {
      config: { access: onBank('write') },
      schema: {
        tags,
        summary:
          'Impor soal dari file (multipart: file, format excel|gift|aiken|moodle_xml, jenis_soal untuk excel); soal GIFT/Aiken/Moodle XML yang tidak dapat diimpor dilewati dengan alasannya',
        consumes: ['multipart/form-data'],
        security: bearer,
        params: idParams,
        response: { 200: importDoneSchema },
      },
    },
    async (request) => {
      await assertCanEditQuestionBank(app.db, request.actor, request.params.id);
      return importQuestions(
        app.db,
        app.files,
        request.actor,
        request.params.id,
        await readFormatForm(request),
      );
    },
  );

  app.get(
    '/v2/lms/bank_soal/:id/export/moodle_xml',
    {
      config: { access: onBank('read') },
      schema: {
        tags,
        summary: 'Unduh soal bank sebagai Moodle XML (semua jenis soal, gambar ikut di dalam file)',
        security: bearer,
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await exportBankMoodleXml(app.db, app.files, request.actor, request.params.id);
      return sendDownload(reply, {
        fileName: file.fileName,
        contentType: 'application/xml; charset=utf-8',
        body: file.body,
      });
    },
  );

  app.get(
    '/v2/lms/bank_soal/:id/export/gift',
    {
      config: { access: onBank('read') },
      schema: {
        tags,
        summary:
          'Unduh soal bank sebagai GIFT (jenis yang dapat ditulis GIFT; gambar sebagai data URL; yang tidak dapat ditulis menjadi komentar)',
        security: bearer,
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await exportBankGift(app.db, app.files, request.actor, request.params.id);
      return sendDownload(reply, {
        fileName: file.fileName,
        contentType: 'text/plain; charset=utf-8',
        body: file.body,
      });
    },
  );
};
