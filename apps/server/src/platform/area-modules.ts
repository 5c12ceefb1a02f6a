import * as jobSchema from '../db/schema/job.schema.ts';
import * as rateLimitSchema from '../db/schema/rate-limit.schema.ts';
import { tablesOf, type SchemaTable } from '../db/schema-table.ts';
import type { AreaModule } from './area-module.ts';
import type { ResourceDefinition } from './resource-access.ts';
import type { ResourceKind } from './route-access.ts';
import { academicModule } from '../modules/academic/academic.module.ts';
import { accountModule } from '../modules/account/account.module.ts';
import { accessRestrictionModule } from '../modules/access-restriction/access-restriction.module.ts';
import { activityModule } from '../modules/activity/activity.module.ts';
import { activityLogModule } from '../modules/activity-log/activity-log.module.ts';
import { announcementModule } from '../modules/announcement/announcement.module.ts';
import { attendanceModule } from '../modules/attendance/attendance.module.ts';
import { authModule } from '../modules/auth/auth.module.ts';
import { bapModule } from '../modules/bap/bap.module.ts';
import { calendarFeedModule } from '../modules/calendar-feed/calendar-feed.module.ts';
import { chatModule } from '../modules/chat/chat.module.ts';
import { classModule } from '../modules/class/class.module.ts';
import { collegeModule } from '../modules/college/college.module.ts';
import { dashboardModule } from '../modules/dashboard/dashboard.module.ts';
import { emailModule } from '../modules/email/email.module.ts';
import { oidcModule } from '../modules/oidc/oidc.module.ts';
import { examModule } from '../modules/exam/exam.module.ts';
import { examFilesModule } from '../modules/exam-files/exam-files.module.ts';
import { examAnalysisModule } from '../modules/exam-analysis/exam-analysis.module.ts';
import { examGradingModule } from '../modules/exam-grading/exam-grading.module.ts';
import { examRunModule } from '../modules/exam-run/exam-run.module.ts';
import { forumModule } from '../modules/forum/forum.module.ts';
import { gradeModule } from '../modules/grade/grade.module.ts';
import { helpModule } from '../modules/help/help.module.ts';
import { lecturerAttendanceModule } from '../modules/lecturer-attendance/lecturer-attendance.module.ts';
import { materialModule } from '../modules/material/material.module.ts';
import { notificationModule } from '../modules/notification/notification.module.ts';
import { meetingModule } from '../modules/meeting/meeting.module.ts';
import { operatorRightsModule } from '../modules/operator-rights/operator-rights.module.ts';
import { periodModule } from '../modules/period/period.module.ts';
import { qrAttendanceModule } from '../modules/qr-attendance/qr-attendance.module.ts';
import { questionBankModule } from '../modules/question-bank/question-bank.module.ts';
import { questionImportModule } from '../modules/question-import/question-import.module.ts';
import { semesterImportModule } from '../modules/semester-import/semester-import.module.ts';
import { scheduleModule } from '../modules/schedule/schedule.module.ts';
import { settingsModule } from '../modules/settings/settings.module.ts';
import { siakadModule } from '../modules/siakad/siakad.module.ts';
import { storagerModule } from '../modules/storager/storager.module.ts';
import { studentModule } from '../modules/student/student.module.ts';
import { taskModule } from '../modules/task/task.module.ts';
import { taskGroupModule } from '../modules/task-group/task-group.module.ts';
import { userModule } from '../modules/user/user.module.ts';
import { vidconModule } from '../modules/vidcon/vidcon.module.ts';
import { visitorModule } from '../modules/visitor/visitor.module.ts';

/**
 * Every domain area, once (area-modules.test.ts holds this equal to the folders under modules/ and to
 * the schema's tables). The order is the demo seed's: its areas share one random stream, so moving an
 * area with `demoSeed.addRows` changes the demo data. Route registration does not depend on it.
 */
export const areaModules: readonly AreaModule[] = [
  collegeModule,
  userModule,
  authModule,
  academicModule,
  periodModule,
  classModule,
  meetingModule,
  materialModule,
  vidconModule,
  forumModule,
  gradeModule,
  taskModule,
  taskGroupModule,
  // The comment threads on the demo's tasks: after the tasks.
  chatModule,
  announcementModule,
  helpModule,
  attendanceModule,
  lecturerAttendanceModule,
  qrAttendanceModule,
  bapModule,
  // After attendance: the demo's exams do not count for attendance, so its progress stays as computed.
  examModule,
  examRunModule,
  examGradingModule,
  examAnalysisModule,
  examFilesModule,
  questionBankModule,
  questionImportModule,
  semesterImportModule,
  storagerModule,
  accessRestrictionModule,
  activityModule,
  activityLogModule,
  siakadModule,
  scheduleModule,
  settingsModule,
  emailModule,
  oidcModule,
  visitorModule,
  dashboardModule,
  studentModule,
  operatorRightsModule,
  accountModule,
  calendarFeedModule,
  notificationModule,
];

/** Tables of the platform itself, owned by no area. */
export const platformTables: readonly SchemaTable[] = [...tablesOf(jobSchema), ...tablesOf(rateLimitSchema)];

/** Resource kinds served by the platform's own routes (stored files), owned by no area. */
export const platformResourceKinds: readonly ResourceKind[] = ['file'];

/** The resource kinds areas load for the platform's pre-handler (resource-access.ts), with their loaders. */
export function resourceDefinitions(): ResourceDefinition[] {
  return areaModules.flatMap((area) => area.resources ?? []);
}

/** Every table of the schema: the areas' and the platform's. */
export function schemaTables(): SchemaTable[] {
  return [...areaModules.flatMap((area) => area.tables), ...platformTables];
}
