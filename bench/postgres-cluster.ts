// A throw-away PostgreSQL cluster for the benchmarks (`initdb`/`pg_ctl` from the newest
// /usr/lib/postgresql/<version>/bin or PG_BIN; run as the postgres user when we are root, since initdb
// refuses root). Durability is off: the numbers should show the server, not the disk.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL binaries not found; set PG_BIN or BENCH_DATABASE_URL');
  return path.join(base, versions[0]!, 'bin');
}

/** Runs a PostgreSQL tool as the postgres user when we are root (initdb refuses root). */
function runPgTool(tool: string, toolArgs: string[]): void {
  const binary = path.join(postgresBin(), tool);
  const asRoot = process.getuid?.() === 0;
  execFileSync(
    asRoot ? 'runuser' : binary,
    asRoot ? ['-u', 'postgres', '--', binary, ...toolArgs] : toolArgs,
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

export interface Cluster {
  /** URL of the empty database `lms_bench`. */
  url: string;
  /** The server log (auto_explain writes its plans there). */
  log: string;
}

/**
 * Starts a throw-away cluster on 127.0.0.1:`port` with an empty database `lms_bench`. Each clean-up step
 * (stop, remove the folder) is handed to `onCleanup` as soon as it is needed, so the caller's clean-up
 * (newest first) also undoes a start that failed half way.
 */
export async function startCluster(
  port: number,
  onCleanup: (step: () => Promise<void> | void) => void,
): Promise<Cluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lms-bench-pg-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  runPgTool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C']);
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // A throw-away cluster: durability off, so the numbers show the server, not the disk.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c shared_buffers=256MB',
    '-c max_connections=100',
    // auto_explain: loaded but silent (log_min_duration defaults to -1); a bench may turn it on for one
    // request through ALTER SYSTEM, which a -c option here would override. pg_stat_statements: counts the
    // statements a phase runs (bench/operation-cost.ts creates its view); room for every distinct one,
    // so none is evicted during a run.
    '-c shared_preload_libraries=auto_explain,pg_stat_statements',
    '-c pg_stat_statements.max=20000',
  ].join(' ');
  const log = path.join(dir, 'postgres.log');
  runPgTool('pg_ctl', ['-D', data, '-l', log, '-w', '-o', settings, 'start']);
  onCleanup(() => runPgTool('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']));
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database lms_bench');
  await admin.end();
  return { url: `postgres://postgres@127.0.0.1:${port}/lms_bench`, log };
}
