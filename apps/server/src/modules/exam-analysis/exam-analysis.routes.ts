import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bankQuestionHistoryResponseSchema,
  itemAnalysisResponseSchema,
} from '@lms/contract/item-analysis.schema';
import { onResource } from '../../platform/route-access.ts';
import { exportItemAnalysis } from './exam-analysis-export.service.ts';
import { analyseExam, bankQuestionHistory } from './exam-analysis.service.ts';
import { sendDownload, xlsxContentType } from '../../platform/download-reply.ts';

const bearer = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid() });
const staff = ['dosen', 'operator'] as const;

/** As the results routes (exam-grading): the class's lecturers and operators with write on kelas_kuliah. */
const examEditors = onResource('exam', 'id', 'kelas_kuliah', 'write', staff);
/** As the bank's other reads: its owner, teachers of its course when shown, operators with read on bank_soal. */
const bankReaders = onResource('question-bank', 'id', 'bank_soal', 'read', staff);

/** Item analysis (issue 43 §3): an exam's questions' figures, its export, a bank question's history. */
export const examAnalysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v2/lms/ujian/:id/analisis_soal',
    {
      config: { access: examEditors },
      schema: {
        tags: ['ujian'],
        summary: 'Analisis soal: tingkat kemudahan, daya beda, sebaran jawaban dan tanda per soal',
        security: bearer,
        params: idParams,
        response: { 200: itemAnalysisResponseSchema },
      },
    },
    async (request) => ({
      data: await analyseExam(app.db, request.actor, request.college, request.params.id),
    }),
  );

  app.get(
    '/v2/lms/ujian/:id/analisis_soal/export',
    {
      config: { access: examEditors },
      schema: {
        tags: ['ujian'],
        summary: 'Ekspor analisis soal ke Excel (xlsx)',
        security: bearer,
        params: idParams,
      },
    },
    async (request, reply) => {
      const { fileName, buffer } = await exportItemAnalysis(
        app.db,
        request.actor,
        request.college,
        request.params.id,
      );
      return sendDownload(reply, { fileName, contentType: xlsxContentType, body: buffer });
    },
  );

  app.get(
    '/v2/lms/bank_soal/:id/soal/:soalId/analisis',
    {
      config: { access: bankReaders },
      schema: {
        tags: ['bank soal'],
        summary: 'Riwayat analisis soal bank di setiap ujian yang memakainya',
        security: bearer,
        params: z.object({ id: z.uuid(), soalId: z.uuid() }),
        response: { 200: bankQuestionHistoryResponseSchema },
      },
    },
    async (request) => ({
      data: await bankQuestionHistory(app.db, request.actor, request.params.id, request.params.soalId),
    }),
  );
};
