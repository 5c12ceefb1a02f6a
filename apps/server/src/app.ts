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
import { fileStoragePlugin } from './platform/file-storage.plugin.ts';
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
import { requestCollegePlugin } from './platform/request-college.plugin.ts';
import { webAppPlugin } from './platform/web-app.plugin.ts';
import { areaModules, resourceDefinitions } from './platform/area-modules.ts';
import { resourceAccessPlugin } from './platform/resource-access.ts';

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
  await app.register(securityPlugin, { database: options.database });
  // Before any route: it hooks each route as it is added.
  await app.register(compressionPlugin);
  await app.register(databasePlugin, { config: options.config, database: options.database });
  // Before authentication: a shed request costs no token check or database read.
  await app.register(loadSheddingPlugin);
  await app.register(formbody);
  await app.register(openapiPlugin);
  await app.register(tenancyPlugin);
  await app.register(requestCollegePlugin);
  await app.register(authPlugin);
  // After authentication, before any route: resolves and checks the row a route's path names.
  await app.register(resourceAccessPlugin, { resources: resourceDefinitions() });
  await app.register(inputGuardPlugin);
  await app.register(eventsPlugin);
  await app.register(jobsPlugin);
  await app.register(metricsPlugin);
  await app.register(fileStoragePlugin);

  await app.register(healthRoutes);
  await app.register(eventsRoutes);
  await app.register(filesRoutes);
  // The domain areas' routes, from their manifests (modules/<area>/<area>.module.ts).
  for (const area of areaModules) {
    for (const routes of area.routes) await app.register(routes);
  }

  await app.register(webAppPlugin, { distDir: options.config.webDistDir });
  return app;
}
