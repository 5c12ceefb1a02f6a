import type { AreaModule } from '../../platform/area-module.ts';
import { academicRoutes } from './academic.routes.ts';
import { tablesOf } from '../../db/schema-table.ts';
import {
  campuses,
  courseEvaluationPlans,
  courseLearningPlans,
  courses,
  lectureSessions,
  rooms,
} from '../../db/schema/academic.schema.ts';
import * as studyProgramSchema from '../../db/schema/study-program.schema.ts';
import { addDemoAcademic } from '../../db/seed/academic.seed.ts';
import { courseResource } from './academic.resource.ts';

/** The academic area, as the platform registers, guards and seeds it. */
export const academicModule: AreaModule = {
  name: 'academic',
  routes: [academicRoutes],
  tables: [
    campuses,
    rooms,
    lectureSessions,
    courses,
    courseLearningPlans,
    courseEvaluationPlans,
    ...tablesOf(studyProgramSchema),
  ],
  resources: [courseResource],
  demoSeed: {
    addRows: (ctx, cast) => {
      cast.academic = addDemoAcademic(ctx, cast.people);
    },
  },
};
