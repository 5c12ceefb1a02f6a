// Grade recap benchmark (`npm run bench:grades`, issue 15): a throw-away PostgreSQL cluster (unless
// BENCH_DATABASE_URL is given), migrated and seeded, and the built server (job workers on).
//
//   1. the recap of a fixture class (300 students × 20 scored activities, graded scores for ~80 % of the
//      pairs, two SIAKAD components of ten activities each) through GET /v2/lms/nilai/kelas_kuliah/{id}
//      as an operator, against the raw SQL aggregate of the same scores, in alternating rounds;
//   2. sending the 600 component values of its 300 students to the demo SIAKAD as one job (POST …/kirim,
//      then the job on the server's worker): the job's own time (started → finished) and the wall time
//      from the request to the end; then the same values again (idempotent: nothing written).
//
// Options: --rounds=<n> / BENCH_ROUNDS (default 5), BENCH_DATABASE_URL, BENCH_PORT (default 3105),
// BENCH_PG_PORT (default 54332).
import os from 'node:os';
import pg from 'pg';
import { gradeRecapResponseSchema } from '@lms/contract/grade.schema';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { loadRecapData, presentRecap } from '../apps/server/src/modules/grade/grade-recap.service.ts';
import { findCollegeById } from '../apps/server/src/platform/college.repository.ts';
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
const option = (name: string, fallback: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ??
  process.env[`BENCH_${name.toUpperCase()}`] ??
  fallback;
const rounds = Math.max(1, Number(option('rounds', '5')));
const port = Number(process.env.BENCH_PORT ?? 3105);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54332);
const baseUrl = `http://127.0.0.1:${port}`;
const collegeId = 'demo';
const fixtureClassName = 'NL300';
const fixtureStudents = 300;
const fixtureMeetings = 10;
const activitiesPerMeeting = 2;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));

/** The fixture class in plain SQL: students, meetings, scored activities, scores, SIAKAD components. */
async function buildFixture(client: pg.Client): Promise<{ kelasId: string; scores: number }> {
  await client.query('begin');
  const created = await client.query<{ id: string }>(
    `insert into classes (id, college_id, periode, mata_kuliah_id, nama, jenis, status, mode_kuliah, kapasitas)
     select periode || '_' || $2 || '_' || mata_kuliah_id, college_id, periode, mata_kuliah_id, $2, jenis,
            'berlangsung', 'online', $3
     from classes where college_id = $1 order by id limit 1
     returning id`,
    [collegeId, fixtureClassName, fixtureStudents],
  );
  const kelasId = created.rows[0]!.id;
  await client.query(
    `insert into class_students (kelas_id, mahasiswa_id, college_id)
     select $2, user_id, college_id from students where college_id = $1 order by user_id limit $3`,
    [collegeId, kelasId, fixtureStudents],
  );
  await client.query(
    `insert into meetings (college_id, kelas_id, nomor, judul, kategori, jenis, waktu_mulai, waktu_selesai, status)
     select $1, $2, n, 'Pertemuan ' || n, (case when n = 5 then 'uts' when n = 10 then 'uas' else 'kuliah' end)::meeting_category,
            'online', now() - (11 - n) * interval '5 days', now() - (11 - n) * interval '5 days' + interval '100 minutes', 'selesai'
     from generate_series(1, $3::int) n`,
    [collegeId, kelasId, fixtureMeetings],
  );
  await client.query(
    `insert into activities (college_id, kind, content_id, kelas_id, pertemuan_id, title, opens_at, closes_at, due_at)
     select m.college_id, (array['tugas','ujian','forum'])[1 + (m.nomor + i) % 3]::activity_kind,
            'bench-nilai-' || m.id || '-' || i, m.kelas_id, m.id, 'Aktivitas ' || m.nomor || '.' || i,
            m.waktu_mulai, m.waktu_selesai, m.waktu_selesai
     from meetings m, generate_series(1, $3::int) i
     where m.college_id = $1 and m.kelas_id = $2`,
    [collegeId, kelasId, activitiesPerMeeting],
  );
  const scores = await client.query(
    `insert into activity_facts (college_id, activity_id, mahasiswa_id, score, graded, published, submitted_at)
     select a.college_id, a.id, cs.mahasiswa_id, 40 + h % 61, true, true, a.due_at - interval '1 hour'
     from activities a
     join class_students cs on cs.college_id = a.college_id and cs.kelas_id = a.kelas_id
     cross join lateral (select abs(hashtext(a.id::text || cs.mahasiswa_id::text)) as h) x
     where a.college_id = $1 and a.kelas_id = $2 and h % 10 < 8`,
    [collegeId, kelasId],
  );
  await client.query(
    `insert into siakad_demo_classes (college_id, kelas_id, window_start, window_end, locked)
     values ($1, $2, now() - interval '3 days', now() + interval '3 days', false)`,
    [collegeId, kelasId],
  );
  const components = await client.query<{ id: string }>(
    `insert into siakad_demo_components (college_id, kelas_id, jenis, label, bobot, urutan)
     values ($1, $2, 'tugas', 'Tugas', 40, 0), ($1, $2, 'ujian', 'Ujian', 60, 1) returning id`,
    [collegeId, kelasId],
  );
  const [operator] = (
    await client.query<{ id: string }>(
      `select id from users where college_id = $1 and username = 'operator'`,
      [collegeId],
    )
  ).rows;
  // Ten activities each: the first half of the class's activities make up Tugas, the rest Ujian.
  await client.query(
    `insert into grade_component_activities (college_id, kelas_id, komponen_id, activity_id, updated_by)
     select $1, $2, (case when rn <= 10 then $3 else $4 end), id, $5::uuid
     from (select id, row_number() over (order by content_id) as rn from activities where college_id = $1 and kelas_id = $2) a`,
    [collegeId, kelasId, components.rows[0]!.id, components.rows[1]!.id, operator!.id],
  );
  await client.query('commit');
  await client.query('analyze');
  return { kelasId, scores: scores.rowCount ?? 0 };
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
  console.log(
    `fixture ${fixture.kelasId}: ${fixtureStudents} students × ${fixtureMeetings * activitiesPerMeeting} activities, ${fixture.scores} scores`,
  );

  buildServerIfNeeded();
  await startBuiltServer(databaseUrl, port, onCleanup);
  const token = await signInHelpers(baseUrl).signIn('operator');
  const auth = { ...collegeHeaders, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const path = `${baseUrl}/v2/lms/nilai/kelas_kuliah/${encodeURIComponent(fixture.kelasId)}`;

  // 1. The recap against the raw aggregate of the same scores.
  const recap = async () => {
    const answer = await fetch(path, { headers: auth });
    if (!answer.ok) throw new Error(`recap answered ${answer.status}: ${await answer.text()}`);
    return answer.json();
  };
  // The raw SQL aggregate of the same recap: every cell, the averages per type and the component values
  // (the mean with missing work as 0), computed by PostgreSQL in two statements.
  const raw = () =>
    Promise.all([
      client.query(
        `select cs.mahasiswa_id,
                json_agg(json_build_object('aktivitas', a.id, 'nilai', coalesce(f.score, -1.618)) order by m.nomor, a.id) as cells,
                avg(coalesce(f.score, 0)) filter (where a.kind = 'tugas') as tugas,
                avg(coalesce(f.score, 0)) filter (where a.kind = 'forum') as forum,
                avg(coalesce(f.score, 0)) filter (where a.kind = 'ujian' and m.kategori = 'kuliah') as kuis,
                avg(coalesce(f.score, 0)) filter (where a.kind = 'ujian' and m.kategori = 'uts') as uts,
                avg(coalesce(f.score, 0)) filter (where a.kind = 'ujian' and m.kategori = 'uas') as uas
         from class_students cs
         join activities a on a.college_id = cs.college_id and a.kelas_id = cs.kelas_id and a.kind in ('tugas','ujian','forum')
         join meetings m on m.id = a.pertemuan_id
         left join activity_facts f on f.activity_id = a.id and f.mahasiswa_id = cs.mahasiswa_id and f.graded
         where cs.college_id = $1 and cs.kelas_id = $2
         group by cs.mahasiswa_id`,
        [collegeId, fixture.kelasId],
      ),
      client.query(
        `select cs.mahasiswa_id, g.komponen_id, round(avg(coalesce(f.score, 0)), 2) as nilai
         from class_students cs
         join grade_component_activities g on g.college_id = cs.college_id and g.kelas_id = cs.kelas_id
         left join activity_facts f on f.activity_id = g.activity_id and f.mahasiswa_id = cs.mahasiswa_id and f.graded
         where cs.college_id = $1 and cs.kelas_id = $2
         group by cs.mahasiswa_id, g.komponen_id`,
        [collegeId, fixture.kelasId],
      ),
    ]);
  await raw();
  await recap();
  const base: number[] = [];
  const measured: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await raw();
    base.push(performance.now() - t);
    t = performance.now();
    await recap();
    measured.push(performance.now() - t);
  }
  const ratio = median(measured) / median(base);
  load.push(os.loadavg()[0]!);

  // Where the recap's time goes, in this process: the reads, building the answer, validating, JSON.
  const inProcess = await openDatabase({ databaseUrl });
  onCleanup(() => inProcess.close());
  const college = (await findCollegeById(inProcess.db, collegeId))!;
  const [op] = (
    await client.query<{ id: string }>(
      `select id from users where college_id = $1 and username = 'operator'`,
      [collegeId],
    )
  ).rows;
  const actor = {
    userId: op!.id,
    collegeId,
    role: 'operator' as const,
    permissions: Object.fromEntries(
      [
        'data_master',
        'kelas_kuliah',
        'bank_soal',
        'data_sistem',
        'konfigurasi',
        'pengumuman',
        'bantuan',
        'laporan',
      ].map((a) => [a, 'write']),
    ),
    actorUserId: null,
  };
  const stages = {
    reads: [] as number[],
    build: [] as number[],
    validate: [] as number[],
    json: [] as number[],
  };
  // The bench's college uses the demo SIAKAD: no HTTP SIAKAD is allowed.
  const demoOnlySiakad = {
    publicUrl: 'http://lms.invalid',
    siakadUrl: 'http://lms.invalid/dev',
    siakadAllowedHosts: [],
    siakadPrivateNetworks: [],
  };
  for (let i = 0; i < rounds + 1; i++) {
    let t = performance.now();
    const data = await loadRecapData(inProcess.db, actor as never, college, demoOnlySiakad, fixture.kelasId);
    const reads = performance.now() - t;
    t = performance.now();
    const answer = { data: presentRecap(data, actor as never, college, new Date()) };
    const build = performance.now() - t;
    t = performance.now();
    gradeRecapResponseSchema.parse(answer);
    const validate = performance.now() - t;
    t = performance.now();
    JSON.stringify(answer);
    const json = performance.now() - t;
    if (i === 0) continue;
    stages.reads.push(reads);
    stages.build.push(build);
    stages.validate.push(validate);
    stages.json.push(json);
  }

  // 2. Sending as one job, twice.
  async function send(): Promise<{
    wall: number;
    job: number;
    sent: number;
    unchanged: number;
    total: number;
  }> {
    const t = performance.now();
    const answer = await fetch(`${path}/kirim`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ konfirmasi_timpa: true }),
    });
    if (answer.status !== 202) throw new Error(`send answered ${answer.status}: ${await answer.text()}`);
    const { id } = ((await answer.json()) as { data: { id: string } }).data;
    for (;;) {
      const { rows } = await client.query<{
        status: string;
        sent: number;
        unchanged: number;
        total: number;
        job_ms: number | null;
      }>(
        `select status, sent, unchanged, total,
                extract(epoch from finished_at - (select min(updated_at) from grade_send_items where send_id = $1 and status <> 'menunggu')) * 1000 as job_ms
         from grade_sends where id = $1`,
        [id],
      );
      const r = rows[0]!;
      if (r.status === 'selesai' || r.status === 'gagal') {
        if (r.status === 'gagal') throw new Error('send failed');
        return {
          wall: performance.now() - t,
          job: Number(r.job_ms ?? 0),
          sent: r.sent,
          unchanged: r.unchanged,
          total: r.total,
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const first = await send();
  const again = await send();
  load.push(os.loadavg()[0]!);

  console.log(
    '\n| workload | median (min–max) | baseline, same rounds | ratio | aim |\n|---|---:|---:|---:|---|',
  );
  console.log(
    `| recap ${fixtureStudents} × ${fixtureMeetings * activitiesPerMeeting} (GET …/nilai/kelas_kuliah/{id}, HTTP + JSON) | ` +
      `${ms(median(measured))} ms (${ms(Math.min(...measured))}–${ms(Math.max(...measured))}) | raw SQL aggregate of the recap: ` +
      `${ms(median(base))} ms (${ms(Math.min(...base))}–${ms(Math.max(...base))}) | ${ratio.toFixed(2)} | ≤ 5 |`,
  );
  console.log(
    `- recap answer ${(JSON.stringify(await recap()).length / 1000).toFixed(0)} kB of JSON; stages in process (medians): reads ${ms(median(stages.reads))} ms, answer ${ms(median(stages.build))} ms, ` +
      `zod validation ${ms(median(stages.validate))} ms, JSON ${ms(median(stages.json))} ms`,
  );
  console.log(
    `- send ${first.total} values (${fixtureStudents} students) as one job: ${first.sent} written; job ${ms(first.job)} ms ` +
      `(first result → finished), request to finished ${ms(first.wall)} ms (includes the worker's polling, up to 2 s)`,
  );
  console.log(
    `- the same values again: ${again.unchanged} unchanged, ${again.sent} written; request to finished ${ms(again.wall)} ms`,
  );
  console.log(
    `\n${os.cpus().length} CPUs, load average (1 min) ${load.map((l) => l.toFixed(1)).join(' → ')}; ` +
      `${rounds} rounds; total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

await runBench(main);
