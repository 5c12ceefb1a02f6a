// Exam start-storm benchmark (`npm run bench:exam`, issue 13): a throw-away PostgreSQL cluster (unless
// BENCH_DATABASE_URL is given), migrated and seeded; the built server and, as the baseline, a bare
// Fastify route running one single-row UPDATE (bench/bare-update-server.ts), both as child processes on
// the same database, measured in the same run.
//
//   1. the storm: 2,000 students (fixture class: a UTS after seven lectures, each student present at six)
//      start the same running exam within 60 s (an open-loop schedule, one every 30 ms), their question
//      sets prepared ahead (POST …/siapkan_soal, as the job does an hour before); then each saves an
//      answer every 15 s for --save-seconds (default 60), and one save in twenty is followed by a late
//      retry of the older answer (it must not win);
//   2. capacity, in rounds that alternate with the baseline (the machines are shared): saves and the bare
//      UPDATE at the same concurrency (throughput and p99), then starts of a second exam by the same
//      2,000 students as fast as the server takes them (every start creates its attempt);
//   3. afterwards, every student's answers in PostgreSQL against what the server acknowledged: zero lost
//      and zero reordered; the server's memory (peak and current RSS).
//
// Each capacity phase also reports CPU per request: the route's process plus PostgreSQL's backends
// (from /proc; backends that end during a phase take their CPU with them, so PostgreSQL's share can
// read low or even negative).
//
// Across instances (issue 42): --instances=<n> runs n servers and n bare baselines, each group behind
// Debian's nginx with the shipped site (bench/load-balancer.ts; round robin, no sticky sessions), and the
// students reach them only through nginx. --kill-at=<s> (with two or more instances) ends the second
// instance with SIGKILL that many seconds into the storm; the students then behave as the exam page does
// (a failed save is sent again after 1–2 s, a failed start is tapped again after 1–2 s) and the bench
// reports when the last of them was served again and that every acknowledged answer is stored; the
// capacity rounds are left out then (one instance is gone).
//
// Options: --students=<n> (2000), --save-seconds=<s> (60), --rounds=<n> (3), --concurrency=<n> (10),
// --instances=<n> (1), --kill-at=<s> (none), --baps-pending=1 (the lectures' BAPs are drawn by the
// minute's job during the storm instead of made beforehand), each also as BENCH_STUDENTS,
// BENCH_SAVE_SECONDS, BENCH_INSTANCES, BENCH_KILL_AT, … (npm run passes no --options through);
// BENCH_DATABASE_URL, BENCH_PORT (3106; instances at 3116…), BENCH_BARE_PORT (3107; at 3126…),
// BENCH_PG_PORT (54333), BENCH_CPU_PROF=<folder> (a V8 CPU profile of the server, written when it stops).
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { benchOption, percentile } from './bench-args.ts';
import { benchTokenSigner } from './bench-tokens.ts';
import { Agent, request, type Dispatcher } from 'undici';
import { plainFrontBlock, startLoadBalancer } from './load-balancer.ts';
import { familyCpuMs, memoryOf, statFields, sumCpuMs, withCpu } from './process-cpu.ts';
import {
  benchDatabaseUrl,
  buildServerIfNeeded,
  collegeHeaders,
  onCleanup,
  prepareDemoDatabase,
  root,
  runBench,
  startBuiltServer,
} from './server-process.ts';

const option = benchOption;
const studentCount = Number(option('students', '2000'));
const saveSeconds = Number(option('save-seconds', '60'));
const rounds = Math.max(1, Number(option('rounds', '3')));
const concurrency = Number(option('concurrency', '10'));
const instanceCount = Math.max(1, Number(option('instances', '1')));
const killAtSeconds = instanceCount > 1 ? Number(option('kill-at', '0')) : 0;
// The lectures' BAPs left to the minute's job, which then draws four of 10,000 names during the storm.
const bapsPending = option('baps-pending', '0') === '1';
const startWindowMs = 60_000;
const saveEveryMs = 15_000;
const questionCount = 10;
const port = Number(process.env.BENCH_PORT ?? 3106);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 3107);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54333);
const baseUrl = `http://127.0.0.1:${port}`;
const bareUrl = `http://127.0.0.1:${barePort}`;
const collegeId = 'demo';

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));

/** The fixture: `studentCount` students in a new class with one meeting; answers the class id. */
async function buildFixture(client: pg.Client): Promise<{ kelasId: string; pertemuanId: string }> {
  await client.query('begin');
  const created = await client.query<{ id: string }>(
    `insert into classes (id, college_id, periode, mata_kuliah_id, nama, jenis, status, mode_kuliah, kapasitas)
     select periode || '_STORM_' || mata_kuliah_id, college_id, periode, mata_kuliah_id, 'STORM', jenis,
            'berlangsung', 'online', $2
     from classes where college_id = $1 order by id limit 1
     returning id`,
    [collegeId, studentCount],
  );
  const kelasId = created.rows[0]!.id;
  await client.query(
    `insert into users (id, college_id, username, password_hash, role, nama, created_at)
     select gen_random_uuid(), $1, 'storm' || lpad(n::text, 5, '0'),
            (select password_hash from users where college_id = $1 and username = 'mahasiswa'),
            'mahasiswa', 'Mahasiswa Storm ' || n, now()
     from generate_series(1, $2::int) n`,
    [collegeId, studentCount],
  );
  await client.query(
    `insert into students (user_id, college_id, nim, prodi_id, status, angkatan)
     select u.id, u.college_id, u.username,
            (select s.prodi_id from students s join users x on x.id = s.user_id
             where x.college_id = $1 and x.username = 'mahasiswa'), 'Aktif', 2024
     from users u where u.college_id = $1 and u.username like 'storm%'`,
    [collegeId],
  );
  await client.query(
    `insert into class_students (kelas_id, mahasiswa_id, college_id)
     select $2, id, college_id from users where college_id = $1 and username like 'storm%'`,
    [collegeId, kelasId],
  );
  // As a UTS is: after seven weekly lectures, each student marked present at six (the college's
  // attendance minimum, 75 %, is checked at every start).
  const lectures = await client.query<{ id: string }>(
    `insert into meetings (college_id, kelas_id, nomor, judul, kategori, jenis, waktu_mulai, waktu_selesai, status)
     select $1, $2, n, 'Kuliah ' || n, 'kuliah', 'offline', now() - (8 - n) * interval '7 days',
            now() - (8 - n) * interval '7 days' + interval '100 minutes', 'selesai'
     from generate_series(1, 7) n
     returning id`,
    [collegeId, kelasId],
  );
  await client.query(
    `insert into student_attendance (college_id, pertemuan_id, mahasiswa_id, presensi, source, updated_by)
     select cs.college_id, m.id, cs.mahasiswa_id, case when m.nomor = 7 then 'A' else 'H' end::attendance_mark,
            'manual', (select id from users where college_id = $1 and username = 'dosen')
     from class_students cs join meetings m on m.college_id = cs.college_id and m.kelas_id = cs.kelas_id
     where cs.college_id = $1 and cs.kelas_id = $2 and m.id = any($3::uuid[])`,
    [collegeId, kelasId, lectures.rows.map((r) => r.id)],
  );
  // Their BAPs were made as each lecture ended, weeks ago (stale copies are rendered again on download),
  // unless --baps-pending.
  if (!bapsPending)
    await client.query(
      `insert into meeting_reports (pertemuan_id, college_id, file_key, size)
     select id, $1, 'bench/bap-' || id, 0 from unnest($2::uuid[]) id`,
      [collegeId, lectures.rows.map((r) => r.id)],
    );
  const meeting = await client.query<{ id: string }>(
    `insert into meetings (college_id, kelas_id, nomor, judul, kategori, jenis, waktu_mulai, waktu_selesai, status)
     values ($1, $2, 8, 'UTS', 'uts', 'online', now() - interval '10 minutes', now() + interval '3 hours', 'berlangsung')
     returning id`,
    [collegeId, kelasId],
  );
  await client.query('commit');
  return { kelasId, pertemuanId: meeting.rows[0]!.id };
}

/** Requests the server shed (503 with Retry-After) and that were sent again, as the web client does. */
let shedAndResent = 0;

/**
 * A JSON request to the server; answers the status, the body and the time taken. A shed request is sent
 * again after Retry-After × a random 1–2, up to three times, as the web client does (http-request.ts).
 */
async function call(token: string, method: string, url: string, body?: unknown) {
  const t = performance.now();
  for (let attempt = 0; ; attempt++) {
    const answer = await callOnce(token, method, url, body);
    const retryAfter = Number(answer.retryAfter);
    if (answer.status !== 503 || !retryAfter || attempt === 3)
      return { status: answer.status, json: answer.json, ms: performance.now() - t };
    shedAndResent++;
    await sleep(retryAfter * 1000 * (1 + Math.random()));
  }
}

/** Failures the exam page rides out by sending again: no answer, or the proxy's 502/504 (a server went away). */
const isConnectionFailure = (status: number) => status === 0 || status === 502 || status === 504;

/** What the students saw of a server going away: requests sent again, and when they were served again. */
const resent = { requests: 0, gaveUp: 0, firstFailureAt: Infinity, lastServedAgainAt: 0, longestWaitMs: 0 };

/**
 * A request as the exam page makes it: after a connection failure it goes again 1–2 s later (the answer
 * queue's quick resend; for a start, the student tapping Mulai again), up to 20 times.
 */
async function callAsThePage(token: string, method: string, url: string, body?: unknown) {
  const t = performance.now();
  let failedAt: number | undefined;
  for (let attempt = 0; ; attempt++) {
    const answer = await call(token, method, url, body);
    if (!isConnectionFailure(answer.status) || attempt === 20) {
      if (failedAt !== undefined) {
        const now = performance.now();
        if (isConnectionFailure(answer.status)) resent.gaveUp++;
        else {
          resent.lastServedAgainAt = Math.max(resent.lastServedAgainAt, now);
          resent.longestWaitMs = Math.max(resent.longestWaitMs, now - failedAt);
        }
      }
      return { ...answer, ms: performance.now() - t };
    }
    failedAt ??= performance.now();
    resent.firstFailureAt = Math.min(resent.firstFailureAt, failedAt);
    resent.requests++;
    await sleep(1_000 + Math.random() * 1_000);
  }
}

// undici's own request API: a fifth of fetch's CPU per request, which matters when the load generator
// shares the two cores with the servers and PostgreSQL (10,000 students send ~800 requests a second).
const httpAgent = new Agent({ keepAliveTimeout: 30_000, connections: 1_000 });

async function callOnce(token: string, method: string, url: string, body?: unknown) {
  try {
    const response = await request(`${baseUrl}${url}`, {
      method: method as Dispatcher.HttpMethod,
      dispatcher: httpAgent,
      headers: {
        ...collegeHeaders,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.body.text();
    return {
      status: response.statusCode,
      json: text && response.headers['content-type']?.includes('json') ? JSON.parse(text) : null,
      retryAfter: (response.headers['retry-after'] as string | undefined) ?? null,
    };
  } catch (error) {
    // A refused or timed-out connection counts as a failure, not as the end of the run.
    return { status: 0, json: { error: String(error) }, retryAfter: null };
  }
}

/** A running exam with one group of ten choice questions (created through the API as the operator). */
async function createExam(operatorToken: string, pertemuanId: string, title: string) {
  const exam = await call(operatorToken, 'POST', '/v2/lms/ujian', {
    id_pertemuan: pertemuanId,
    judul: title,
    deskripsi: '<p>Ujian tengah semester.</p>',
    jenis: 'uts',
    sifat: 'open',
    gunakan_batas_waktu: true,
    durasi: 120,
    acak_soal: true,
    waktu_mulai: new Date(Date.now() - 5 * 60_000).toISOString(),
    waktu_selesai: new Date(Date.now() + 3 * 3_600_000).toISOString(),
  });
  if (exam.status !== 200) throw new Error(`create exam: ${exam.status} ${JSON.stringify(exam.json)}`);
  const id = exam.json.data.id as string;
  const group = await call(operatorToken, 'POST', `/v2/lms/ujian/${id}/kelompok_soal`, { aturan: 'semua' });
  for (let i = 1; i <= questionCount; i++) {
    await call(operatorToken, 'POST', `/v2/lms/ujian/${id}/kelompok_soal/${group.json.data.id}/soal`, {
      pertanyaan: `<p>Soal nomor ${i}: pilih jawaban yang paling tepat.</p>`,
      isi: {
        jenis: 'pilihan',
        pilihan: [{ teks: 'Pilihan A' }, { teks: 'Pilihan B' }, { teks: 'Pilihan C' }, { teks: 'Pilihan D' }],
        kunci: i % 4,
      },
    });
  }
  return id;
}

/**
 * An exam is announced to its class when shown with questions; a real one is created days before its
 * storm. Here the two exams are minutes old, so their announcements' fan-out (a notification for each
 * of the students, in one job) and its delivery are let finish first, as they would have long before:
 * the fan-out is waited for, and the notifications are marked delivered as the push and email runs
 * would have marked them.
 */
async function settleAnnouncements(client: pg.Client, examIds: string[]) {
  const t = performance.now();
  const pending = async () =>
    (
      await client.query<{ n: number }>(
        `select count(*)::int as n from notification_events
         where college_id = $1 and resource_id = any($2) and done_at is null`,
        [collegeId, examIds],
      )
    ).rows[0]!.n;
  while ((await pending()) > 0) {
    if (performance.now() - t > 120_000) throw new Error('the exams were not announced within 2 minutes');
    await sleep(500);
  }
  const marked = await client.query(
    `update notifications set pushed_at = coalesce(pushed_at, now()), emailed_at = coalesce(emailed_at, now())
     where college_id = $1 and (pushed_at is null or emailed_at is null)`,
    [collegeId],
  );
  console.log(
    `the exams' announcements: fanned out and marked delivered (${marked.rowCount} notifications) in ${ms(performance.now() - t)} ms`,
  );
}

interface Student {
  token: string;
  attemptId?: string;
  questions: string[];
  /** Per question: the next sequence number to send. */
  next: Map<string, number>;
  /** Per question: the highest sequence number the server acknowledged. */
  acked: Map<string, number>;
}

const choiceOf = (urutan: number) => urutan % 4;

/**
 * One save; records the acknowledgement. `urutan` defaults to the question's next number; `send` is the
 * plain request, or the exam page's (which sends again after a connection failure).
 */
async function save(s: Student, soalId: string, urutan?: number, send = call) {
  const n = urutan ?? s.next.get(soalId) ?? 1;
  if (urutan === undefined) s.next.set(soalId, n + 1);
  const answer = await send(s.token, 'PUT', `/v2/lms/pengerjaan/${s.attemptId}/jawaban/${soalId}`, {
    jawaban: { jenis: 'pilihan', pilihan: choiceOf(n) },
    urutan: n,
  });
  if (answer.status === 200) s.acked.set(soalId, Math.max(s.acked.get(soalId) ?? 0, n));
  return { ...answer, applied: answer.json?.data?.diterapkan as boolean | undefined };
}

/** Runs `work` from `workers` loops for `seconds`; answers the latencies, failures and requests per second. */
async function closedLoop(
  workers: number,
  seconds: number,
  work: (i: number) => Promise<{ status: number; ms: number }>,
) {
  const latencies: number[] = [];
  let failed = 0;
  let count = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < end) {
        const r = await work(count++);
        latencies.push(r.ms);
        if (r.status !== 200) failed++;
      }
    }),
  );
  return { rps: latencies.length / ((performance.now() - started) / 1000), latencies, failed };
}

function startBareServer(databaseUrl: string, bindPort: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/bare-update-server.ts'), databaseUrl, String(bindPort)],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  onCleanup(() => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  return (async () => {
    for (let i = 0; i < 120; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${bindPort}/ready`)).ok) return child;
      } catch {
        // not yet
      }
      await sleep(250);
    }
    throw new Error('bare server did not start');
  })();
}

const bareCall = async (i: number) => {
  const t = performance.now();
  const response = await request(`${bareUrl}/bare/${1 + (i % 2000)}`, {
    method: 'PUT',
    dispatcher: httpAgent,
  });
  await response.body.arrayBuffer();
  return { status: response.statusCode, ms: performance.now() - t };
};

/** The servers and their baselines: one of each on its own, or `instanceCount` of each behind nginx. */
async function startServers(databaseUrl: string, serverEnv: Record<string, string>) {
  const spread = instanceCount > 1;
  const appPorts = spread ? Array.from({ length: instanceCount }, (_, i) => port + 10 + i) : [port];
  const barePorts = spread ? Array.from({ length: instanceCount }, (_, i) => barePort + 19 + i) : [barePort];
  const servers = await Promise.all(
    appPorts.map((p) => startBuiltServer(databaseUrl, p, onCleanup, serverEnv)),
  );
  // One after the other: each creates the baseline's table if it is missing.
  const bareServers: ChildProcess[] = [];
  for (const p of barePorts) bareServers.push(await startBareServer(databaseUrl, p));
  const front = spread
    ? await startLoadBalancer(port, appPorts, onCleanup, {
        extra: plainFrontBlock('bare', barePort, barePorts),
      })
    : undefined;
  const frontPids = front ? [front.pid!] : [];
  if (spread)
    console.log(
      `${instanceCount} instances (:${appPorts.join(', :')}) and baselines behind nginx (:${port}, :${barePort})`,
    );
  return {
    servers,
    appPids: [...servers.map((c) => c.pid!), ...frontPids],
    barePids: [...bareServers.map((c) => c.pid!), ...frontPids],
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  const load = [os.loadavg()[0]!];
  const databaseUrl = await benchDatabaseUrl(pgPort);
  await prepareDemoDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(() => client.end());
  const fixture = await buildFixture(client);
  await client.query('analyze');
  console.log(`fixture ${fixture.kelasId}: ${studentCount} students`);
  // Planning time too (a prepared statement PostgreSQL plans at every call shows here), on the
  // throw-away cluster only: it costs a little on every statement.
  if (Number(process.env.BENCH_TOP_STATEMENTS ?? 0) && !process.env.BENCH_DATABASE_URL) {
    await client.query('alter system set pg_stat_statements.track_planning = on');
    await client.query('select pg_reload_conf()');
  }

  const signAll = benchTokenSigner(client, collegeId);

  buildServerIfNeeded();
  // BENCH_SERVER_ENV='A=1 B=2' adds server variables (to try load-shedding settings; a value may hold
  // '=', as in NODE_OPTIONS=--max-semi-space-size=32).
  const serverEnv = Object.fromEntries(
    (process.env.BENCH_SERVER_ENV ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const { servers, appPids, barePids } = await startServers(databaseUrl, serverEnv);

  const [operator] = (
    await client.query<{ id: string }>(
      `select id from users where college_id = $1 and username = 'operator'`,
      [collegeId],
    )
  ).rows;
  const [operatorToken] = await signAll([operator!.id], 'operator');
  const examId = await createExam(operatorToken!, fixture.pertemuanId, 'UTS Storm');
  const secondExamId = await createExam(operatorToken!, fixture.pertemuanId, 'UTS Storm 2');
  const ids = (
    await client.query<{ id: string }>(
      `select id from users where college_id = $1 and username like 'storm%' order by username`,
      [collegeId],
    )
  ).rows.map((r) => r.id);
  const students: Student[] = (await signAll(ids, 'mahasiswa')).map((token) => ({
    token,
    questions: [],
    next: new Map(),
    acked: new Map(),
  }));
  await settleAnnouncements(client, [examId, secondExamId]);
  const t = performance.now();
  const prepared = await call(operatorToken!, 'POST', `/v2/lms/ujian/${examId}/siapkan_soal`);
  console.log(
    `question sets prepared ahead: ${JSON.stringify(prepared.json?.data)} in ${ms(performance.now() - t)} ms`,
  );
  load.push(os.loadavg()[0]!);

  // 1. The storm: starts spread over 60 s, then a save every 15 s per student, as the exam page sends
  // them (a connection failure is sent again).
  const startLatencies: number[] = [];
  const saveLatencies: number[] = [];
  let startFailures = 0;
  let saveFailures = 0;
  let lateRetries = 0;
  let lateRetriesApplied = 0;
  const stormStart = performance.now();
  const stormStartedAt = Date.now();
  const generatorCpu0 = process.cpuUsage();
  const timeline: TimelineEntry[] = [];
  const machineBusy = sampleMachineBusy(stormStart);
  const stormEnd = stormStart + startWindowMs + saveSeconds * 1000;
  const spacing = startWindowMs / studentCount;
  let killedAt: number | undefined;
  const killer =
    killAtSeconds > 0
      ? setTimeout(() => {
          killedAt = performance.now();
          servers[1]!.kill('SIGKILL');
          console.log(`instance 2 killed (SIGKILL) ${killAtSeconds} s into the storm`);
        }, killAtSeconds * 1000)
      : undefined;
  await Promise.all(
    students.map(async (s, i) => {
      await sleep(i * spacing);
      const sentAt = performance.now() - stormStart;
      const answer = await callAsThePage(s.token, 'POST', `/v2/lms/ujian/${examId}/pengerjaan/start`);
      startLatencies.push(answer.ms);
      timeline.push({ kind: 'start', sentAt, ms: answer.ms });
      if (answer.status !== 200) {
        startFailures++;
        return;
      }
      s.attemptId = answer.json.data.id;
      s.questions = (answer.json.data.kelompok_soal as Array<{ soal: Array<{ id: string }> }>).flatMap((g) =>
        g.soal.map((q) => q.id),
      );
      await sleep(Math.random() * saveEveryMs);
      while (performance.now() < stormEnd) {
        const soalId = s.questions[Math.floor(Math.random() * s.questions.length)]!;
        const sentAt = performance.now() - stormStart;
        const saved = await save(s, soalId, undefined, callAsThePage);
        saveLatencies.push(saved.ms);
        timeline.push({ kind: 'save', sentAt, ms: saved.ms });
        if (saved.status !== 200) saveFailures++;
        // A late retry of the answer before this one: acknowledged but never applied.
        const previous = (s.next.get(soalId) ?? 2) - 2;
        if (Math.random() < 0.05 && previous > 0 && saved.status === 200) {
          const retry = await save(s, soalId, previous, callAsThePage);
          lateRetries++;
          if (retry.applied) lateRetriesApplied++;
        }
        await sleep(saveEveryMs);
      }
    }),
  );
  clearTimeout(killer);
  machineBusy.stop();
  const stormSeconds = (performance.now() - stormStart) / 1000;
  const generatorCpu = process.cpuUsage(generatorCpu0);
  const generatorShare = (generatorCpu.user + generatorCpu.system) / 1e6 / stormSeconds;
  const startsDoneWithin = Math.max(...startLatencies.map((_, i) => i * spacing + startLatencies[i]!)) / 1000;
  load.push(os.loadavg()[0]!);
  const afterStorm = servers.filter((c) => c.exitCode === null && !c.killed).map((c) => memoryOf(c.pid!));

  // The cluster's postmaster: the parent of this client's backend.
  const backendPid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const postmaster = Number(statFields(backendPid)[1]);
  const capacity =
    killedAt === undefined
      ? await measureCapacity(students, secondExamId, {
          server: { app: appPids, postmaster },
          bare: { app: barePids, postmaster },
        })
      : undefined;
  load.push(os.loadavg()[0]!);
  const memory = servers.filter((c) => c.exitCode === null && !c.killed).map((c) => memoryOf(c.pid!));

  // 3. Lost or reordered answers: the stored answer of every acknowledged question is the highest
  // acknowledged number with its value.
  const stored = await client.query<{
    attempt_id: string;
    soal_id: string;
    urutan: string;
    jawaban: { pilihan: number };
  }>(
    `select a.attempt_id, a.soal_id, a.urutan, a.jawaban from exam_answers a
     join exam_attempts t on t.college_id = a.college_id and t.id = a.attempt_id
     where t.college_id = $1 and t.ujian_id = $2`,
    [collegeId, examId],
  );
  const byKey = new Map(stored.rows.map((r) => [`${r.attempt_id}/${r.soal_id}`, r] as const));
  let lost = 0;
  let reordered = 0;
  let acknowledged = 0;
  for (const s of students) {
    for (const [soalId, urutan] of s.acked) {
      acknowledged++;
      const row = byKey.get(`${s.attemptId}/${soalId}`);
      if (!row) lost++;
      else if (Number(row.urutan) !== urutan || row.jawaban.pilihan !== choiceOf(urutan)) reordered++;
    }
  }

  if (capacity) printCapacity(capacity, students.length);
  await printTopStatements(client);
  console.log(
    `\n- storm${instanceCount > 1 ? ` through nginx to ${instanceCount} instances` : ''}: ${students.length} starts scheduled over ${startWindowMs / 1000} s, all answered within ${startsDoneWithin.toFixed(1)} s; ` +
      `start p50 ${ms(percentile(startLatencies, 50))} ms, p99 ${ms(percentile(startLatencies, 99))} ms (aim ≤ 2,000), ${startFailures} failed; ` +
      `then a save every ${saveEveryMs / 1000} s each for ${saveSeconds} s: ${saveLatencies.length} saves, p50 ${ms(percentile(saveLatencies, 50))} ms, ` +
      `p99 ${ms(percentile(saveLatencies, 99))} ms (aim ≤ 500), ${saveFailures} failed (${stormSeconds.toFixed(0)} s in all; ` +
      `the load generator used ${(generatorShare * 100).toFixed(0)} % of a core meanwhile)`,
  );
  printTimeline(timeline, machineBusy.perSecond);
  if (killedAt !== undefined) {
    console.log(
      resent.requests === 0
        ? `- instance 2 killed at ${killAtSeconds} s: no request failed (none was in flight on it; nginx sent the next ones to the other)`
        : `- instance 2 killed at ${killAtSeconds} s: ${resent.requests} requests failed and were sent again as the page does, ${resent.gaveUp} given up; ` +
            `the first failure ${ms(resent.firstFailureAt - killedAt)} ms after the kill, the last student served again ${((resent.lastServedAgainAt - killedAt) / 1000).toFixed(1)} s after it (aim ≤ 5 s), ` +
            `the longest wait of one request ${(resent.longestWaitMs / 1000).toFixed(1)} s`,
    );
  } else if (resent.requests) {
    console.log(`- connection failures sent again: ${resent.requests} (must be 0 without a kill)`);
  }
  console.log(
    `- late retries of an older answer: ${lateRetries} sent, ${lateRetriesApplied} applied (must be 0)`,
  );
  if (bapsPending) {
    const drawn = await client.query<{ at: number }>(
      `select extract(epoch from r.generated_at)::float8 * 1000 as at
       from meeting_reports r join meetings m on m.id = r.pertemuan_id
       where m.kelas_id = $1 and m.kategori = 'kuliah' order by r.generated_at`,
      [fixture.kelasId],
    );
    const at = drawn.rows.map((r) => ((r.at - stormStartedAt) / 1000).toFixed(0)).join(', ');
    console.log(`- the lectures' BAPs drawn by the job: ${drawn.rowCount}, stored at ${at} s into the storm`);
  }
  console.log(
    `- after the run: ${acknowledged} acknowledged (student, question) answers checked in PostgreSQL: ${lost} lost, ${reordered} reordered (must be 0 and 0)`,
  );
  const mb = (list: { rssMb: number; peakMb: number }[], key: 'rssMb' | 'peakMb') =>
    list.map((m) => m[key].toFixed(0)).join(' + ');
  console.log(
    `- server memory (MB, per running instance): ${mb(afterStorm, 'rssMb')} RSS after the storm, ${mb(memory, 'rssMb')} at the end, peak ${mb(memory, 'peakMb')}`,
  );
  console.log(
    `\n${os.cpus().length} CPUs, load average (1 min) ${load.map((l) => l.toFixed(1)).join(' → ')}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  if (lost || reordered || lateRetriesApplied || resent.gaveUp) process.exitCode = 2;
  if (!killedAt && (startFailures || saveFailures || resent.requests)) process.exitCode = 2;
}

interface TimelineEntry {
  kind: 'start' | 'save';
  /** ms after the storm began that the request left. */
  sentAt: number;
  ms: number;
}

/** The machine's busy cores each second (from /proc/stat), until stopped. */
function sampleMachineBusy(since: number) {
  const busyTicks = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { busy: f.slice(0, 8).reduce((a, b) => a + b, 0) - f[3]! - f[4]!, at: performance.now() };
  };
  const perSecond: number[] = [];
  let last = busyTicks();
  const timer = setInterval(() => {
    const now = busyTicks();
    // 100 ticks a second per core.
    perSecond[Math.floor((now.at - since) / 1000)] = (now.busy - last.busy) / ((now.at - last.at) / 10);
    last = now;
  }, 1000);
  return { perSecond, stop: () => clearInterval(timer) };
}

/**
 * The storm by 10-second windows of the time requests left: how many starts and saves, their p50 and
 * p99, and how busy the machine's cores were, to see when a tail forms and what the machine was doing.
 */
function printTimeline(timeline: TimelineEntry[], busy: number[]) {
  const windowMs = 10_000;
  const windows = Math.ceil(Math.max(...timeline.map((e) => e.sentAt)) / windowMs);
  console.log(
    '\n| sent at | starts | p50 / p99 ms | saves | p50 / p99 ms | busy cores |\n|---|---:|---:|---:|---:|---:|',
  );
  for (let w = 0; w < windows; w++) {
    const inWindow = timeline.filter((e) => Math.floor(e.sentAt / windowMs) === w);
    const of = (kind: TimelineEntry['kind']) => inWindow.filter((e) => e.kind === kind).map((e) => e.ms);
    const cell = (values: number[]) =>
      values.length
        ? `${values.length} | ${ms(percentile(values, 50))} / ${ms(percentile(values, 99))}`
        : '0 | –';
    const cores = busy.slice(w * 10, w * 10 + 10).filter((b) => b !== undefined);
    const meanCores = cores.length ? cores.reduce((a, b) => a + b, 0) / cores.length : NaN;
    console.log(
      `| ${w * 10}–${w * 10 + 10} s | ${cell(of('start'))} | ${cell(of('save'))} | ${Number.isFinite(meanCores) ? meanCores.toFixed(2) : '–'} |`,
    );
  }
}

/**
 * BENCH_TOP_STATEMENTS=<n>: the n statements PostgreSQL spent most time on over the whole run, planning
 * included (turned on for the run), from pg_stat_statements (the bench cluster preloads it), to see where
 * a start's or a save's database time goes.
 */
async function printTopStatements(client: pg.Client) {
  const n = Number(process.env.BENCH_TOP_STATEMENTS ?? 0);
  if (!n) return;
  await client.query('create extension if not exists pg_stat_statements');
  const top = await client.query<{
    calls: string;
    total: number;
    mean: number;
    plans: string;
    planning: number;
    query: string;
  }>(
    `select calls, total_exec_time as total, mean_exec_time as mean, plans, total_plan_time as planning, query
     from pg_stat_statements order by total_exec_time + total_plan_time desc limit $1`,
    [n],
  );
  const [all] = (
    await client.query<{ calls: string; total: number; plan: number }>(
      'select sum(calls) as calls, sum(total_exec_time) as total, sum(total_plan_time) as plan from pg_stat_statements',
    )
  ).rows;
  console.log(
    `\nall statements: ${all?.calls} calls, ${all?.total.toFixed(0)} ms executing, ${all?.plan.toFixed(0)} ms planning`,
  );
  console.log(
    '\n| calls | executing ms | mean ms | plans | planning ms | statement |\n|---:|---:|---:|---:|---:|---|',
  );
  for (const r of top.rows) {
    console.log(
      `| ${r.calls} | ${r.total.toFixed(0)} | ${r.mean.toFixed(3)} | ${r.plans} | ${r.planning.toFixed(0)} | ${r.query.replace(/\s+/g, ' ').slice(0, 160)} |`,
    );
  }
}

type Pids = { app: number[]; postmaster: number };

/** 2. Capacity, alternating with the bare UPDATE at the same concurrency. */
async function measureCapacity(
  students: Student[],
  secondExamId: string,
  pids: { server: Pids; bare: Pids },
) {
  const roundSeconds = 5;
  const bare = { rps: [] as number[], latencies: [] as number[], failed: 0 };
  const saves = { rps: [] as number[], latencies: [] as number[], failed: 0 };
  // The floor of any signed-in request on this server (token, college, the actor's row, validation):
  // GET /v2/user_info, measured in the same rounds, to show how much of a save is the platform's.
  const floor = { rps: [] as number[], latencies: [] as number[] };
  const active = students.filter((s) => s.attemptId);
  const cpu = { bare: [] as number[][], saves: [] as number[][], floor: [] as number[][] };
  await closedLoop(concurrency, 1, bareCall);
  for (let r = 0; r < rounds; r++) {
    const b = await withCpu(pids.bare, () => closedLoop(concurrency, roundSeconds, bareCall));
    cpu.bare.push([b.appCpuMs, b.pgCpuMs]);
    bare.rps.push(b.rps);
    bare.latencies.push(...b.latencies);
    bare.failed += b.failed;
    const s = await withCpu(pids.server, () =>
      closedLoop(concurrency, roundSeconds, (i) => {
        const student = active[(i * 7919) % active.length]!;
        return save(student, student.questions[i % student.questions.length]!);
      }),
    );
    cpu.saves.push([s.appCpuMs, s.pgCpuMs]);
    saves.rps.push(s.rps);
    saves.latencies.push(...s.latencies);
    saves.failed += s.failed;
    const f = await withCpu(pids.server, () =>
      closedLoop(concurrency, roundSeconds, (i) =>
        call(active[(i * 7919) % active.length]!.token, 'GET', '/v2/user_info'),
      ),
    );
    cpu.floor.push([f.appCpuMs, f.pgCpuMs]);
    floor.rps.push(f.rps);
    floor.latencies.push(...f.latencies);
  }
  // Starts that create attempts (a second exam), as fast as they are taken, then the bare UPDATE again.
  const starts = { latencies: [] as number[], failed: 0, seconds: 0, cpu: [0, 0] };
  const startCpu0 = [sumCpuMs(pids.server.app), familyCpuMs(pids.server.postmaster)];
  const t = performance.now();
  let nextStudent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (nextStudent < students.length) {
        const s = students[nextStudent++]!;
        const answer = await call(s.token, 'POST', `/v2/lms/ujian/${secondExamId}/pengerjaan/start`);
        starts.latencies.push(answer.ms);
        if (answer.status !== 200) starts.failed++;
      }
    }),
  );
  starts.seconds = (performance.now() - t) / 1000;
  starts.cpu = [
    (sumCpuMs(pids.server.app) - startCpu0[0]!) / students.length,
    (familyCpuMs(pids.server.postmaster) - startCpu0[1]!) / students.length,
  ];
  const bareAfter = await closedLoop(concurrency, roundSeconds, bareCall);
  return { bare, saves, floor, cpu, starts, bareAfter };
}

function printCapacity(capacity: Awaited<ReturnType<typeof measureCapacity>>, studentTotal: number) {
  const { bare, saves, floor, cpu, starts, bareAfter } = capacity;
  const bareRps = [...bare.rps, bareAfter.rps];
  const bareMedianRps = percentile(bare.rps, 50);
  const savesMedianRps = percentile(saves.rps, 50);
  const startsRps = studentTotal / starts.seconds;
  const bareP99 = percentile(bare.latencies, 99);
  const savesP99 = percentile(saves.latencies, 99);
  const startBareRps = (bare.rps.at(-1)! + bareAfter.rps) / 2;
  const through = instanceCount > 1 ? `, through nginx to ${instanceCount} instances` : '';
  console.log(
    `\n| measure${through} | exam route | bare UPDATE, same run | ratio | aim |\n|---|---:|---:|---:|---|`,
  );
  console.log(
    `| saves, throughput at ${concurrency} connections | ${savesMedianRps.toFixed(0)} req/s | ${bareMedianRps.toFixed(0)} req/s | ${(savesMedianRps / bareMedianRps).toFixed(2)} | ≥ 0.40 |`,
  );
  const floorRps = percentile(floor.rps, 50);
  console.log(
    `| signed-in floor: GET /v2/user_info at ${concurrency} connections (for reference) | ${floorRps.toFixed(0)} req/s, p99 ${ms(percentile(floor.latencies, 99))} ms | ${bareMedianRps.toFixed(0)} req/s | ${(floorRps / bareMedianRps).toFixed(2)} | – |`,
  );
  console.log(
    `| saves, p99 at ${concurrency} connections | ${ms(savesP99)} ms | ${ms(bareP99)} ms | ${(savesP99 / bareP99).toFixed(1)} × | ≤ 10 × |`,
  );
  console.log(
    `| starts creating the attempt, ${studentTotal} students at ${concurrency} connections | ${startsRps.toFixed(0)} req/s (${starts.seconds.toFixed(1)} s, p99 ${ms(percentile(starts.latencies, 99))} ms) | ${startBareRps.toFixed(0)} req/s | ${(startsRps / startBareRps).toFixed(2)} | ≥ 0.10 |`,
  );
  const cpuOf = (rows: number[][]) => [
    percentile(
      rows.map((r) => r[0]!),
      50,
    ),
    percentile(
      rows.map((r) => r[1]!),
      50,
    ),
  ];
  const [bareApp, barePg] = cpuOf(cpu.bare);
  const bareCpu = bareApp! + barePg!;
  console.log(
    `\nCPU per request (ms; the route's processes${instanceCount > 1 ? ' and nginx' : ''} + PostgreSQL backends; median of the rounds). The cost ratio bare/route is what the throughput ratio tends to when CPU is the limit, whatever else runs on the machine:\n\n| request | route process | PostgreSQL | total | bare / route |\n|---|---:|---:|---:|---:|`,
  );
  for (const [name, [app, pgMs]] of [
    ['bare UPDATE', [bareApp!, barePg!]],
    ['save', cpuOf(cpu.saves)],
    ['GET /v2/user_info', cpuOf(cpu.floor)],
    ['start (creates the attempt)', starts.cpu],
  ] as const) {
    console.log(
      `| ${name} | ${ms(app!)} | ${ms(pgMs!)} | ${ms(app! + pgMs!)} | ${(bareCpu / (app! + pgMs!)).toFixed(2)} |`,
    );
  }
  console.log(
    `\n- failures in the capacity rounds: saves ${saves.failed}, bare ${bare.failed + bareAfter.failed}, starts ${starts.failed}; shed and sent again (whole run) ${shedAndResent}; bare req/s per round ${bareRps.map((r) => r.toFixed(0)).join(', ')}`,
  );
}

await runBench(main);
