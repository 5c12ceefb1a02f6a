import type { AreaModule } from '../../platform/area-module.ts';
import { tablesOf } from '../../db/schema-table.ts';
import * as semesterImportSchema from '../../db/schema/semester-import.schema.ts';
import { semesterImportRoutes } from './semester-import.routes.ts';

/** "Muat Semester": loading a semester's master data from a workbook, with preview and jobs. */
export const semesterImportModule: AreaModule = {
  name: 'semester-import',
  routes: [semesterImportRoutes],
  tables: [...tablesOf(semesterImportSchema)],
};
