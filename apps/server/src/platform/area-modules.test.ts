import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tablesOf, sqlTableName, type SchemaTable } from '../db/schema-table.ts';
import { tenantTables } from '../db/tenant-guard.ts';
import { resourceKinds } from './route-access.ts';
import { areaModules, platformResourceKinds, platformTables } from './area-modules.ts';

const modulesFolder = new URL('../modules/', import.meta.url);
const schemaFolder = new URL('../db/schema/', import.meta.url);

/** Every table every schema file exports, by SQL name, with the file it is in. */
async function tablesOfSchemaFiles(): Promise<Map<string, string>> {
  const tables = new Map<string, string>();
  for (const file of readdirSync(schemaFolder).filter((name) => name.endsWith('.schema.ts'))) {
    const schemaFile = (await import(new URL(file, schemaFolder).href)) as Record<string, unknown>;
    for (const table of tablesOf(schemaFile)) tables.set(sqlTableName(table), file);
  }
  return tables;
}

function ownersByTable(): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  const own = (table: SchemaTable, owner: string) =>
    owners.set(sqlTableName(table), [...(owners.get(sqlTableName(table)) ?? []), owner]);
  for (const area of areaModules) for (const table of area.tables) own(table, area.name);
  for (const table of platformTables) own(table, 'platform');
  return owners;
}

describe('area manifests', () => {
  it('list every folder under modules/ once, each with its <area>.module.ts', async () => {
    const folders = readdirSync(modulesFolder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const names = areaModules.map((area) => area.name);
    expect([...names].sort()).toEqual(folders);
    expect(new Set(names).size).toBe(names.length);
    for (const area of areaModules) {
      const manifestFile = (await import(
        new URL(`./${area.name}/${area.name}.module.ts`, modulesFolder).href
      )) as Record<string, unknown>;
      expect(Object.values(manifestFile), area.name).toContain(area);
    }
  });

  it('give every table of the schema files exactly one owner, an area or the platform', async () => {
    const schemaTables = await tablesOfSchemaFiles();
    const owners = ownersByTable();
    const unowned = [...schemaTables.keys()].filter((table) => !owners.has(table));
    expect(unowned, 'tables no area manifest (nor platformTables) owns').toEqual([]);
    const shared = [...owners].filter(([, by]) => by.length > 1);
    expect(shared, 'tables owned twice').toEqual([]);
    const notInSchema = [...owners.keys()].filter((table) => !schemaTables.has(table));
    expect(notInSchema).toEqual([]);
  });

  it('hand the tenant guard every table with college_id', async () => {
    const schemaFiles = await tablesOfSchemaFiles();
    const everyTable: SchemaTable[] = [];
    for (const file of new Set(schemaFiles.values())) {
      everyTable.push(
        ...tablesOf((await import(new URL(file, schemaFolder).href)) as Record<string, unknown>),
      );
    }
    const guarded = tenantTables([...areaModules.flatMap((area) => area.tables), ...platformTables]);
    expect([...guarded.keys()].sort()).toEqual([...tenantTables(everyTable).keys()].sort());
    expect(guarded.size).toBeGreaterThan(50);
  });

  it('declare every resource kind a route can name once, where its rows live', () => {
    const declared = [
      ...areaModules.flatMap((area) => (area.resources ?? []).map((resource) => resource.kind)),
      ...platformResourceKinds,
    ];
    expect([...declared].sort()).toEqual([...resourceKinds].sort());
  });

  it('register each route plugin from one area only', () => {
    const plugins = areaModules.flatMap((area) => area.routes);
    expect(new Set(plugins).size).toBe(plugins.length);
  });
});
