import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** A PostgreSQL client program (pg_dump, pg_restore) and its major version. */
export interface PostgresTool {
  path: string;
  major: number;
  version: string;
}

/**
 * Finds `pg_dump` or `pg_restore` for a server of `serverMajor`: `binDir` (PG_BIN_DIR) when set, then Debian's
 * `/usr/lib/postgresql/{major}/bin` (the same lookup as scripts/with-postgres.sh), newest first, then
 * PATH. An older tool than the server cannot read what the server writes, so it is refused with a
 * message naming the version to install.
 */
export async function findPostgresTool(
  name: 'pg_dump' | 'pg_restore',
  serverMajor: number,
  binDir?: string,
): Promise<PostgresTool> {
  const candidates: string[] = [];
  if (binDir) candidates.push(path.join(binDir, name));
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const majors = readdirSync(debianRoot)
      .filter((entry) => /^\d+$/.test(entry))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) candidates.push(path.join(debianRoot, major, 'bin', name));
  }
  candidates.push(name);
  const found: string[] = [];
  for (const candidate of candidates) {
    const version = await readToolVersion(candidate);
    if (!version) continue;
    const major = Number(/(\d+)/.exec(version)?.[1] ?? 0);
    if (major >= serverMajor) return { path: candidate, major, version };
    found.push(`${candidate} ${version}`);
  }
  throw new Error(
    `${name} ${serverMajor} or newer is needed for this PostgreSQL ${serverMajor} server` +
      (found.length ? ` (found only ${found.join(', ')})` : ' (none found)') +
      `; install the postgresql-client-${serverMajor} package or set PG_BIN_DIR`,
  );
}

async function readToolVersion(file: string): Promise<string | undefined> {
  try {
    const { stdout } = await execFileAsync(file, ['--version']);
    // "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)"
    return /\)\s*(\d+[\d.]*)/.exec(stdout)?.[1];
  } catch {
    return undefined;
  }
}

/**
 * libpq's connection settings for a URL, without the password in the command line (which every user of
 * the machine can read in the process list): the tool gets the URL without it and PGPASSWORD beside.
 */
export function postgresToolConnection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: url.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a tool to its end; rejects with its error output (which names no password: none was given). */
export function runPostgresTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 20_000) errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} failed (exit ${code}): ${errors.trim()}`));
    });
  });
}
