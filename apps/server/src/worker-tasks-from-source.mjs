// The worker's entry when the server runs from TypeScript sources (tests, `npm run dev`): Node's worker
// threads do not inherit tsx's loader, so it is registered here before the tasks load. The built server
// runs dist/worker-tasks.js directly. Re-export every task of worker-tasks.ts.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./worker-tasks.ts');

export const {
  renderBapPdfTask,
  convertOfficeDocument,
  readImportFileTask,
  readFeeHoldImportTask,
  readSemesterWorkbookTask,
} = tasks;
