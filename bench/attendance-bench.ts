// Attendance benchmark (`npm run bench:attendance`, issue 12): a throw-away PostgreSQL cluster (unless
// BENCH_DATABASE_URL is given), migrated and seeded; every figure is a ratio to a raw SQL baseline
// measured in the same run, in rounds that alternate baseline and workload (the machines are shared).
//
//   1. recalculation of a fixture class (300 students × 16 online meetings × 10 required activities, facts
//      for ~70 % of the pairs) through runRecalculation, against the raw `count(*) filter … group by`;
//   2. the class recap of that class (GET /v2/lms/kehadiran_mahasiswa/kelas_kuliah/{id} on the built
//      server, as an operator), against a raw SQL read of the same students × meetings;
//   3. with --large: the whole college recalculated as one job (5,000 classes), wall time and peak RSS;
//      then the attendance list export (GET …/export_excel, ≥ 50,000 meetings): time to first byte,
//      total time and the server's RSS growth while it streams.
//
// Options: --large / BENCH_LARGE=1, --rounds=<n> / BENCH_ROUNDS (default 5), BENCH_DATABASE_URL,
// BENCH_PORT (default 3104), BENCH_PG_PORT (default 54331).
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { runRecalculation } from '../apps/server/src/modules/attendance/attendance-recalculation.job.ts';
import type { EventHub } from '../apps/server/src/platform/event-hub.ts';
import { prepareLargeDatabase } from './generate-large.ts';
import {
  benchDatabaseUrl,
  buildServerIfNeeded,
  collegeHeaders,
  onCleanup,
  prepareDemoDatabase,
  runBench,
  signInHelpers,
  startBuiltServer,
} from './server-process.ts';

const args = process.argv.slice(2);
const flag = (name: string) =>
  args.includes(`--${name}`) || process.env[`BENCH_${name.toUpperCase()}`] === '1';
const option = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ??
  process.env[`BENCH_${name.toUpperCase()}`] ??
  fallback;
const large = flag('large');
const rounds = Math.max(1, Number(option('rounds', '5')));
const port = Number(process.env.BENCH_PORT ?? 3104);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54331);
const baseUrl = `http://127.0.0.1:${port}`;
const collegeId = 'demo';
/** The fixture class's name; its id is `<periode>_<name>_<course>` like every class id. */
const fixtureClassName = 'BK300';
let fixtureClassId = '';
const fixtureStudents = 300;
const fixtureMeetings = 16;
const activitiesPerMeeting = 10;
/** Share of (student, activity) pairs with a completed fact, in 1/1024. */
const completedShare = 717;

/** Events go nowhere: the bench measures the database work, not the SSE fan-out. */
const silentEvents = { publish: async () => undefined } as unknown as EventHub;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

interface Row {
  workload: string;
  measured: string;
  baseline: string;
  ratio: string;
  aim: string;
}
const table: Row[] = [];

/** Alternates baseline and workload `rounds` times (after one warm-up of each); medians and their ratio. */
async function paired(
  name: string,
  aim: string,
  baseline: () => Promise<unknown>,
  workload: () => Promise<unknown>,
  baselineName: string,
) {
  await baseline();
  await workload();
  const base: number[] = [];
  const measured: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await baseline();
    base.push(performance.now() - t);
    t = performance.now();
    await workload();
    measured.push(performance.now() - t);
  }
  const ratio = median(measured) / median(base);
  table.push({
    workload: name,
    measured: `${ms(median(measured))} ms (${ms(Math.min(...measured))}–${ms(Math.max(...measured))})`,
    baseline: `${baselineName}: ${ms(median(base))} ms (${ms(Math.min(...base))}–${ms(Math.max(...base))})`,
    ratio: ratio.toFixed(2),
    aim,
  });
  console.log(`${name}: ${ms(median(measured))} ms vs ${ms(median(base))} ms, ratio ${ratio.toFixed(2)}`);
  return ratio;
}

/**
 * The fixture class: a copy of an existing class row under a new id, its students (the first 300 of
 * the college), 16 online meetings with every attendance parameter on, 10 required activities each (two
 * of each kind), and completed facts for ~70 % of the (student, activity) pairs, 9 in 10 of them on time.
 * Plain SQL, so the bench measures the recalculation, not the writes that feed it.
 */
async function buildFixture(
  client: pg.Client,
): Promise<{ students: number; facts: number; operatorId: string }> {
  await client.query('begin');
  const created = await client.query<{ id: string }>(
    `insert into classes (id, college_id, periode, mata_kuliah_id, nama, jenis, status, mode_kuliah, kapasitas)
     select periode || '_' || $2 || '_' || mata_kuliah_id, college_id, periode, mata_kuliah_id, $2, jenis,
            'berlangsung', 'online', $3
     from classes where college_id = $1 order by id limit 1
     returning id`,
    [collegeId, fixtureClassName, fixtureStudents],
  );
  fixtureClassId = created.rows[0]!.id;
  const enrolled = await client.query(
    `insert into class_students (kelas_id, mahasiswa_id, college_id)
     select $2, user_id, college_id from students where college_id = $1 order by user_id limit $3`,
    [collegeId, fixtureClassId, fixtureStudents],
  );
  await client.query(
    `insert into meetings (college_id, kelas_id, nomor, judul, kategori, jenis, waktu_mulai, waktu_selesai, status, parameter_kehadiran)
     select $1, $2, n, 'Pertemuan ' || n, 'kuliah', 'online',
            now() - (17 - n) * interval '5 days', now() - (17 - n) * interval '5 days' + interval '100 minutes',
            'selesai',
            '{"unduh_materi":true,"kerjakan_tugas":true,"kerjakan_kuis_ujian":true,"posting_forum":true,"hadir_vidcon":true}'::jsonb
     from generate_series(1, $3::int) n`,
    [collegeId, fixtureClassId, fixtureMeetings],
  );
  await client.query(
    `insert into activities (college_id, kind, content_id, kelas_id, pertemuan_id, title, counts_for_attendance, opens_at, due_at)
     select m.college_id, (array['materi','tugas','ujian','forum','vidcon'])[1 + (i - 1) % 5]::activity_kind,
            'bench-' || m.id || '-' || i, m.kelas_id, m.id, 'Aktivitas ' || i, true, m.waktu_mulai, m.waktu_selesai
     from meetings m, generate_series(1, $3::int) i
     where m.college_id = $1 and m.kelas_id = $2`,
    [collegeId, fixtureClassId, activitiesPerMeeting],
  );
  const facts = await client.query(
    `insert into activity_facts (college_id, activity_id, mahasiswa_id, completed, completed_at, timing)
     select a.college_id, a.id, cs.mahasiswa_id, true, a.due_at - interval '1 minute' * (h % 60 - 6),
            (case when h % 60 < 6 then 'late' else 'on_time' end)::activity_timing
     from activities a
     join class_students cs on cs.college_id = a.college_id and cs.kelas_id = a.kelas_id
     cross join lateral (select abs(hashtext(a.id::text || cs.mahasiswa_id::text)) as h) x
     where a.college_id = $1 and a.kelas_id = $2 and h % 1024 < $3`,
    [collegeId, fixtureClassId, completedShare],
  );
  const [operator] = (
    await client.query<{ id: string }>(
      `select id from users where college_id = $1 and username = 'operator'`,
      [collegeId],
    )
  ).rows;
  await client.query('commit');
  await client.query('analyze');
  return { students: enrolled.rowCount ?? 0, facts: facts.rowCount ?? 0, operatorId: operator!.id };
}

/** A recalculation request row (as POST …/hitung_persentase records it), then the job itself. */
async function recalculate(db: Db, client: pg.Client, operatorId: string, kelasId: string | null) {
  const { rows } = await client.query<{ id: string }>(
    `insert into attendance_recalculations (college_id, kelas_id, filter, requested_by)
     values ($1, $2, $3, $4) returning id`,
    [collegeId, kelasId, kelasId ? null : {}, operatorId],
  );
  await runRecalculation(db, silentEvents, collegeId, rows[0]!.id);
  const { rows: done } = await client.query<{ status: string; meeting_count: number; error: string | null }>(
    'select status, meeting_count, error from attendance_recalculations where id = $1',
    [rows[0]!.id],
  );
  if (done[0]?.status !== 'completed') throw new Error(`recalculation ${done[0]?.status}: ${done[0]?.error}`);
  return done[0].meeting_count;
}

/** Samples an RSS every 50 ms; stop() answers the peak in bytes. */
function sampleRss(read: () => number) {
  let peak = read();
  const timer = setInterval(() => {
    peak = Math.max(peak, read());
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, read());
    },
  };
}
const childRss = (pid: number) => () => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

async function main(): Promise<void> {
  const started = performance.now();
  const load = [os.loadavg()[0]!];
  const databaseUrl = await benchDatabaseUrl(pgPort);
  let t = performance.now();
  if (large) {
    const summary = await prepareLargeDatabase(databaseUrl, { log: console.log });
    console.log(
      summary.skipped ? 'large data already present' : `large data in ${summary.seconds.toFixed(0)} s`,
    );
  } else {
    await prepareDemoDatabase(databaseUrl);
  }
  console.log(`database ready in ${((performance.now() - t) / 1000).toFixed(0)} s`);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(() => client.end());
  const database = await openDatabase({ databaseUrl });
  onCleanup(() => database.close());
  const exists = await client.query('select 1 from classes where college_id = $1 and nama = $2', [
    collegeId,
    fixtureClassName,
  ]);
  if (exists.rowCount) throw new Error(`class ${fixtureClassName} already exists: use a fresh database`);
  const fixture = await buildFixture(client);
  console.log(
    `fixture ${fixtureClassId}: ${fixture.students} students × ${fixtureMeetings} meetings × ` +
      `${activitiesPerMeeting} activities, ${fixture.facts} facts`,
  );

  // 1. Recalculating the class against the raw aggregate of the same counts.
  const rawAggregate = () =>
    client.query(
      `select a.pertemuan_id, f.mahasiswa_id, count(*) filter (where f.timing = 'on_time') as completed
       from activities a join activity_facts f on f.activity_id = a.id
       where a.college_id = $1 and a.kelas_id = $2 and a.counts_for_attendance
       group by a.pertemuan_id, f.mahasiswa_id`,
      [collegeId, fixtureClassId],
    );
  await paired(
    `recalculate a class (${fixture.students} × ${fixtureMeetings} × ${activitiesPerMeeting}, runRecalculation)`,
    '≤ 10',
    rawAggregate,
    () => recalculate(database.db, client, fixture.operatorId, fixtureClassId),
    'raw count(*) filter … group by',
  );
  const written = await client.query<{ n: number }>(
    `select count(*)::int as n from attendance_progress p join meetings m on m.id = p.pertemuan_id
     where m.college_id = $1 and m.kelas_id = $2`,
    [collegeId, fixtureClassId],
  );
  console.log(`progress rows of the class: ${written.rows[0]!.n}`);
  load.push(os.loadavg()[0]!);

  // 2. The recap through the built server.
  buildServerIfNeeded();
  const server: ChildProcess = await startBuiltServer(databaseUrl, port, onCleanup);
  const { signIn } = signInHelpers(baseUrl);
  const token = await signIn('operator');
  if (!token) throw new Error('sign-in routes missing');
  const auth = { ...collegeHeaders, authorization: `Bearer ${token}` };
  const recap = async () => {
    const answer = await fetch(`${baseUrl}/v2/lms/kehadiran_mahasiswa/kelas_kuliah/${fixtureClassId}`, {
      headers: auth,
    });
    if (!answer.ok) throw new Error(`recap answered ${answer.status}: ${await answer.text()}`);
    return answer.json();
  };
  const rawRecap = () =>
    client.query(
      `select cs.mahasiswa_id, u.nama, u.username, m.id, m.nomor, p.completed, p.required, sa.presensi
       from class_students cs
       join users u on u.id = cs.mahasiswa_id
       join meetings m on m.college_id = cs.college_id and m.kelas_id = cs.kelas_id
       left join attendance_progress p on p.pertemuan_id = m.id and p.mahasiswa_id = cs.mahasiswa_id
       left join student_attendance sa on sa.pertemuan_id = m.id and sa.mahasiswa_id = cs.mahasiswa_id
       where cs.college_id = $1 and cs.kelas_id = $2`,
      [collegeId, fixtureClassId],
    );
  await paired(
    `class recap ${fixture.students} × ${fixtureMeetings} (GET …/kelas_kuliah/{id}, HTTP + JSON)`,
    'report',
    rawRecap,
    recap,
    'raw SQL of the same cells',
  );
  load.push(os.loadavg()[0]!);

  const extra: string[] = [];
  if (large) {
    // 3. The whole college as one job.
    const before = process.memoryUsage().rss;
    const rss = sampleRss(() => process.memoryUsage().rss);
    t = performance.now();
    const meetingCount = await recalculate(database.db, client, fixture.operatorId, null);
    const seconds = (performance.now() - t) / 1000;
    const peak = rss.stop();
    const rows = await client.query<{ n: number }>('select count(*)::int as n from attendance_progress');
    const line =
      `whole college recalculated as one job: ${meetingCount} meetings, ${rows.rows[0]!.n} progress rows, ` +
      `${seconds.toFixed(1)} s; bench process RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`;
    console.log(line);
    extra.push(line);
    load.push(os.loadavg()[0]!);

    // 4. The attendance list export through the server.
    const list = await fetch(`${baseUrl}/v2/lms/kehadiran_mahasiswa?page=1&per_page=1`, { headers: auth });
    const total = ((await list.json()) as { meta: { total_items: number } }).meta.total_items;
    const serverRss = childRss(server.pid!);
    const serverBefore = serverRss();
    const serverSampler = sampleRss(serverRss);
    t = performance.now();
    const answer = await fetch(`${baseUrl}/v2/lms/kehadiran_mahasiswa/export_excel`, { headers: auth });
    const headersMs = performance.now() - t;
    if (!answer.ok || !answer.body)
      throw new Error(`export answered ${answer.status}: ${await answer.text()}`);
    let firstByteMs = 0;
    let bytes = 0;
    for await (const chunk of answer.body) {
      if (!bytes) firstByteMs = performance.now() - t;
      bytes += (chunk as Uint8Array).length;
    }
    const totalMs = performance.now() - t;
    const serverPeak = serverSampler.stop();
    const exportLine =
      `export of ${total} meetings (GET …/export_excel, no filter): headers ${ms(headersMs)} ms, first byte ` +
      `${ms(firstByteMs)} ms, all ${(totalMs / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB; server RSS ` +
      `${mb(serverBefore)} MB before, peak ${mb(serverPeak)} MB (+${mb(serverPeak - serverBefore)} MB)`;
    console.log(exportLine);
    extra.push(exportLine);
    load.push(os.loadavg()[0]!);
  }

  console.log(
    '\n| workload | median (min–max) | baseline, same rounds | ratio | aim |\n|---|---:|---:|---:|---|',
  );
  for (const r of table)
    console.log(`| ${r.workload} | ${r.measured} | ${r.baseline} | ${r.ratio} | ${r.aim} |`);
  for (const line of extra) console.log(`- ${line}`);
  console.log(
    `\n${os.cpus().length} CPUs, load average (1 min) ${load.map((l) => l.toFixed(1)).join(' → ')}; ` +
      `${rounds} rounds; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

await runBench(main);
