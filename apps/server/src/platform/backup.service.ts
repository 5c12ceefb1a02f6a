import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import type { S3StoreConfig } from '../config.ts';
import { migrationsFolder, openDatabase } from '../db/database.ts';
import type { StoredFile } from './file-storage.ts';
import { findPostgresTool, postgresToolConnection, runPostgresTool } from './postgres-tools.ts';

/**
 * What a backup folder holds, in `manifest.json` beside the database dump and the files. It names no
 * host, user or password: a backup may be copied anywhere, and the restore is told where to go.
 */
export interface BackupManifest {
  format: 'lms-backup';
  version: 1;
  createdAt: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** The dump, relative to the folder: pg_dump's custom format, or PGlite's data folder as a tarball. */
    file: string;
    sha256: string;
    bytes: number;
    serverVersion: string;
    /** pg_dump's version (PostgreSQL only). */
    tool?: string;
    /** The schema's state: how many migrations were applied, and the last one's tag. */
    migrations: { applied: number; latest: string | null };
    /** Rows per table (`schema.table`) in the very snapshot the dump holds. */
    rows: Record<string, number>;
  };
  files: {
    /** `sha256sum -c` format, one line per stored file (bytes and metadata), paths under `files/`. */
    list: string;
    listSha256: string;
    count: number;
    bytes: number;
  };
}

/** Where an installation keeps its data, as the server is configured (config.ts). */
export interface Installation {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where to look first for pg_dump and pg_restore (PG_BIN_DIR). */
  pgBinDir?: string | undefined;
  /** The bucket holding the files (FILE_STORE=s3); undefined: the folder DATA_DIR/files. */
  s3?: S3StoreConfig | undefined;
}

type Log = (message: string) => void;

/** A restore that would overwrite data; `--force` allows it. */
export class RestoreRefusedError extends Error {}

const manifestName = 'manifest.json';
const fileListName = 'files.sha256';

/** The local file store's root (platform/file-storage.ts) and its key folders (two key characters). */
function filesRoot(dataDir: string): string {
  return path.join(dataDir, 'files');
}
const keyFolderPattern = /^[A-Za-z0-9_-]{2}$/;

/**
 * Backs up the database and the stored files into `target`, a new folder: the database first (one
 * snapshot, with its row counts taken in the same snapshot), then the files. A file uploaded meanwhile may
 * be in the backup without a row naming it (the file sweep removes it after a restore). A file whose row
 * was deleted after the snapshot and that was removed before it was copied is missing from the backup
 * though a row of it names it; the copy counts such files and reports them (docs/operations.md: back up
 * at a quiet hour, away from the file sweep's).
 */
export async function createBackup(
  installation: Installation,
  target: string,
  log: Log = () => undefined,
): Promise<BackupManifest> {
  if (existsSync(target) && (await readdir(target)).length > 0) {
    throw new Error(`backup folder ${target} exists and is not empty`);
  }
  await mkdir(target, { recursive: true });
  try {
    const database = installation.databaseUrl
      ? await dumpPostgres(installation.databaseUrl, installation.pgBinDir, target, log)
      : await dumpPglite(installation.dataDir, target, log);
    log(
      `database: ${Object.values(database.rows).reduce((a, b) => a + b, 0)} rows in ${Object.keys(database.rows).length} tables`,
    );
    const files = installation.s3
      ? await copyBucketFiles(installation.s3, filesRoot(installation.dataDir), target, log)
      : await copyStoredFiles(filesRoot(installation.dataDir), target, log);
    const manifest: BackupManifest = {
      format: 'lms-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      database,
      files,
    };
    await writeFile(path.join(target, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } catch (error) {
    // No half backup left to be mistaken for one.
    await rm(target, { recursive: true, force: true });
    throw error;
  }
}

async function dumpPostgres(
  url: string,
  pgBinDir: string | undefined,
  target: string,
  log: Log,
): Promise<BackupManifest['database']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const serverVersion = await readServerVersion((sql) => client.query(sql).then((r) => r.rows));
    const tool = await findPostgresTool('pg_dump', majorOf(serverVersion), pgBinDir);
    log(`pg_dump ${tool.version} (${tool.path}), server ${serverVersion}`);
    // pg_dump joins this transaction's snapshot, so the counts below describe exactly what it dumps.
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (
      await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot')
    ).rows as [{ snapshot: string }];
    const query = (sql: string) => client.query(sql).then((r) => r.rows);
    const rows = await countTableRows(query);
    const migrations = await readMigrationState(query);
    const file = 'database.pgdump';
    const { dbname, env } = postgresToolConnection(url);
    await runPostgresTool(
      tool.path,
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        `--file=${path.join(target, file)}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
    await client.query('commit');
    const { sha256, bytes } = await hashFile(path.join(target, file));
    return { kind: 'postgres', file, sha256, bytes, serverVersion, tool: tool.version, migrations, rows };
  } finally {
    await client.end();
  }
}

/** The embedded database can be opened by one process only: the server must be stopped meanwhile. */
async function dumpPglite(dataDir: string, target: string, log: Log): Promise<BackupManifest['database']> {
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Error(`no embedded database in ${path.join(dataDir, 'pglite')} (set DATA_DIR or DATABASE_URL)`);
  }
  await assertPgliteClosed(dataDir);
  const database = await openDatabase({ dataDir });
  try {
    const query = (sql: string) => database.query(sql);
    const serverVersion = await readServerVersion(query);
    log(`embedded database (PGlite, PostgreSQL ${serverVersion})`);
    const rows = await countTableRows(query);
    const migrations = await readMigrationState(query);
    const file = 'database.pglite.tar.gz';
    const dump = await database.dump!();
    await writeFile(path.join(target, file), Buffer.from(await dump.arrayBuffer()));
    const { sha256, bytes } = await hashFile(path.join(target, file));
    return { kind: 'pglite', file, sha256, bytes, serverVersion, migrations, rows };
  } finally {
    await database.close();
  }
}

/**
 * PGlite keeps `postmaster.pid` in its folder while a process has it open and removes it on close; a
 * second process opening it meanwhile would corrupt it, so a running server (or one that crashed) stops
 * the command here.
 */
async function assertPgliteClosed(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'))) {
    throw new Error(
      `the embedded database in ${path.join(dataDir, 'pglite')} is open: stop the server first ` +
        '(after a crash, start and stop it once)',
    );
  }
}

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

async function readServerVersion(query: Query): Promise<string> {
  const [row] = await query('show server_version');
  return String(row?.server_version ?? '').split(' ')[0]!;
}

function majorOf(version: string): number {
  return Number(version.split('.')[0]);
}

/**
 * Rows of every table (a partitioned table once, with its partitions): two statements whatever the
 * number of tables.
 */
export async function countTableRows(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    `select n.nspname as schema, c.relname as name from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1, 2`,
  );
  if (tables.length === 0) return {};
  const quote = (name: unknown) => `"${String(name).replaceAll('"', '""')}"`;
  const counts = await query(
    tables
      .map(
        (t) =>
          `select ${`'${`${String(t.schema)}.${String(t.name)}`.replaceAll("'", "''")}'`} as name, count(*)::bigint as n from ${quote(t.schema)}.${quote(t.name)}`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(counts.map((row) => [String(row.name), Number(row.n)]));
}

/** The applied migrations (drizzle's own table), named by this build's journal where it knows them. */
async function readMigrationState(query: Query): Promise<BackupManifest['database']['migrations']> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists[0]?.present) return { applied: 0, latest: null };
  const [row] = await query(
    `select count(*)::int as applied, max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  const applied = Number(row?.applied ?? 0);
  if (!row?.latest) return { applied, latest: null };
  const journal = await readMigrationJournal();
  const entry = journal.find((e) => String(e.when) === String(row.latest));
  return { applied, latest: entry?.tag ?? `unknown:${String(row.latest)}` };
}

async function readMigrationJournal(): Promise<{ tag: string; when: number }[]> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/** The stored files, bytes and metadata alike, copied with their checksums; never a staged or partial one. */
async function copyStoredFiles(root: string, target: string, log: Log): Promise<BackupManifest['files']> {
  const list = createWriteStream(path.join(target, fileListName));
  let count = 0;
  let bytes = 0;
  let vanished = 0;
  for (const folder of await listKeyFolders(root)) {
    const names = (await readdir(path.join(root, folder)).catch(() => [] as string[])).sort();
    if (names.length === 0) continue;
    await mkdir(path.join(target, 'files', folder), { recursive: true });
    for (const name of names) {
      if (name.endsWith('.part')) continue;
      const relative = `files/${folder}/${name}`;
      let copied: { sha256: string; bytes: number };
      try {
        copied = await copyWithHash(path.join(root, folder, name), path.join(target, relative));
      } catch (error) {
        // Deleted since the folder was read (the sweep, or its area removing it).
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          vanished++;
          continue;
        }
        throw error;
      }
      if (!list.write(`${copied.sha256}  ${relative}\n`))
        await new Promise<void>((r) => list.once('drain', () => r()));
      count++;
      bytes += copied.bytes;
    }
  }
  await new Promise<void>((resolve, reject) =>
    list.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  log(`files: ${count} (${bytes} bytes)${vanished ? `, ${vanished} deleted while copying` : ''}`);
  const { sha256 } = await hashFile(path.join(target, fileListName));
  return { list: fileListName, listSha256: sha256, count, bytes };
}

/**
 * The bucket's files, written into the backup as the local store keeps them (`files/{2 chars}/{key}`
 * and `{key}.json`), so that one backup restores into either store.
 */
async function copyBucketFiles(
  config: S3StoreConfig,
  stagingRoot: string,
  target: string,
  log: Log,
): Promise<BackupManifest['files']> {
  const { S3FileStore } = await import('./s3-file-store.ts');
  const store = new S3FileStore(config, stagingRoot);
  const list = createWriteStream(path.join(target, fileListName));
  const listed = async (relative: string, sha256: string) => {
    if (!list.write(`${sha256}  ${relative}\n`))
      await new Promise<void>((r) => list.once('drain', () => r()));
  };
  let count = 0;
  let bytes = 0;
  let vanished = 0;
  try {
    for await (const file of store.list()) {
      const found = await store.get(file.key);
      if (!found) {
        vanished++;
        continue;
      }
      const folder = `files/${file.key.slice(0, 2)}`;
      await mkdir(path.join(target, folder), { recursive: true });
      const copied = await copyWithHash(found.stream, path.join(target, folder, file.key));
      const meta = Buffer.from(JSON.stringify(found.file));
      await writeFile(path.join(target, folder, `${file.key}.json`), meta);
      await listed(`${folder}/${file.key}`, copied.sha256);
      await listed(`${folder}/${file.key}.json`, createHash('sha256').update(meta).digest('hex'));
      count += 2;
      bytes += copied.bytes + meta.length;
    }
  } finally {
    store.close();
  }
  await new Promise<void>((resolve, reject) =>
    list.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  log(
    `files from bucket ${config.bucket}: ${count} (${bytes} bytes)${vanished ? `, ${vanished} deleted while copying` : ''}`,
  );
  const { sha256 } = await hashFile(path.join(target, fileListName));
  return { list: fileListName, listSha256: sha256, count, bytes };
}

async function listKeyFolders(root: string): Promise<string[]> {
  try {
    return (await readdir(root, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && keyFolderPattern.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Copies through a hash, so every byte is read once; written to `.part` and renamed when complete. */
async function copyWithHash(from: string | Readable, to: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const partial = `${to}.part`;
  try {
    await pipeline(
      typeof from === 'string' ? createReadStream(from) : from,
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          bytes += chunk.length;
          done(null, chunk);
        },
      }),
      createWriteStream(partial),
    );
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  await rename(partial, to);
  return { sha256: hash.digest('hex'), bytes };
}

export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** One line of the file list: its checksum and its path under the backup folder. */
function parseFileListLine(line: string): { sha256: string; relative: string } {
  const match = /^([0-9a-f]{64}) {2}(files\/[A-Za-z0-9_-]{2}\/[A-Za-z0-9_.-]+)$/.exec(line);
  if (!match) throw new Error(`backup file list: unreadable line "${line.slice(0, 120)}"`);
  return { sha256: match[1]!, relative: match[2]! };
}

async function readFileList(
  source: string,
  manifest: BackupManifest,
): Promise<{ sha256: string; relative: string }[]> {
  const text = await readFile(path.join(source, manifest.files.list), 'utf8');
  return text.split('\n').filter(Boolean).map(parseFileListLine);
}

/**
 * Reads a backup's manifest and checks every checksum (the dump, the file list, each file): a backup
 * that fails here is refused before anything is changed.
 */
export async function verifyBackup(source: string, log: Log = () => undefined): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(source, manifestName), 'utf8')) as BackupManifest;
  if (manifest.format !== 'lms-backup' || manifest.version !== 1) {
    throw new Error(
      `${source} is not a backup this version can read (format ${manifest.format} ${manifest.version})`,
    );
  }
  const dump = await hashFile(path.join(source, manifest.database.file));
  if (dump.sha256 !== manifest.database.sha256 || dump.bytes !== manifest.database.bytes) {
    throw new Error(`backup damaged: ${manifest.database.file} does not match its checksum`);
  }
  const list = await hashFile(path.join(source, manifest.files.list));
  if (list.sha256 !== manifest.files.listSha256) {
    throw new Error(`backup damaged: ${manifest.files.list} does not match its checksum`);
  }
  const entries = await readFileList(source, manifest);
  if (entries.length !== manifest.files.count) {
    throw new Error(
      `backup damaged: ${entries.length} files listed, the manifest says ${manifest.files.count}`,
    );
  }
  let bytes = 0;
  for (const entry of entries) {
    const file = await hashFile(path.join(source, entry.relative)).catch(() => undefined);
    if (!file) throw new Error(`backup damaged: ${entry.relative} is missing`);
    if (file.sha256 !== entry.sha256)
      throw new Error(`backup damaged: ${entry.relative} does not match its checksum`);
    bytes += file.bytes;
  }
  if (bytes !== manifest.files.bytes) throw new Error('backup damaged: the files add up to another size');
  log(`backup verified: database dump and ${entries.length} files match their checksums`);
  return manifest;
}

/**
 * Restores a backup into an empty database and an empty file store: checks the whole backup first, then
 * refuses (RestoreRefusedError) when the database has tables or the store has files, unless `force`,
 * which drops the database's schemas and removes the stored files first. Afterwards the tables' row
 * counts must equal the backup's, and each file is checked again as it is written.
 */
export async function restoreBackup(
  installation: Installation,
  source: string,
  options: { force?: boolean; log?: Log } = {},
): Promise<BackupManifest> {
  const log = options.log ?? (() => undefined);
  const manifest = await verifyBackup(source, log);
  const kind = installation.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new Error(
      `the backup holds ${manifest.database.kind === 'postgres' ? 'a PostgreSQL' : 'an embedded (PGlite)'} database; ` +
        `restore it with ${manifest.database.kind === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'}`,
    );
  }
  const latest = manifest.database.migrations.latest;
  if (latest && !(await readMigrationJournal()).some((entry) => entry.tag === latest)) {
    throw new Error(
      `the backup's schema (${latest}) is newer than this version knows: restore it with the version that made it`,
    );
  }
  const root = filesRoot(installation.dataDir);
  const bucket = installation.s3 && (await openBucket(installation.s3, root));
  const storedFolders = bucket ? [] : await nonEmptyKeyFolders(root);
  const storeHoldsFiles = bucket ? await bucket.holdsFiles() : storedFolders.length > 0;
  const occupied = installation.databaseUrl
    ? await postgresHasTables(installation.databaseUrl)
    : existsSync(path.join(installation.dataDir, 'pglite', 'PG_VERSION'));
  if ((occupied || storeHoldsFiles) && !options.force) {
    bucket?.close();
    throw new RestoreRefusedError(
      [
        occupied && 'the database is not empty',
        storeHoldsFiles &&
          `the file store ${bucket ? `(bucket ${installation.s3!.bucket})` : root} holds files`,
      ]
        .filter(Boolean)
        .join(' and ') + '; restore into an empty installation, or pass --force to replace what is there',
    );
  }

  const rows = installation.databaseUrl
    ? await restorePostgres(
        { ...installation, databaseUrl: installation.databaseUrl },
        source,
        manifest,
        Boolean(options.force),
        log,
      )
    : await restorePglite(installation.dataDir, source, manifest, log);
  const expected = manifest.database.rows;
  const differing = [...new Set([...Object.keys(expected), ...Object.keys(rows)])].filter(
    (table) => expected[table] !== rows[table],
  );
  if (differing.length > 0) {
    throw new Error(
      `restored database differs from the backup in ${differing
        .slice(0, 5)
        .map((t) => `${t} (${rows[t] ?? 'missing'} rows, backup ${expected[t] ?? 'none'})`)
        .join(', ')}`,
    );
  }
  log(`database restored: every table has the backup's row count`);

  if (bucket) {
    try {
      await bucket.replaceWith(source, await readFileList(source, manifest));
    } finally {
      bucket.close();
    }
    log(`files restored into bucket ${installation.s3!.bucket}: ${manifest.files.count / 2} files`);
    return manifest;
  }
  for (const folder of storedFolders) await rm(path.join(root, folder), { recursive: true, force: true });
  for (const entry of await readFileList(source, manifest)) {
    const to = path.join(root, entry.relative.slice('files/'.length));
    await mkdir(path.dirname(to), { recursive: true });
    const copied = await copyWithHash(path.join(source, entry.relative), to);
    if (copied.sha256 !== entry.sha256) {
      await rm(to, { force: true });
      throw new Error(`${entry.relative} changed while it was restored`);
    }
  }
  log(`files restored: ${manifest.files.count} (${manifest.files.bytes} bytes)`);
  return manifest;
}

/** The bucket as the restore needs it: is it empty, and writing a backup's files into it. */
async function openBucket(config: S3StoreConfig, stagingRoot: string) {
  const { S3FileStore } = await import('./s3-file-store.ts');
  const store = new S3FileStore(config, stagingRoot);
  return {
    async holdsFiles(): Promise<boolean> {
      for await (const _file of store.list()) return true;
      return false;
    },
    /** Removes what the bucket holds, then writes each backed-up file with its metadata and checksum. */
    async replaceWith(source: string, entries: { sha256: string; relative: string }[]): Promise<void> {
      for await (const file of store.list()) await store.delete(file.key);
      const checksums = new Map(entries.map((entry) => [entry.relative, entry.sha256]));
      for (const entry of entries) {
        if (!entry.relative.endsWith('.json')) continue;
        const bytesPath = entry.relative.slice(0, -'.json'.length);
        const sha256 = checksums.get(bytesPath);
        if (!sha256) throw new Error(`backup damaged: ${bytesPath} is not listed beside its metadata`);
        const file = JSON.parse(await readFile(path.join(source, entry.relative), 'utf8')) as StoredFile;
        // verifyBackup checked the bytes; the copy is checked again as it is sent.
        const hash = createHash('sha256');
        const counted = createReadStream(path.join(source, bytesPath)).pipe(
          new Transform({
            transform(chunk: Buffer, _encoding, done) {
              hash.update(chunk);
              done(null, chunk);
            },
          }),
        );
        await store.putCopy(file, counted, sha256);
        if (hash.digest('hex') !== sha256) {
          await store.delete(file.key);
          throw new Error(`${bytesPath} changed while it was restored`);
        }
      }
    },
    close: () => store.close(),
  };
}

async function nonEmptyKeyFolders(root: string): Promise<string[]> {
  const folders: string[] = [];
  for (const folder of await listKeyFolders(root)) {
    if ((await readdir(path.join(root, folder))).length > 0) folders.push(folder);
  }
  return folders;
}

async function postgresHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await countTableRows((sql) => client.query(sql).then((r) => r.rows));
    return Object.keys(tables).length > 0;
  } finally {
    await client.end();
  }
}

async function restorePostgres(
  { databaseUrl: url, pgBinDir }: Installation & { databaseUrl: string },
  source: string,
  manifest: BackupManifest,
  force: boolean,
  log: Log,
): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const query = (sql: string) => client.query(sql).then((r) => r.rows);
    const serverVersion = await readServerVersion(query);
    const tool = await findPostgresTool(
      'pg_restore',
      Math.max(majorOf(serverVersion), majorOf(manifest.database.tool ?? '0')),
      pgBinDir,
    );
    log(`pg_restore ${tool.version} (${tool.path}), server ${serverVersion}`);
    if (force) {
      // Every schema the installation made (public, drizzle's, pg-boss's); public is made again empty,
      // as a new database has it.
      const schemas = await query(
        `select nspname from pg_namespace where nspname not in ('information_schema') and nspname not like 'pg\\_%'`,
      );
      const names = schemas.map((s) => `"${String(s.nspname).replaceAll('"', '""')}"`);
      if (names.length > 0) await client.query(`drop schema ${names.join(', ')} cascade`);
      await client.query('create schema if not exists public');
      log(`dropped the database's schemas (--force)`);
    }
    const { dbname, env } = postgresToolConnection(url);
    // One transaction: a restore that fails leaves the database as empty as it was.
    await runPostgresTool(
      tool.path,
      [
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-acl',
        `--dbname=${dbname}`,
        path.join(source, manifest.database.file),
      ],
      env,
    );
    return await countTableRows(query);
  } finally {
    await client.end();
  }
}

async function restorePglite(
  dataDir: string,
  source: string,
  manifest: BackupManifest,
  log: Log,
): Promise<Record<string, number>> {
  const location = path.join(dataDir, 'pglite');
  await assertPgliteClosed(dataDir);
  // Only reached empty or with --force (checked by the caller).
  await rm(location, { recursive: true, force: true });
  const dump = new Blob([await readFile(path.join(source, manifest.database.file))]);
  const database = await openDatabase({ dataDir, loadDataDir: dump });
  try {
    log(`embedded database restored into ${location}`);
    return await countTableRows((sql) => database.query(sql));
  } finally {
    await database.close();
  }
}
