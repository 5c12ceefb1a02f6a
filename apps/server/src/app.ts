import type { Server } from 'node:http';
import Fastify, { type FastifyHttpOptions, type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { useIndonesianZodMessages } from '@lms/contract/zod-locale';
import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { authPlugin } from './platform/auth.plugin.ts';
import { compressionPlugin } from './platform/compression.plugin.ts';
import { databasePlugin } from './platform/database.plugin.ts';
import { errorsPlugin } from './platform/errors.plugin.ts';
import { eventsPlugin } from './platform/events.plugin.ts';
import { eventsRoutes } from './platform/events.routes.ts';
import { fileStoragePlugin } from './platform/file-storage.ts';
import { filesRoutes } from './platform/files.routes.ts';
import { healthRoutes } from './platform/health.routes.ts';
import { inputGuardPlugin } from './platform/input-guard.ts';
import { jobsPlugin } from './platform/jobs.plugin.ts';
import { loadSheddingPlugin } from './platform/load-shedding.plugin.ts';
import { metricsPlugin } from './platform/metrics.plugin.ts';
import { openapiPlugin } from './platform/openapi.plugin.ts';
import { securityPlugin } from './platform/security.plugin.ts';
import { tracingPlugin } from './platform/tracing.plugin.ts';
import { tenancyPlugin } from './platform/tenancy.plugin.ts';
import { webAppPlugin } from './platform/web-app.plugin.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { collegeRoutes } from './modules/college/college.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { classRoutes } from './modules/class/class.routes.ts';
import { classExportRoutes } from './modules/class/class-export.routes.ts';
import { activityLogRoutes } from './modules/activity-log/activity-log.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { accessRestrictionRoutes } from './modules/access-restriction/access-restriction.routes.ts';
import { visitorRoutes } from './modules/visitor/visitor.routes.ts';
import { meetingRoutes } from './modules/meeting/meeting.routes.ts';
import { meetingScheduleRoutes } from './modules/meeting/meeting-schedule.routes.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { academicRoutes } from './modules/academic/academic.routes.ts';
import { announcementRoutes } from './modules/announcement/announcement.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { periodRoutes } from './modules/period/period.routes.ts';
import { studentRoutes } from './modules/student/student.routes.ts';
import { examRoutes } from './modules/exam/exam.routes.ts';
import { examRunRoutes } from './modules/exam/exam-run.routes.ts';
import { examFilesRoutes } from './modules/exam/exam-files.routes.ts';
import { materialRoutes } from './modules/material/material.routes.ts';
import { vidconRoutes } from './modules/vidcon/vidcon.routes.ts';
import { forumRoutes } from './modules/forum/forum.routes.ts';
import { taskRoutes } from './modules/task/task.routes.ts';
import { questionBankRoutes } from './modules/question-bank/question-bank.routes.ts';
import { questionImportRoutes } from './modules/question-import/question-import.routes.ts';
import { storagerRoutes } from './modules/storager/storager.routes.ts';
import { taskGroupRoutes } from './modules/task-group/task-group.routes.ts';
import { attendanceRoutes } from './modules/attendance/attendance.routes.ts';
import { gradeRoutes } from './modules/grade/grade.routes.ts';
import { siakadDemoRoutes } from './modules/siakad/siakad.routes.ts';
import { lecturerAttendanceRoutes } from './modules/lecturer-attendance/lecturer-attendance.routes.ts';
import { qrAttendanceRoutes } from './modules/qr-attendance/qr-attendance.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { bapRoutes } from './modules/bap/bap.routes.ts';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
}

/** Builds the Fastify app: platform plugins first, then the domain modules. Does not listen. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  useIndonesianZodMessages();
  const serverOptions: FastifyHttpOptions<Server> = {
    logger: options.logger ?? { level: options.config.logLevel },
    trustProxy: options.config.trustProxy,
    requestIdHeader: 'x-request-id',
    bodyLimit: 2 * 1024 * 1024,
    // Comment thread ids of spec 1 §9 name the group, the content and the student: ~150 characters.
    routerOptions: { maxParamLength: 300 },
  };
  const app = Fastify(serverOptions).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // First: @fastify/otel instruments the routes added after it.
  await app.register(tracingPlugin, { tracing: options.config.tracing });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // Before any route: it hooks each route as it is added.
  await app.register(compressionPlugin);
  await app.register(databasePlugin, { config: options.config, database: options.database });
  // Before authentication: a shed request costs no token check or database read.
  await app.register(loadSheddingPlugin);
  await app.register(formbody);
  await app.register(openapiPlugin);
  await app.register(tenancyPlugin);
  await app.register(authPlugin);
  await app.register(inputGuardPlugin);
  await app.register(eventsPlugin);
  await app.register(jobsPlugin);
  await app.register(metricsPlugin);
  await app.register(fileStoragePlugin);

  await app.register(healthRoutes);
  await app.register(eventsRoutes);
  await app.register(filesRoutes);
  // Domain modules register here, one line each.
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(collegeRoutes);
  await app.register(classRoutes);
  await app.register(classExportRoutes);
  await app.register(meetingRoutes);
  await app.register(meetingScheduleRoutes);
  await app.register(materialRoutes);
  await app.register(vidconRoutes);
  await app.register(examRoutes);
  await app.register(examRunRoutes);
  await app.register(examFilesRoutes);
  await app.register(forumRoutes);
  await app.register(taskRoutes);
  await app.register(taskGroupRoutes);
  await app.register(attendanceRoutes);
  await app.register(gradeRoutes);
  await app.register(siakadDemoRoutes);
  await app.register(lecturerAttendanceRoutes);
  await app.register(qrAttendanceRoutes);
  await app.register(chatRoutes);
  await app.register(bapRoutes);
  await app.register(scheduleRoutes);
  await app.register(academicRoutes);
  await app.register(activityLogRoutes);
  await app.register(settingsRoutes);
  await app.register(accessRestrictionRoutes);
  await app.register(visitorRoutes);
  await app.register(announcementRoutes);
  await app.register(helpRoutes);
  await app.register(questionBankRoutes);
  await app.register(questionImportRoutes);
  await app.register(storagerRoutes);
  await app.register(dashboardRoutes);
  await app.register(periodRoutes);
  await app.register(studentRoutes);

  await app.register(webAppPlugin, { distDir: options.config.webDistDir });
  return app;
}
