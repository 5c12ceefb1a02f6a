// Benchmark harness (`npm run bench`): a throw-away PostgreSQL cluster (unless BENCH_DATABASE_URL is
// given), migrated and seeded; the built server as a child process; autocannon against a bare baseline
// route and each workload in the same run; figures printed as ratios to the baseline.
//
// Options (flags after `npm run bench -- --`, or environment variables):
//   --large / BENCH_LARGE=1            add the large data set (bench/generate-large.ts)
//   --duration=<s> / BENCH_DURATION    seconds per workload, split in rounds (default 9)
//   --rounds=<n> / BENCH_ROUNDS        baseline/workload alternations per workload (default 3)
//   --connections=<n> / BENCH_CONNECTIONS  concurrent connections (default 10)
//   --only=<text> / BENCH_ONLY         measure only workloads whose name contains the text
//   BENCH_DATABASE_URL                 use this database instead of a throw-away cluster
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemoUniversity } from '../apps/server/src/db/seed/demo-university.seed.ts';
import { generateLargeData } from './generate-large.ts';
import { startCluster } from './postgres-cluster.ts';
import {
  buildServerIfNeeded,
  onCleanup,
  runBench,
  signInHelpers,
  startBuiltServer,
} from './server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 3103);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54330);
const baseUrl = `http://127.0.0.1:${port}`;
const args = process.argv.slice(2);
const envName = (name: string) => `BENCH_${name.toUpperCase()}`;
const flag = (name: string) => args.includes(`--${name}`) || process.env[envName(name)] === '1';
const option = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? process.env[envName(name)] ?? fallback;
const duration = Number(option('duration', '9'));
const rounds = Math.max(1, Number(option('rounds', '3')));
const connections = Number(option('connections', '10'));
const only = option('only', '');
const collegeHeaders = { 'college-id': 'demo' };

/** What one autocannon run measured. */
interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  note?: string;
}

/** A measured route or flow; `unit` divides request counts (a sign-in is two requests). */
interface Workload {
  name: string;
  options: autocannon.Options;
  unit?: number;
  note?: string;
}

/** The throw-away cluster's log, when we started one. */
let clusterLog: string | undefined;

/** Tables that grow with the university; a sequential scan of one of them in a list query is a bug. */
const largeTables = ['users', 'students', 'lecturers', 'class_students', 'class_teachers', 'meetings'];

/**
 * Sends each GET workload once with auto_explain logging every statement's plan, and reports the
 * sequential scans of large tables those plans contain. Only on the throw-away cluster.
 */
async function checkQueryPlans(databaseUrl: string, list: Workload[]): Promise<string[]> {
  if (!clusterLog) return ['query plans not checked: BENCH_DATABASE_URL given'];
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const findings: string[] = [];
  try {
    for (const workload of list.filter((w) => w.options.path && !w.options.requests)) {
      const before = readFileSync(clusterLog, 'utf8').length;
      await admin.query('alter system set auto_explain.log_min_duration = 0');
      await admin.query('select pg_reload_conf()');
      await new Promise((r) => setTimeout(r, 300));
      const answer = await fetch(`${baseUrl}${workload.options.path}`, { headers: workload.options.headers });
      const body = (await answer.json()) as { meta?: { total_items?: number } };
      await admin.query('alter system reset auto_explain.log_min_duration');
      await admin.query('select pg_reload_conf()');
      const plans = readFileSync(clusterLog, 'utf8').slice(before);
      const planCount = plans.split(' plan:').length - 1;
      const scans = [...plans.matchAll(/Seq Scan on (\w+)/g)].map((m) => m[1]!);
      const bad = [...new Set(scans.filter((t) => largeTables.includes(t)))];
      findings.push(
        `${workload.name}: ${bad.length ? `SEQUENTIAL SCAN of ${bad.join(', ')}` : 'no sequential scan of large tables'}` +
          ` (${[...new Set(scans)].join(', ') || 'no sequential scans at all'}; ${planCount} plans logged;` +
          ` HTTP ${answer.status}${body.meta ? `, ${body.meta.total_items} items` : ''})`,
      );
    }
  } finally {
    await admin.end();
  }
  return findings;
}

async function startThrowAwayCluster(): Promise<string> {
  const cluster = await startCluster(pgPort, onCleanup);
  clusterLog = cluster.log;
  return cluster.url;
}

/** Starts the built server on the benchmark database and waits until it is ready. */
function startServer(databaseUrl: string): Promise<ChildProcess> {
  return startBuiltServer(databaseUrl, port, onCleanup);
}

const { authorizeBody, tokenBody, jsonHeaders, signIn } = signInHelpers(baseUrl);

const baselineWorkload: Workload = { name: 'GET /health/live (baseline)', options: { path: '/health/live' } };

async function run(workload: Workload, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url: baseUrl, connections, duration: seconds, ...workload.options });
}

function summarise(workload: Workload, results: autocannon.Result[]): Measurement {
  const unit = workload.unit ?? 1;
  const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    name: workload.name,
    requestsPerSecond: results.reduce((sum, r) => sum + r.requests.average, 0) / results.length / unit,
    // Latencies stay per request (for a sign-in: the mix of its two requests): median p50, worst p99.
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    note: workload.note,
  };
}

interface Pair {
  measured: Measurement;
  baseline: Measurement;
}

/**
 * Measures a workload in rounds that alternate with the baseline, so both see the same machine: on a
 * shared machine a load change between two long runs would otherwise show up as a false ratio.
 */
async function measurePaired(workload: Workload): Promise<Pair> {
  const seconds = Math.max(1, Math.round(duration / rounds));
  const base: autocannon.Result[] = [];
  const measured: autocannon.Result[] = [];
  for (let i = 0; i < rounds; i++) {
    base.push(await run(baselineWorkload, seconds));
    measured.push(await run(workload, seconds));
  }
  return { measured: summarise(workload, measured), baseline: summarise(baselineWorkload, base) };
}

/** The workloads measured after the baseline; later issues add theirs here. */
/** Issue 4: the class lists (operator table with filters and search; a student's own classes). */
async function classListWorkloads(large: boolean): Promise<Workload[]> {
  const operator = await signIn('operator');
  // With the large data a generated student (nim of angkatan 2023, Teknik Sipil) has ~5 classes among
  // 250,000 enrolments; the demo account otherwise.
  const student = await signIn(large ? '2023110001' : 'mahasiswa');
  const list: Workload[] = [];
  if (operator) {
    const query = large
      ? 'periode=20261&id_prodi_mata_kuliah=demo-ts&search=Statistika&page=1&per_page=10'
      : 'periode=20261&status=berlangsung&search=Data&page=1&per_page=10';
    list.push({
      name: 'operator class list: period + study program + search, 10 per page',
      options: {
        path: `/v2/lms/kelas_kuliah?${query}`,
        headers: { ...collegeHeaders, authorization: `Bearer ${operator}` },
      },
    });
  }
  if (student) {
    list.push({
      name: "student's class list (current period)",
      options: {
        path: '/v2/lms/kelas_kuliah?periode=20261&page=1&per_page=10',
        headers: { ...collegeHeaders, authorization: `Bearer ${student}` },
      },
    });
  }
  return list;
}

async function workloads(): Promise<{ list: Workload[]; missing: string[] }> {
  const list: Workload[] = [];
  const missing: string[] = [];
  const token = await signIn('mahasiswa');
  if (!token) {
    missing.push(
      'sign-in routes (POST /v2/authorize, /v2/access_token) answer 404: sign-in workloads skipped',
    );
    return { list, missing };
  }
  list.push({
    name: 'GET /v2/user_info',
    options: { path: '/v2/user_info', headers: { ...collegeHeaders, authorization: `Bearer ${token}` } },
  });
  list.push({
    name: 'sign-in (authorize + access_token)',
    unit: 2,
    note: 'sign-ins/s; argon2id verification per sign-in, slow by design; latency per request',
    options: {
      requests: [
        {
          method: 'POST',
          path: '/v2/authorize',
          headers: jsonHeaders,
          body: authorizeBody('mahasiswa'),
          onResponse: (status, body, context) => {
            if (status === 200) context.code = (JSON.parse(body) as { data: { code: string } }).data.code;
          },
        },
        {
          method: 'POST',
          path: '/v2/access_token',
          headers: jsonHeaders,
          setupRequest: (request, context) =>
            context.code ? { ...request, body: tokenBody(String(context.code)) } : undefined,
        },
      ],
    },
  });
  list.push(...(await classListWorkloads(flag('large'))));
  return { list, missing };
}

function formatTable(pairs: Pair[]): string {
  const lines = [
    '| workload | requests/s | p50 ms | p99 ms | baseline req/s in the same rounds | ratio | non-2xx + errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { measured: m, baseline: b } of pairs) {
    lines.push(
      `| ${m.name}${m.note ? ` (${m.note})` : ''} | ${m.requestsPerSecond.toFixed(1)} | ${m.p50} | ${m.p99} | ` +
        `${b.requestsPerSecond.toFixed(0)} (p50 ${b.p50}, p99 ${b.p99}) | ` +
        `${(m.requestsPerSecond / b.requestsPerSecond).toFixed(3)} | ${m.non2xx + m.errors} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = performance.now();
  const setup: Record<string, number> = {};
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? (await startThrowAwayCluster());
  console.log(`database: ${databaseUrl.replace(/:[^:@/]*@/, ':***@')}`);

  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    const [row] = await database.query<{ n: number }>('select count(*)::int as n from colleges');
    if (!row?.n) {
      const t = performance.now();
      await seedDemoUniversity(database.db);
      setup.demoSeedSeconds = (performance.now() - t) / 1000;
      console.log(`demo university seeded in ${setup.demoSeedSeconds.toFixed(1)} s`);
    }
  } finally {
    await database.close();
  }
  if (flag('large')) {
    const summary = await generateLargeData(databaseUrl, { log: console.log });
    if (!summary.skipped) setup.largeDataSeconds = summary.seconds;
    console.log(
      summary.skipped
        ? 'large data already present'
        : `large data generated in ${summary.seconds.toFixed(1)} s`,
    );
  }

  buildServerIfNeeded();
  await startServer(databaseUrl);
  console.log(
    `server ready on ${baseUrl}; per workload ${rounds} rounds of ${Math.round(duration / rounds)} s, ` +
      `alternating with the baseline; ${connections} connections\n`,
  );

  // Warm up (JIT, connection pool, caches) before anything counts.
  await autocannon({ url: baseUrl, connections, duration: 2, path: '/health/live' });
  const { list, missing } = await workloads();
  for (const workload of list) {
    await autocannon({ url: baseUrl, connections, ...workload.options, duration: 1 });
  }
  const plans = await checkQueryPlans(databaseUrl, list);
  const pairs: Pair[] = [];
  // Without workloads, the baseline against itself still shows the harness works.
  if (!list.length) pairs.push(await measurePaired(baselineWorkload));
  for (const workload of list.filter((w) => w.name.includes(only))) {
    pairs.push(await measurePaired(workload));
  }
  // Let requests still in flight when autocannon stopped finish before the server goes.
  await new Promise((r) => setTimeout(r, 1000));
  const table = formatTable(pairs);
  console.log(table);
  for (const line of missing) console.log(`\nnot measured: ${line}`);
  console.log(`\nquery plans (auto_explain, one request each):\n${plans.map((l) => `- ${l}`).join('\n')}`);

  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg() },
        duration,
        rounds,
        connections,
        setup,
        pairs,
        plans,
      },
      null,
      2,
    ),
  );
  console.log(
    `\nresults: ${path.relative(root, file)}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

await runBench(main);
