import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/database.ts';
import type { SchemaTable } from '../db/schema-table.ts';
import type { DemoCast } from '../db/seed/demo-cast.ts';
import type { DemoContext } from '../db/seed/demo-seed.context.ts';
import type { ResourceDefinition } from './resource-access.ts';

/**
 * What the platform needs of one domain area (`modules/<area>/<area>.module.ts`). The list of them
 * (`platform/area-modules.ts`) is what the app registers routes from, the tenant guard takes its tables
 * from and the demo seed runs; a test holds it equal to the module folders and the schema's tables.
 */
export interface AreaModule {
  /** The area's folder under `modules/`. */
  name: string;
  /** Route plugins, registered in this order. */
  routes: readonly FastifyPluginAsyncZod[];
  /** The schema tables the area owns (writes and answers for); every table has exactly one owner. */
  tables: readonly SchemaTable[];
  /**
   * Resource kinds a route's path can name (`onResource`) whose rows this area holds, each with its
   * loader (resource-access.ts).
   */
  resources?: readonly ResourceDefinition[];
  demoSeed?: {
    /** Adds the area's rows of the demo university; areas run in list order on one random stream. */
    addRows?(ctx: DemoContext, cast: DemoCast): void;
    /** Runs in the seed's transaction after every area's rows are inserted. */
    afterRows?(db: Db, options: { collegeId: string; passwordHash: string }): Promise<void>;
  };
}
