import type { AreaModule } from '../../platform/area-module.ts';
import { questionBankRoutes } from './question-bank.routes.ts';
import { bankQuestions, questionBanks } from '../../db/schema/question-bank.schema.ts';
import { bankResource } from './question-bank.resource.ts';
import { addDemoQuestionBanks } from '../../db/seed/question-bank.seed.ts';

/** The question-bank area, as the platform registers, guards and seeds it. */
export const questionBankModule: AreaModule = {
  name: 'question-bank',
  routes: [questionBankRoutes],
  tables: [questionBanks, bankQuestions],
  resources: [bankResource],
  demoSeed: {
    addRows: (ctx) => addDemoQuestionBanks(ctx),
  },
};
