// CPU per exam start (`npm run exam-start-cost -w @lms/bench`, issue 42 §3): what a student's first
// start (POST /v2/lms/ujian/:id/pengerjaan/start, the content already in the 5-second cache) costs the
// server and PostgreSQL, measured narrowly enough to compare one change of the start's code with the next.
//
// A throw-away PostgreSQL cluster (unless BENCH_DATABASE_URL is given), migrated and seeded; a fixture
// class of students with a running UTS of ten choice questions, its question sets prepared ahead (as
// operation-cost.ts and the storm have it). The server runs in this process (buildApp, job workers on,
// the sources as they are now, no build) and is called through app.inject, one start after the other,
// each by a new student: --rounds rounds of --starts starts. Per round: this process's CPU
// (process.cpuUsage: the server's work plus light-my-request's small share) and PostgreSQL's backends'
// (/proc, bench/process-cpu.ts), read a second after the round so the attempted facts' drain is counted,
// minus the idle process's share (job polls) over the same time. CPU per operation moves far less with
// the machine's load than throughput does; the range over the rounds is printed.
//
// BENCH_CPU_PROF=<folder>: one more round is profiled (node:inspector) and written there as
// exam-start.cpuprofile, with the functions of most self time printed.
//
// BENCH_BASELINE_DIR=<folder>: a copy of the repository with the code before a change (e.g.
// `git archive HEAD | tar -x -C /tmp/base`, its node_modules linked to this one's but with its own
// node_modules/@lms links): a second server is built from its sources on the same database, and the two
// take alternate rounds (before/after, then after/before), so both meet the machine's load alike; the
// ratio after/before per pair of rounds is printed.
//
// Options: --rounds=<n> (5), --starts=<n> (300) or BENCH_ROUNDS, BENCH_STARTS; BENCH_DATABASE_URL,
// BENCH_PG_PORT (54355).
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { benchOption } from './bench-args.ts';
import { benchTokenSigner } from './bench-tokens.ts';
import { familyCpuMs, statFields } from './process-cpu.ts';
import {
  benchDatabaseUrl,
  collegeHeaders,
  onCleanup,
  prepareDemoDatabase,
  runBench,
} from './server-process.ts';

const rounds = Math.max(1, Number(benchOption('rounds', '5')));
const startsPerRound = Math.max(1, Number(benchOption('starts', '300')));
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54355);
const profileDir = process.env.BENCH_CPU_PROF;
const baselineDir = process.env.BENCH_BASELINE_DIR;
const collegeId = 'demo';
const questionCount = 10;
const warmUpCount = 50;
/** The attempted facts' drain runs 300 ms after a start: it lands in its round. */
const settleMs = 1_000;

const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));
const fixed = (value: number) => value.toFixed(2);
const range = (values: number[]) =>
  `${fixed(Math.min(...values))}–${fixed(Math.max(...values))} (median ${fixed([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!)})`;

/** A class of `count` students in a running UTS meeting (plain SQL, as operation-cost.ts). */
async function buildFixture(client: pg.Client, count: number) {
  const tag = Date.now().toString(36).slice(-5);
  await client.query('begin');
  const created = await client.query<{ id: string }>(
    `insert into classes (id, college_id, periode, mata_kuliah_id, nama, jenis, status, mode_kuliah, kapasitas)
     select periode || '_START' || $3 || '_' || mata_kuliah_id, college_id, periode, mata_kuliah_id, 'START', jenis,
            'berlangsung', 'online', $2
     from classes where college_id = $1 order by id limit 1
     returning id`,
    [collegeId, count, tag],
  );
  const kelasId = created.rows[0]!.id;
  await client.query(
    `insert into users (id, college_id, username, password_hash, role, nama, created_at)
     select gen_random_uuid(), $1, 'start' || $3 || lpad(n::text, 5, '0'),
            (select password_hash from users where college_id = $1 and username = 'mahasiswa'),
            'mahasiswa', 'Mahasiswa Mulai ' || n, now()
     from generate_series(1, $2::int) n`,
    [collegeId, count, tag],
  );
  await client.query(
    `insert into students (user_id, college_id, nim, prodi_id, status, angkatan)
     select u.id, u.college_id, u.username,
            (select s.prodi_id from students s join users x on x.id = s.user_id
             where x.college_id = $1 and x.username = 'mahasiswa'), 'Aktif', 2024
     from users u where u.college_id = $1 and u.username like 'start' || $2 || '%'`,
    [collegeId, tag],
  );
  await client.query(
    `insert into class_students (kelas_id, mahasiswa_id, college_id)
     select $2, id, college_id from users where college_id = $1 and username like 'start' || $3 || '%'`,
    [collegeId, kelasId, tag],
  );
  const meeting = await client.query<{ id: string }>(
    `insert into meetings (college_id, kelas_id, nomor, judul, kategori, jenis, waktu_mulai, waktu_selesai, status)
     values ($1, $2, 1, 'Pertemuan 1', 'uts', 'online', now() - interval '10 minutes', now() + interval '3 hours', 'berlangsung')
     returning id`,
    [collegeId, kelasId],
  );
  const ids = await client.query<{ id: string }>(
    `select id from users where college_id = $1 and username like 'start' || $2 || '%' order by username`,
    [collegeId, tag],
  );
  await client.query('commit');
  await client.query('analyze');
  return { pertemuanId: meeting.rows[0]!.id, studentIds: ids.rows.map((r) => r.id) };
}

async function send(
  app: FastifyInstance,
  token: string,
  method: 'POST' | 'GET',
  url: string,
  body?: unknown,
) {
  const response = await app.inject({
    method,
    url,
    headers: { ...collegeHeaders, authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  if (response.statusCode !== 200)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response;
}

/** A running UTS with one group of ten choice questions, shuffled, sets prepared ahead (as the operator). */
async function createExam(app: FastifyInstance, operatorToken: string, pertemuanId: string): Promise<string> {
  const dataOf = <T>(response: { body: string }) => (JSON.parse(response.body) as { data: T }).data;
  const exam = dataOf<{ id: string }>(
    await send(app, operatorToken, 'POST', '/v2/lms/ujian', {
      id_pertemuan: pertemuanId,
      judul: 'UTS Biaya Mulai',
      deskripsi: '<p>Ujian tengah semester.</p>',
      jenis: 'uts',
      sifat: 'open',
      gunakan_batas_waktu: true,
      durasi: 120,
      acak_soal: true,
      waktu_mulai: new Date(Date.now() - 5 * 60_000).toISOString(),
      waktu_selesai: new Date(Date.now() + 3 * 3_600_000).toISOString(),
    }),
  );
  const group = dataOf<{ id: string }>(
    await send(app, operatorToken, 'POST', `/v2/lms/ujian/${exam.id}/kelompok_soal`, { aturan: 'semua' }),
  );
  for (let i = 1; i <= questionCount; i++) {
    await send(app, operatorToken, 'POST', `/v2/lms/ujian/${exam.id}/kelompok_soal/${group.id}/soal`, {
      pertanyaan: `<p>Soal nomor ${i}: pilih jawaban yang paling tepat.</p>`,
      isi: {
        jenis: 'pilihan',
        pilihan: [{ teks: 'Pilihan A' }, { teks: 'Pilihan B' }, { teks: 'Pilihan C' }, { teks: 'Pilihan D' }],
        kunci: i % 4,
      },
    });
  }
  await send(app, operatorToken, 'POST', `/v2/lms/ujian/${exam.id}/siapkan_soal`);
  return exam.id;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** The functions of most self time in a V8 CPU profile, as lines. */
function topSelfTime(
  profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] },
  count: number,
) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n] as const));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const file = frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/work\/main\//, '');
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, micros]) => `${((100 * micros) / total).toFixed(1).padStart(5)} %  ${key}`);
}

async function main(): Promise<void> {
  const load = [os.loadavg()[0]!];
  const databaseUrl = await benchDatabaseUrl(pgPort);
  await prepareDemoDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(() => client.end());
  const variants = baselineDir ? 2 : 1;
  const needed = variants * (warmUpCount + rounds * startsPerRound) + (profileDir ? startsPerRound : 0);
  const fixture = await buildFixture(client, needed);
  // Sets TOKEN_SECRET for the server built next.
  const signAll = benchTokenSigner(client, collegeId);
  const backendPid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const postmaster = Number(statFields(backendPid)[1]);

  const database = await openDatabase({ databaseUrl });
  onCleanup(() => database.close());
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_TOKEN_PER_MINUTE: '10000000',
  });
  const app = await buildApp({ config: { ...config, webDistDir: undefined }, database, logger: false });
  onCleanup(() => app.close());
  await app.ready();
  const baseline = baselineDir ? await buildBaselineApp(baselineDir, databaseUrl) : undefined;

  const [operator] = (
    await client.query<{ id: string }>(
      `select id from users where college_id = $1 and username = 'operator'`,
      [collegeId],
    )
  ).rows;
  const [operatorToken] = await signAll([operator!.id], 'operator');
  const examId = await createExam(app, operatorToken!, fixture.pertemuanId);
  const tokens = await signAll(fixture.studentIds, 'mahasiswa');
  let next = 0;
  let answerBytes = 0;
  const url = `/v2/lms/ujian/${examId}/pengerjaan/start`;
  const startOne = async (server: FastifyInstance) => {
    const response = await send(server, tokens[next++]!, 'POST', url);
    answerBytes = response.rawPayload.length;
  };

  for (const server of [app, baseline]) {
    if (server) for (let i = 0; i < warmUpCount; i++) await startOne(server);
  }
  await sleep(settleMs);
  // The idle process's CPU per ms (job polls), subtracted from each round.
  const idleCpu = () => {
    const usage = process.cpuUsage();
    return { at: performance.now(), app: (usage.user + usage.system) / 1000, pg: familyCpuMs(postmaster) };
  };
  const idle0 = idleCpu();
  await sleep(3_000);
  const idle1 = idleCpu();
  const idleAppRate = (idle1.app - idle0.app) / (idle1.at - idle0.at);
  const idlePgRate = (idle1.pg - idle0.pg) / (idle1.at - idle0.at);
  load.push(os.loadavg()[0]!);

  const runRound = async (server: FastifyInstance) => {
    const before = idleCpu();
    const t = performance.now();
    for (let i = 0; i < startsPerRound; i++) await startOne(server);
    const wallMs = performance.now() - t;
    await sleep(settleMs);
    const after = idleCpu();
    const elapsed = after.at - before.at;
    return {
      app: (after.app - before.app - idleAppRate * elapsed) / startsPerRound,
      pg: (after.pg - before.pg - idlePgRate * elapsed) / startsPerRound,
      wallMs: wallMs / startsPerRound,
    };
  };
  type Round = Awaited<ReturnType<typeof runRound>>;
  const measured: Round[] = [];
  const before: Round[] = [];
  const show = (label: string, round: Round) =>
    console.log(
      `${label}: server ${fixed(round.app)} ms + PostgreSQL ${fixed(round.pg)} ms CPU per start; ${fixed(round.wallMs)} ms each`,
    );
  for (let r = 0; r < rounds; r++) {
    if (!baseline) {
      const round = await runRound(app);
      measured.push(round);
      show(`round ${r + 1}`, round);
      continue;
    }
    // Before first in odd pairs, after first in even ones: a drift of the load favours neither.
    const order = r % 2 === 0 ? [baseline, app] : [app, baseline];
    for (const server of order) {
      const round = await runRound(server);
      (server === app ? measured : before).push(round);
      show(`round ${r + 1} ${server === app ? 'after ' : 'before'}`, round);
    }
  }
  load.push(os.loadavg()[0]!);

  const summarise = (label: string, of: Round[]) => {
    console.log(`- server (this process)${label}: ${range(of.map((m) => m.app))} ms`);
    console.log(`- PostgreSQL backends${label}:   ${range(of.map((m) => m.pg))} ms`);
    console.log(`- total${label}:                 ${range(of.map((m) => m.app + m.pg))} ms`);
  };
  console.log(
    `\nCPU per first start (${rounds} rounds of ${startsPerRound} sequential starts, warm content cache, UTS of ${questionCount} choice questions, answer ${answerBytes} bytes):`,
  );
  if (baseline) {
    summarise(' before', before);
    summarise(' after', measured);
    const total = (m: Round) => m.app + m.pg;
    console.log(
      `- after/before per pair: total ${range(measured.map((m, i) => total(m) / total(before[i]!)))}, server ${range(measured.map((m, i) => m.app / before[i]!.app))}, PostgreSQL ${range(measured.map((m, i) => m.pg / before[i]!.pg))}`,
    );
  } else {
    summarise('', measured);
  }
  console.log(
    `- idle share subtracted: ${fixed(idleAppRate * 1000)} / ${fixed(idlePgRate * 1000)} ms CPU/s; ${os.cpus().length} CPUs, load average (1 min) ${load.map((l) => l.toFixed(1)).join(' → ')}`,
  );

  if (profileDir) {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    await runRound(app);
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(profileDir, { recursive: true });
    const file = path.join(profileDir, 'exam-start.cpuprofile');
    writeFileSync(file, JSON.stringify(profile));
    console.log(`\nprofile of one more round: ${file}; most self time:`);
    for (const line of topSelfTime(profile as never, 30)) console.log(line);
  }
}

/** The server of the copy with the code before a change, on its own pool of the same database. */
async function buildBaselineApp(dir: string, databaseUrl: string): Promise<FastifyInstance> {
  const source = (file: string) => pathToFileURL(path.resolve(dir, 'apps/server/src', file)).href;
  const baseApp = (await import(source('app.ts'))) as { buildApp: typeof buildApp };
  const baseConfig = (await import(source('config.ts'))) as { loadConfig: typeof loadConfig };
  const baseDatabase = (await import(source('db/database.ts'))) as { openDatabase: typeof openDatabase };
  const database = await baseDatabase.openDatabase({ databaseUrl });
  onCleanup(() => database.close());
  const config = baseConfig.loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_TOKEN_PER_MINUTE: '10000000',
  });
  const server = await baseApp.buildApp({
    config: { ...config, webDistDir: undefined },
    database,
    logger: false,
  });
  onCleanup(() => server.close());
  await server.ready();
  return server;
}

await runBench(main);
