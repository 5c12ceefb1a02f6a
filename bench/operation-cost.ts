// Cost per operation (`npm run operation-cost -w @lms/bench`, issue 42 §4 "Cost as the university
// grows"): what one exam save, exam start, meeting page, material playback report and forum post costs
// this machine, in CPU milliseconds of the server's process and of PostgreSQL's backends and in
// PostgreSQL statements, with throughput and latency at a fixed concurrency for reference.
//
// A throw-away PostgreSQL cluster (unless BENCH_DATABASE_URL is given; it needs pg_stat_statements in
// shared_preload_libraries), migrated and seeded; the built server as a child process. A fixture class
// of --students students with one running meeting holding an exam (created through the API as the
// operator, its question sets prepared ahead as the job does), a forum and a video. Then, one after the
// other, each operation as the web app sends it, from --concurrency loops for --seconds:
//
//   1. exam start: POST /v2/lms/ujian/:id/pengerjaan/start, each by a new student (creates the attempt);
//   2. exam save: PUT /v2/lms/pengerjaan/:id/jawaban/:soalId on the attempts the starts created;
//   3. meeting page: the six GETs the web meeting page sends on first load for a student
//      (app/page-prefetch.ts: the meeting and its content lists, lib/meeting-content-lists.ts), sent
//      together as the page does, on the seeded running meeting with the most content, by its class's
//      students; one operation is the whole set;
//   4. playback report: PUT /v2/lms/materi/:id/putar { detik }, what the video/audio player sends every
//      few seconds while playing (material-card.tsx), after each student opened the video once;
//   5. forum post: POST /v2/lms/forum/:id/post { isi }, text only, by students of the class.
//
// Per operation: CPU of the server process and of the postmaster's children, those that ended included
// (/proc, bench/process-cpu.ts), and pg_stat_statements' calls in the bench database, each read before
// and after the phase (after a second's pause, so work a request leaves for a moment later is counted)
// minus what the idle server spends in the same time (its job queue polls; the smaller of a window
// before and one after the phases). The bench's own reads of pg_stat_statements are left out. Also the
// statements that took most of PostgreSQL's time per operation. Throughput depends on what else runs on
// the (shared) machine; CPU per operation much less, statements not at all.
//
// Options: --students=<n> (1500), --seconds=<s> (6), --concurrency=<n> (10), each also as
// BENCH_STUDENTS, BENCH_SECONDS, BENCH_CONCURRENCY; BENCH_DATABASE_URL, BENCH_PORT (3136),
// BENCH_PG_PORT (54336).
import os from 'node:os';
import pg from 'pg';
import { benchOption, percentile } from './bench-args.ts';
import { benchTokenSigner } from './bench-tokens.ts';
import { Agent, request, type Dispatcher } from 'undici';
import { familyCpuMs, statFields } from './process-cpu.ts';
import {
  benchDatabaseUrl,
  buildServerIfNeeded,
  collegeHeaders,
  onCleanup,
  prepareDemoDatabase,
  runBench,
  startBuiltServer,
} from './server-process.ts';

const option = benchOption;
const studentCount = Number(option('students', '1500'));
const seconds = Number(option('seconds', '6'));
const concurrency = Number(option('concurrency', '10'));
const port = Number(process.env.BENCH_PORT ?? 3136);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54336);
const baseUrl = `http://127.0.0.1:${port}`;
const collegeId = 'demo';
const questionCount = 10;
/** Work a request leaves for a moment later (the attempt facts' drain waits 300 ms) lands in its phase. */
const settleMs = 1_000;
const warmUpCount = 20;

const ms = (value: number) => (Math.abs(value) < 10 ? value.toFixed(2) : value.toFixed(0));
const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));

// undici's own request API: a fifth of fetch's CPU per request; the load generator shares the cores.
const httpAgent = new Agent({ keepAliveTimeout: 30_000, connections: 100 });

interface Answer {
  status: number;
  json: { data?: unknown } | null;
  ms: number;
}

async function call(token: string, method: string, url: string, body?: unknown): Promise<Answer> {
  const t = performance.now();
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
    const json = text && response.headers['content-type']?.includes('json') ? JSON.parse(text) : null;
    return { status: response.statusCode, json, ms: performance.now() - t };
  } catch (error) {
    return { status: 0, json: { data: String(error) }, ms: performance.now() - t };
  }
}

/** Answers `answer`'s data, or fails the bench with what the server said. */
function dataOf<T>(what: string, answer: Answer): T {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json!.data as T;
}

/** The fixture class: `studentCount` students, one running meeting with a forum and a video. */
async function buildFixture(client: pg.Client) {
  // A tag per run, so a BENCH_DATABASE_URL can be used again.
  const tag = Date.now().toString(36).slice(-5);
  await client.query('begin');
  const created = await client.query<{ id: string }>(
    `insert into classes (id, college_id, periode, mata_kuliah_id, nama, jenis, status, mode_kuliah, kapasitas)
     select periode || '_COST' || $3 || '_' || mata_kuliah_id, college_id, periode, mata_kuliah_id, 'COST', jenis,
            'berlangsung', 'online', $2
     from classes where college_id = $1 order by id limit 1
     returning id`,
    [collegeId, studentCount, tag],
  );
  const kelasId = created.rows[0]!.id;
  await client.query(
    `insert into users (id, college_id, username, password_hash, role, nama, created_at)
     select gen_random_uuid(), $1, 'cost' || $3 || lpad(n::text, 5, '0'),
            (select password_hash from users where college_id = $1 and username = 'mahasiswa'),
            'mahasiswa', 'Mahasiswa Biaya ' || n, now()
     from generate_series(1, $2::int) n`,
    [collegeId, studentCount, tag],
  );
  await client.query(
    `insert into students (user_id, college_id, nim, prodi_id, status, angkatan)
     select u.id, u.college_id, u.username,
            (select s.prodi_id from students s join users x on x.id = s.user_id
             where x.college_id = $1 and x.username = 'mahasiswa'), 'Aktif', 2024
     from users u where u.college_id = $1 and u.username like 'cost' || $2 || '%'`,
    [collegeId, tag],
  );
  await client.query(
    `insert into class_students (kelas_id, mahasiswa_id, college_id)
     select $2, id, college_id from users where college_id = $1 and username like 'cost' || $3 || '%'`,
    [collegeId, kelasId, tag],
  );
  const meeting = await client.query<{ id: string }>(
    `insert into meetings (college_id, kelas_id, nomor, judul, kategori, jenis, waktu_mulai, waktu_selesai, status)
     values ($1, $2, 1, 'Pertemuan 1', 'uts', 'online', now() - interval '10 minutes', now() + interval '3 hours', 'berlangsung')
     returning id`,
    [collegeId, kelasId],
  );
  const pertemuanId = meeting.rows[0]!.id;
  const forum = await client.query<{ id: string }>(
    `insert into forums (college_id, kelas_id, pertemuan_id, judul, deskripsi, waktu_mulai, waktu_selesai)
     values ($1, $2, $3, 'Diskusi Pertemuan 1', '<p>Bahas materi minggu ini.</p>', now() - interval '1 hour', now() + interval '7 days')
     returning id`,
    [collegeId, kelasId, pertemuanId],
  );
  // An hour of video required for attendance, so every report still adds played time; the file is never
  // read by these routes.
  const video = await client.query<{ id: string }>(
    `insert into materials (college_id, kelas_id, pertemuan_id, judul, deskripsi, jenis_materi, tipe_file,
                            file_key, file_name, file_size, file_content_type, duration_seconds, tampil_mulai,
                            is_syarat_hadir, deadline)
     values ($1, $2, $3, 'Video Kuliah', '<p>Rekaman kuliah.</p>', 'audio_visual', 'video',
             'bench-video-' || $4, 'kuliah.webm', 1000000, 'video/webm', 3600, now() - interval '1 hour',
             true, now() + interval '7 days')
     returning id`,
    [collegeId, kelasId, pertemuanId, tag],
  );
  // Their activities, as the areas' services (and the demo seed) write them with the content.
  await client.query(
    `insert into activities (college_id, kind, content_id, kelas_id, pertemuan_id, title,
                             counts_for_attendance, opens_at, closes_at, due_at)
     select $1, 'forum'::activity_kind, f.id::text, f.kelas_id, f.pertemuan_id, f.judul, true, f.waktu_mulai, f.waktu_selesai, f.waktu_selesai
     from forums f where f.college_id = $1 and f.id = $2
     union all
     select $1, 'materi'::activity_kind, m.id::text, m.kelas_id, m.pertemuan_id, m.judul, true, m.tampil_mulai, null, m.deadline
     from materials m where m.college_id = $1 and m.id = $3`,
    [collegeId, forum.rows[0]!.id, video.rows[0]!.id],
  );
  const ids = await client.query<{ id: string }>(
    `select id from users where college_id = $1 and username like 'cost' || $2 || '%' order by username`,
    [collegeId, tag],
  );
  await client.query('commit');
  return {
    kelasId,
    pertemuanId,
    forumId: forum.rows[0]!.id,
    videoId: video.rows[0]!.id,
    studentIds: ids.rows.map((r) => r.id),
  };
}

/** The seeded running meeting with the most content, and its class's students. */
async function findSeededMeeting(client: pg.Client) {
  const { rows } = await client.query<{ id: string; kelas_id: string }>(
    `select m.id, m.kelas_id from meetings m
     where m.college_id = $1 and m.status = 'berlangsung' and m.kelas_id not like '%\\_COST%'
     order by (select count(*) from materials x where x.college_id = m.college_id and x.pertemuan_id = m.id)
            + (select count(*) from tasks x where x.college_id = m.college_id and x.pertemuan_id = m.id)
            + (select count(*) from exams x where x.college_id = m.college_id and x.pertemuan_id = m.id)
            + (select count(*) from forums x where x.college_id = m.college_id and x.pertemuan_id = m.id) desc,
            m.id
     limit 1`,
    [collegeId],
  );
  const meeting = rows[0]!;
  const students = await client.query<{ id: string }>(
    `select cs.mahasiswa_id as id from class_students cs
     where cs.college_id = $1 and cs.kelas_id = $2 order by cs.mahasiswa_id`,
    [collegeId, meeting.kelas_id],
  );
  return { meetingId: meeting.id, classId: meeting.kelas_id, studentIds: students.rows.map((r) => r.id) };
}

/** The requests of the web meeting page's first load for a student (app/page-prefetch.ts). */
function meetingPageUrls(meetingId: string, classId: string): string[] {
  return [
    `/v2/lms/pertemuan/${meetingId}`,
    `/v2/lms/pertemuan/${meetingId}/tugas`,
    `/v2/lms/pertemuan/${meetingId}/ujian`,
    `/v2/lms/pertemuan/${meetingId}/forum`,
    `/v2/lms/pertemuan/${meetingId}/vidcon`,
    `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/materi?id_pertemuan=${meetingId}&per_page=100`,
  ];
}

/** A running exam with one group of ten choice questions (created through the API as the operator). */
async function createExam(operatorToken: string, pertemuanId: string) {
  const exam = dataOf<{ id: string }>(
    'create exam',
    await call(operatorToken, 'POST', '/v2/lms/ujian', {
      id_pertemuan: pertemuanId,
      judul: 'UTS Biaya',
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
    'create group',
    await call(operatorToken, 'POST', `/v2/lms/ujian/${exam.id}/kelompok_soal`, { aturan: 'semua' }),
  );
  for (let i = 1; i <= questionCount; i++) {
    dataOf(
      'create question',
      await call(operatorToken, 'POST', `/v2/lms/ujian/${exam.id}/kelompok_soal/${group.id}/soal`, {
        pertanyaan: `<p>Soal nomor ${i}: pilih jawaban yang paling tepat.</p>`,
        isi: {
          jenis: 'pilihan',
          pilihan: [
            { teks: 'Pilihan A' },
            { teks: 'Pilihan B' },
            { teks: 'Pilihan C' },
            { teks: 'Pilihan D' },
          ],
          kunci: i % 4,
        },
      }),
    );
  }
  dataOf('prepare question sets', await call(operatorToken, 'POST', `/v2/lms/ujian/${exam.id}/siapkan_soal`));
  return exam.id;
}

/**
 * Runs `work` from `concurrency` loops for `seconds` (or until `work` answers undefined: nothing left to
 * do); answers the latencies, the failures and the seconds taken.
 */
async function closedLoop(work: (i: number) => Promise<Answer | undefined>) {
  const latencies: number[] = [];
  const failures: string[] = [];
  let count = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const answer = await work(count++);
        if (!answer) return;
        latencies.push(answer.ms);
        if (answer.status !== 200) failures.push(`${answer.status} ${JSON.stringify(answer.json)}`);
      }
    }),
  );
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

/** What the server and PostgreSQL have spent so far: CPU (ms) and statements. */
interface Spent {
  at: number;
  appCpuMs: number;
  pgCpuMs: number;
  statements: number;
  /** BEGIN, COMMIT, SET and the like: round trips without a query. */
  control: number;
  /** Per statement (pg_stat_statements' queryid): its calls, execution time (ms) and text. */
  calls: Map<string, { calls: number; ms: number; query: string }>;
}

async function main(): Promise<void> {
  const started = performance.now();
  const load = [os.loadavg()[0]!];
  const databaseUrl = await benchDatabaseUrl(pgPort);
  await prepareDemoDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(() => client.end());
  await client.query('create extension if not exists pg_stat_statements');
  const fixture = await buildFixture(client);
  const seeded = await findSeededMeeting(client);

  const signAll = benchTokenSigner(client, collegeId);

  buildServerIfNeeded();
  // No bound on requests in work: ten loops of a page's six GETs are past a 2-core machine's bound, and
  // what is measured here is each operation's cost, not the shedding (bench/overload-bench.ts).
  const server = await startBuiltServer(databaseUrl, port, onCleanup, {
    PRESSURE_MAX_REQUESTS_IN_FLIGHT: '0',
  });
  const appPid = server.pid!;
  // The cluster's postmaster: the parent of this client's backend.
  const backendPid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const postmaster = Number(statFields(backendPid)[1]);

  const [operator] = (
    await client.query<{ id: string }>(
      `select id from users where college_id = $1 and username = 'operator'`,
      [collegeId],
    )
  ).rows;
  const [operatorToken] = await signAll([operator!.id], 'operator');
  const examId = await createExam(operatorToken!, fixture.pertemuanId);
  const students = await signAll(fixture.studentIds, 'mahasiswa');
  const pageStudents = await signAll(seeded.studentIds, 'mahasiswa');
  const pageUrls = meetingPageUrls(seeded.meetingId, seeded.classId);
  console.log(
    `fixture ${fixture.kelasId}: ${students.length} students; meeting page: ${seeded.meetingId} of ${seeded.classId} (${pageStudents.length} students, ${pageUrls.length} requests)`,
  );

  const transactionControl = /^\s*(begin|commit|rollback|start|savepoint|release|set|reset|show)\b/i;
  const spent = async (): Promise<Spent> => {
    const { rows } = await client.query<{ queryid: string; calls: string; ms: number; query: string }>(
      `select queryid::text, calls, total_exec_time as ms, query from pg_stat_statements
       where dbid = (select oid from pg_database where datname = current_database())
         and query not like '%pg_stat_statements%'`,
    );
    const calls = new Map(
      rows.map((r) => [r.queryid, { calls: Number(r.calls), ms: r.ms, query: r.query }] as const),
    );
    const sum = (list: typeof rows) => list.reduce((total, r) => total + Number(r.calls), 0);
    return {
      at: performance.now(),
      appCpuMs: familyCpuMs(appPid),
      pgCpuMs: familyCpuMs(postmaster),
      statements: sum(rows),
      control: sum(rows.filter((r) => transactionControl.test(r.query))),
      calls,
    };
  };
  const minus = (a: Spent, b: Spent): Spent => ({
    at: a.at - b.at,
    appCpuMs: a.appCpuMs - b.appCpuMs,
    pgCpuMs: a.pgCpuMs - b.pgCpuMs,
    statements: a.statements - b.statements,
    control: a.control - b.control,
    calls: new Map(
      [...a.calls].map(([id, { calls, ms: time, query }]) => [
        id,
        { calls: calls - (b.calls.get(id)?.calls ?? 0), ms: time - (b.calls.get(id)?.ms ?? 0), query },
      ]),
    ),
  });

  // Per student: the attempt, its questions and each question's next sequence number.
  const attempts: { token: string; id: string; questions: string[]; next: number[] }[] = [];
  let nextStarter = 0;
  const start = async () => {
    const token = students[nextStarter++];
    if (!token) return undefined;
    const answer = await call(token, 'POST', `/v2/lms/ujian/${examId}/pengerjaan/start`);
    if (answer.status === 200) {
      const data = answer.json!.data as { id: string; kelompok_soal: Array<{ soal: Array<{ id: string }> }> };
      const questions = data.kelompok_soal.flatMap((g) => g.soal.map((q) => q.id));
      attempts.push({ token, id: data.id, questions, next: questions.map(() => 1) });
    }
    return answer;
  };
  const save = (i: number) => {
    const attempt = attempts[(i * 7919) % attempts.length]!;
    const q = i % attempt.questions.length;
    const urutan = attempt.next[q]!++;
    return call(attempt.token, 'PUT', `/v2/lms/pengerjaan/${attempt.id}/jawaban/${attempt.questions[q]}`, {
      jawaban: { jenis: 'pilihan', pilihan: urutan % 4 },
      urutan,
    });
  };
  const openPage = async (i: number): Promise<Answer> => {
    const token = pageStudents[i % pageStudents.length]!;
    const t = performance.now();
    const answers = await Promise.all(pageUrls.map((url) => call(token, 'GET', url)));
    const failed = answers.find((a) => a.status !== 200);
    return failed
      ? { ...failed, ms: performance.now() - t }
      : { status: 200, json: null, ms: performance.now() - t };
  };
  // The playback students each opened the video once (the player does on its first play).
  const viewers = students.slice(0, 200);
  const report = (i: number) =>
    call(viewers[i % viewers.length]!, 'PUT', `/v2/lms/materi/${fixture.videoId}/putar`, { detik: 5 });
  const post = (i: number) =>
    call(students[(i * 7919) % students.length]!, 'POST', `/v2/lms/forum/${fixture.forumId}/post`, {
      isi: `<p>Komentar ${i}: menurut saya contoh di materi minggu ini menjelaskan konsepnya dengan baik.</p>`,
    });

  // Warm-up (not measured): each route's first requests compile, plan and fill caches.
  for (let i = 0; i < warmUpCount; i++) dataOf('exam start (warm-up)', (await start())!);
  for (let i = 0; i < warmUpCount; i++) dataOf('exam save (warm-up)', await save(i));
  for (let i = 0; i < warmUpCount; i++) {
    const page = await openPage(i);
    if (page.status !== 200)
      throw new Error(`meeting page (warm-up): ${page.status} ${JSON.stringify(page.json)}`);
  }
  for (const token of viewers)
    dataOf('open the video', await call(token, 'PUT', `/v2/lms/materi/${fixture.videoId}/buka`));
  for (let i = 0; i < warmUpCount; i++) dataOf('playback report (warm-up)', await report(i));
  for (let i = 0; i < warmUpCount; i++) dataOf('forum post (warm-up)', await post(i));

  // What the idle server spends (its job queue polls), subtracted from every phase: the smaller of a
  // window before the phases and one after, since a window can catch a late garbage collection.
  const idleWindow = async () => {
    await sleep(settleMs);
    const before = await spent();
    await sleep(3_000);
    return minus(await spent(), before);
  };
  const idleBefore = await idleWindow();
  load.push(os.loadavg()[0]!);

  const phases: Array<{ name: string; work: (i: number) => Promise<Answer | undefined> }> = [
    { name: 'exam start (creates the attempt, a new student each)', work: start },
    { name: 'exam answer save', work: save },
    { name: `meeting page, student (${pageUrls.length} GETs together)`, work: openPage },
    { name: 'material playback report', work: report },
    { name: 'forum post (text)', work: post },
  ];
  const measured: Array<{ name: string; run: Awaited<ReturnType<typeof closedLoop>>; used: Spent }> = [];
  for (const phase of phases) {
    const before = await spent();
    const run = await closedLoop(phase.work);
    await sleep(settleMs);
    measured.push({ name: phase.name, run, used: minus(await spent(), before) });
  }
  load.push(os.loadavg()[0]!);
  const idleAfter = await idleWindow();
  const idleRate = (key: 'appCpuMs' | 'pgCpuMs' | 'statements' | 'control') =>
    Math.min(idleBefore[key] / idleBefore.at, idleAfter[key] / idleAfter.at);

  const rows: string[] = [];
  const topStatements: string[] = [];
  let failed = 0;
  for (const { name, run, used } of measured) {
    const n = Math.max(1, run.latencies.length);
    const per = (key: 'appCpuMs' | 'pgCpuMs' | 'statements' | 'control') =>
      (used[key] - idleRate(key) * used.at) / n;
    failed += run.failures.length;
    if (run.failures.length) console.log(`${name}: ${run.failures.length} failed, e.g. ${run.failures[0]}`);
    const appMs = per('appCpuMs');
    const pgMs = per('pgCpuMs');
    const top = [...used.calls.values()]
      .filter((c) => c.calls > 0)
      .sort((x, y) => y.ms - x.ms)
      .slice(0, 5)
      .map(
        (c) =>
          `${(c.calls / n).toFixed(1)} × ${ms(c.ms / n)} ms \`${c.query.replace(/\s+/g, ' ').slice(0, 80)}\``,
      );
    topStatements.push(`- ${name}: ${top.join('; ')}`);
    rows.push(
      `| ${name} | ${run.latencies.length} in ${run.seconds.toFixed(1)} s | ${(run.latencies.length / run.seconds).toFixed(0)}/s | ${ms(percentile(run.latencies, 50))} | ${ms(percentile(run.latencies, 99))} | ${ms(appMs)} | ${ms(pgMs)} | ${ms(appMs + pgMs)} | ${per('statements').toFixed(1)} | ${per('control').toFixed(1)} | ${run.failures.length} |`,
    );
  }

  console.log(
    `\nCost per operation at ${concurrency} concurrent operations (CPU in ms per operation: the server's process and PostgreSQL's backends; statements from pg_stat_statements, "of which" BEGIN/COMMIT/SET; the idle server's share subtracted):\n`,
  );
  console.log(
    '| operation | operations | throughput | p50 ms | p99 ms | server CPU ms | PostgreSQL CPU ms | total CPU ms | statements | of which BEGIN/COMMIT/SET | failed |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log(
    `\nThe statements taking the most of PostgreSQL's time per operation (calls × execution ms):\n\n${topStatements.join('\n')}`,
  );
  const perSecond = (key: 'appCpuMs' | 'pgCpuMs' | 'statements') =>
    [idleBefore, idleAfter].map((w) => ((w[key] / w.at) * 1000).toFixed(1)).join(' / ');
  console.log(
    `\n- idle server (before / after the phases; the smaller subtracted): ${perSecond('appCpuMs')} ms CPU/s server, ${perSecond('pgCpuMs')} ms CPU/s PostgreSQL, ${perSecond('statements')} statements/s`,
  );
  console.log(
    `- ${os.cpus().length} CPUs, load average (1 min) ${load.map((l) => l.toFixed(1)).join(' → ')}; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  if (failed) process.exitCode = 2;
}

await runBench(main);
