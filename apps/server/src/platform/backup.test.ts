import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { createClassWorld } from '../testing/factories.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { createBackup, restoreBackup, RestoreRefusedError, verifyBackup } from './backup.service.ts';
import { LocalFileStore } from './file-storage.ts';
import { readStoreContents } from '../testing/file-store-contents.ts';
import { JobQueue } from './job-queue.ts';

// The suite runs twice in CI: on PGlite, and on PostgreSQL (scripts/with-postgres.sh sets
// TEST_DATABASE_URL), where this test drives the real pg_dump and pg_restore.
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Rows per table, counted table by table from information_schema (not the way the backup counts them). */
async function countRowsOneByOne(query: (sql: string) => Promise<Record<string, unknown>[]>) {
  const tables = await query(
    `select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await query(
      `select count(*)::int as n from "${String(t.table_schema)}"."${String(t.table_name)}"`,
    );
    counts[`${String(t.table_schema)}.${String(t.table_name)}`] = Number(row!.n);
  }
  return counts;
}

/** pg-boss's schema (partitioned tables) with a queued job, as a running installation has it. */
async function queueJob(database: Database): Promise<void> {
  const queue = new JobQueue(database, { workers: false, onError: (error) => console.error(error) });
  queue.define({ name: 'backup-probe', async handler() {} });
  await queue.send('backup-probe', { periode: 20261 });
  await queue.stop();
}

// Each embedded open, dump and load takes seconds of WebAssembly; a loaded machine needs the margin.
describe(`backup → wipe → restore of the database and the files (${kind})`, { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-backup-test-'));
  const backupDir = path.join(dataDir, '..', `${path.basename(dataDir)}-backup`);
  const store = new LocalFileStore(path.join(dataDir, 'files'));
  let url: string | undefined;
  let dropCopy: (() => Promise<void>) | undefined;
  let query: (sql: string) => Promise<Record<string, unknown>[]>;
  let closeQuery: () => Promise<void>;
  let rowsBefore: Record<string, number>;
  let filesBefore: Awaited<ReturnType<typeof readStoreContents>>;
  let collegeId: string;

  /** Opens the installation's database for the test's own reads (PGlite: one opener at a time). */
  async function connect(): Promise<void> {
    if (url) {
      const client = new pg.Client({ connectionString: url });
      // A failed test leaves it open when the database is dropped; that must not crash the run.
      client.on('error', () => undefined);
      await client.connect();
      query = (sql) => client.query(sql).then((r) => r.rows as Record<string, unknown>[]);
      closeQuery = () => client.end();
    } else {
      const database = await openDatabase({ dataDir });
      query = (sql) => database.query(sql);
      closeQuery = () => database.close();
    }
  }

  beforeAll(async () => {
    // A populated installation: the demo university, a college of the test's own, and files.
    if (kind === 'postgres') {
      const copy = await openTestDatabase();
      url = copy.url;
      dropCopy = copy.drop;
      collegeId = (await createClassWorld(copy.database)).collegeId;
      await queueJob(copy.database);
      await copy.database.close();
    } else {
      const template = new Blob([readFileSync(inject('templateDatabase'))]);
      const database = await openDatabase({ dataDir, loadDataDir: template });
      collegeId = (await createClassWorld(database)).collegeId;
      await queueJob(database);
      await database.close();
    }
    const original = await store.put(randomBytes(300_000), {
      collegeId,
      contentType: 'application/pdf',
      fileName: 'Modul 1.pdf',
    });
    await store.put(randomBytes(40_000), {
      collegeId,
      contentType: 'application/pdf',
      derivedFrom: original.key,
    });
    await store.put(Buffer.from('lampiran forum'), { collegeId, contentType: 'text/plain', private: true });
    await store.put(Buffer.alloc(0), { collegeId, contentType: 'text/plain', fileName: 'kosong.txt' });
    await connect();
    rowsBefore = await countRowsOneByOne(query);
    await closeQuery();
    filesBefore = await readStoreContents(store);
  }, 180_000);

  afterAll(async () => {
    await dropCopy?.();
    await rm(dataDir, { recursive: true, force: true });
    await rm(backupDir, { recursive: true, force: true });
  });

  it('finds every row and every file again after the installation was wiped', async () => {
    expect(Object.keys(filesBefore)).toHaveLength(4);
    expect(rowsBefore['public.users']).toBeGreaterThan(3);
    expect(rowsBefore['pgboss.queue']).toBeGreaterThan(0);

    const manifest = await createBackup({ databaseUrl: url, dataDir }, backupDir);
    expect(manifest.database.kind).toBe(kind);
    // Bytes and metadata of each of the four files.
    expect(manifest.files.count).toBe(8);
    expect(manifest.database.migrations.latest).toMatch(/^\d{4}_/);
    const manifestText = await readFile(path.join(backupDir, 'manifest.json'), 'utf8');
    if (url) expect(manifestText).not.toContain(new URL(url).host);

    // Wipe: the database's schemas (or the embedded data folder) and the stored files.
    if (url) {
      await connect();
      await query('drop schema if exists public, drizzle, pgboss cascade; create schema public');
      expect(await countRowsOneByOne(query)).toEqual({});
      await closeQuery();
    } else {
      await rm(path.join(dataDir, 'pglite'), { recursive: true });
    }
    await rm(path.join(dataDir, 'files'), { recursive: true });
    expect(await readStoreContents(store)).toEqual({});

    await restoreBackup({ databaseUrl: url, dataDir }, backupDir);

    await connect();
    expect(await countRowsOneByOne(query)).toEqual(rowsBefore);
    const [college] = await query(`select id from colleges where id = '${collegeId}'`);
    expect(college?.id).toBe(collegeId);
    await closeQuery();
    expect(await readStoreContents(store)).toEqual(filesBefore);
  });

  it('refuses to restore over a non-empty installation unless forced', async () => {
    await expect(restoreBackup({ databaseUrl: url, dataDir }, backupDir)).rejects.toThrow(
      RestoreRefusedError,
    );
    // A file added since the backup goes with --force; everything of the backup is back.
    await store.put(Buffer.from('baru'), { collegeId, contentType: 'text/plain' });
    await restoreBackup({ databaseUrl: url, dataDir }, backupDir, { force: true });
    await connect();
    expect(await countRowsOneByOne(query)).toEqual(rowsBefore);
    await closeQuery();
    expect(await readStoreContents(store)).toEqual(filesBefore);
  });

  it.skipIf(kind !== 'pglite')('refuses the embedded database while a process has it open', async () => {
    const database = await openDatabase({ dataDir });
    try {
      await expect(createBackup({ databaseUrl: undefined, dataDir }, `${backupDir}-open`)).rejects.toThrow(
        'stop the server first',
      );
      await expect(
        restoreBackup({ databaseUrl: undefined, dataDir }, backupDir, { force: true }),
      ).rejects.toThrow('stop the server first');
    } finally {
      await database.close();
    }
  });

  it('refuses a damaged backup before changing anything', async () => {
    const list = await readFile(path.join(backupDir, 'files.sha256'), 'utf8');
    const first = list.split('\n')[0]!.split('  ')[1]!;
    const bytes = await readFile(path.join(backupDir, first));
    await writeFile(path.join(backupDir, first), Buffer.concat([bytes, Buffer.from('x')]));
    await expect(verifyBackup(backupDir)).rejects.toThrow(`${first} does not match its checksum`);
    await expect(restoreBackup({ databaseUrl: url, dataDir }, backupDir, { force: true })).rejects.toThrow(
      'does not match its checksum',
    );
    expect(await readStoreContents(store)).toEqual(filesBefore);
  });
});
