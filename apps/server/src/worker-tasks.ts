/*
 * The worker thread's tasks (platform/worker-pool.ts runs them by name). Built as its own entry,
 * dist/worker-tasks.js. Inputs and results cross threads by structured clone: Buffers arrive as
 * Uint8Array.
 */
export { renderBapPdfTask } from './modules/bap/bap-pdf.ts';
export { convertOfficeDocument } from './modules/material/material-document.ts';
export { readImportFileTask } from './modules/question-import/import-file.ts';
export { readFeeHoldImportTask } from './modules/access-restriction/fee-hold-import.parser.ts';
export { readSemesterWorkbookTask } from './modules/semester-import/semester-import.parser.ts';
