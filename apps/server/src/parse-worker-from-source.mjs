// The worker's entry when the server runs from TypeScript sources (tests, `npm run dev`): Node's worker
// threads do not inherit tsx's loader, so it is registered here before the tasks load. The built server
// runs dist/parse-worker.js directly. Re-export every task of parse-worker.ts.
import { register } from 'tsx/esm/api';

register();
const tasks = await import('./parse-worker.ts');

export const { convertOfficeDocument, readImportFileTask, readFeeHoldImportTask, readSemesterWorkbookTask } =
  tasks;
