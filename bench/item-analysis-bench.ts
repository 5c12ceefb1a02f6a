// Item analysis benchmark (`npm run item-analysis -w @lms/bench`, issue 43 §3): a throw-away PostgreSQL
// cluster (unless BENCH_DATABASE_URL is given), migrated and seeded, and the built server.
//
// A fixture exam of a class of 300 students with 40 choice questions, every attempt finished and
// scored (12,000 answers, picked by a simple ability model so the figures vary), then in alternating
// rounds the raw aggregate `select soal_id, avg(nilai) … group by soal_id` over the same answers, the
// analysis statement (the server's repository, in this process), and GET /v2/lms/ujian/{id}/analisis_soal
// as an operator (HTTP, sign-in, the exam's access check, the statement and two small reads, JSON).
// Aim: the statement within 5× the raw aggregate; the route's figure is printed beside it.
//
// Options: --rounds=<n> / BENCH_ROUNDS (default 7), BENCH_DATABASE_URL, BENCH_PORT (default 3107),
// BENCH_PG_PORT (default 54334).
import os from 'node:os';
import pg from 'pg';
import { benchOption, percentile } from './bench-args.ts';
import { itemAnalysisLimits } from '@lms/contract/item-analysis.rules';
import { itemAnalysisResponseSchema } from '@lms/contract/item-analysis.schema';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { findItemFigures } from '../apps/server/src/modules/exam-analysis/exam-analysis.repository.ts';
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

const rounds = Math.max(1, Number(benchOption('rounds', '7')));
const port = Number(process.env.BENCH_PORT ?? 3107);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54334);
const baseUrl = `http://127.0.0.1:${port}`;
const collegeId = 'demo';
const students = 300;
const questions = 40;

const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0));

/** The fixture in plain SQL: a class of 300, a meeting, an exam of 40 choice questions, 300 finished attempts. */
async function buildFixture(client: pg.Client): Promise<{ examId: string; answers: number }> {
  await client.query('begin');
  const created = await client.query<{ id: string }>(
    `insert into classes (id, college_id, periode, mata_kuliah_id, nama, jenis, status, mode_kuliah, kapasitas)
     select periode || '_IA300_' || mata_kuliah_id, college_id, periode, mata_kuliah_id, 'IA300', jenis,
            'berlangsung', 'online', $2
     from classes where college_id = $1 order by id limit 1
     returning id`,
    [collegeId, students],
  );
  const kelasId = created.rows[0]!.id;
  await client.query(
    `insert into class_students (kelas_id, mahasiswa_id, college_id)
     select $2, user_id, college_id from students where college_id = $1 order by user_id limit $3`,
    [collegeId, kelasId, students],
  );
  const meeting = await client.query<{ id: string }>(
    `insert into meetings (college_id, kelas_id, nomor, judul, kategori, jenis, waktu_mulai, waktu_selesai, status)
     values ($1, $2, 1, 'Pertemuan 1', 'uts', 'online', now() - interval '2 days', now() - interval '2 days' + interval '100 minutes', 'selesai')
     returning id`,
    [collegeId, kelasId],
  );
  const exam = await client.query<{ id: string }>(
    `insert into exams (college_id, kelas_id, pertemuan_id, judul, deskripsi, jenis, waktu_mulai, waktu_selesai)
     values ($1, $2, $3, 'UTS Analisis Bench', '<p>Bench</p>', 'uts', now() - interval '2 days', now() - interval '1 day')
     returning id`,
    [collegeId, kelasId, meeting.rows[0]!.id],
  );
  const examId = exam.rows[0]!.id;
  const group = await client.query<{ id: string }>(
    `insert into exam_groups (college_id, ujian_id, urutan) values ($1, $2, 1) returning id`,
    [collegeId, examId],
  );
  const groupId = group.rows[0]!.id;
  // Question n: key (n % 4), difficulty spread over the exam.
  await client.query(
    `insert into exam_questions (college_id, ujian_id, kelompok_id, urutan, jenis, pertanyaan, isi)
     select $1, $2, $3, n, 'pilihan', '<p>Soal ' || n || '</p>',
            jsonb_build_object('jenis', 'pilihan', 'kunci', n % 4,
              'pilihan', jsonb_build_array(jsonb_build_object('teks', 'A'), jsonb_build_object('teks', 'B'),
                                           jsonb_build_object('teks', 'C'), jsonb_build_object('teks', 'D')))
     from generate_series(1, $4::int) n`,
    [collegeId, examId, groupId, questions],
  );
  await client.query(
    `insert into exam_attempts (college_id, ujian_id, mahasiswa_id, status, started_at, deadline_at, submitted_at,
                                question_set, jumlah_soal, nilai_akhir, sudah_dinilai)
     select $1, $2, cs.mahasiswa_id, 'selesai', now() - interval '2 days', now() - interval '1 day', now() - interval '2 days',
            jsonb_build_array(jsonb_build_object('id', $3::text, 'aturan', 'semua', 'jumlah_wajib_dijawab', null,
              'soal', (select jsonb_agg(q.id order by q.urutan) from exam_questions q where q.college_id = $1 and q.ujian_id = $2))),
            $4, 0, true
     from class_students cs where cs.college_id = $1 and cs.kelas_id = $5`,
    [collegeId, examId, groupId, questions, kelasId],
  );
  // Each student's ability (0–1) against each question's difficulty decides a right answer; a wrong one
  // picks another option by a hash.
  const answers = await client.query(
    `insert into exam_answers (college_id, attempt_id, soal_id, jawaban, urutan, saved_at, nilai)
     select a.college_id, a.id, q.id, jsonb_build_object('jenis', 'pilihan', 'pilihan', pick), 1, now(),
            case when pick = (q.isi ->> 'kunci')::int then 100 else 0 end
     from exam_attempts a
     join exam_questions q on q.college_id = a.college_id and q.ujian_id = a.ujian_id
     cross join lateral (select (abs(hashtext(a.mahasiswa_id::text)) % 1000) / 1000.0 as ability,
                                q.urutan / ($3::float8 + 1) as difficulty,
                                abs(hashtext(a.id::text || q.id::text)) as h) x
     cross join lateral (select case when ability + (h % 100) / 250.0 > difficulty
                                     then (q.isi ->> 'kunci')::int
                                     else ((q.isi ->> 'kunci')::int + 1 + h % 3) % 4 end as pick) p
     where a.college_id = $1 and a.ujian_id = $2`,
    [collegeId, examId, questions],
  );
  await client.query('commit');
  await client.query('analyze');
  return { examId, answers: answers.rowCount ?? 0 };
}

async function main(): Promise<void> {
  const load = [os.loadavg()[0]!];
  const databaseUrl = await benchDatabaseUrl(pgPort);
  await prepareDemoDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(() => client.end());
  const fixture = await buildFixture(client);
  console.log(
    `fixture exam ${fixture.examId}: ${students} finished attempts × ${questions} questions, ${fixture.answers} answers`,
  );

  buildServerIfNeeded();
  await startBuiltServer(databaseUrl, port, onCleanup);
  const token = await signInHelpers(baseUrl).signIn('operator');
  const auth = { ...collegeHeaders, authorization: `Bearer ${token}` };
  const url = `${baseUrl}/v2/lms/ujian/${fixture.examId}/analisis_soal`;

  const analysis = async () => {
    const answer = await fetch(url, { headers: auth });
    if (!answer.ok) throw new Error(`analisis_soal answered ${answer.status}: ${await answer.text()}`);
    return answer.json();
  };
  const raw = () =>
    client.query(
      `select ans.soal_id, avg(ans.nilai)
       from exam_answers ans
       join exam_attempts a on a.college_id = ans.college_id and a.id = ans.attempt_id
       where a.college_id = $1 and a.ujian_id = $2 and a.status = 'selesai'
       group by ans.soal_id`,
      [collegeId, fixture.examId],
    );
  // Warm both (plans, caches), and check the answer's shape once.
  await raw();
  const first = itemAnalysisResponseSchema.parse(await analysis());
  const flagged = first.data.soal.filter((q) => q.tanda.length > 0).length;
  // The analysis statement itself, through the server's own repository in this process: the aim's
  // "computed in PostgreSQL" part, without HTTP, sign-in and the exam's access check.
  const inProcess = await openDatabase({ databaseUrl });
  onCleanup(() => inProcess.close());
  const statement = () =>
    findItemFigures(inProcess.db, collegeId, [fixture.examId], itemAnalysisLimits.groupShare);
  await statement();
  const base: number[] = [];
  const measured: number[] = [];
  const statementTimes: number[] = [];
  for (let i = 0; i < rounds; i++) {
    let t = performance.now();
    await raw();
    base.push(performance.now() - t);
    t = performance.now();
    await statement();
    statementTimes.push(performance.now() - t);
    t = performance.now();
    await analysis();
    measured.push(performance.now() - t);
  }
  load.push(os.loadavg()[0]!);
  const ratio = median(statementTimes) / median(base);
  const routeRatio = median(measured) / median(base);
  console.log(
    '\n| workload | median (min–max) | raw aggregate, same rounds | ratio | aim |\n|---|---:|---:|---:|---|',
  );
  console.log(
    `| the analysis statement, ${students} × ${questions} | ${ms(median(statementTimes))} ms (${ms(Math.min(...statementTimes))}–${ms(Math.max(...statementTimes))}) | ` +
      `${ms(median(base))} ms | ${ratio.toFixed(1)}× | ≤ 5× ${ratio <= 5 ? '✓' : '✗'} |`,
  );
  console.log(
    `| GET analisis_soal (HTTP, sign-in, access check, 3 reads, JSON) | ${ms(median(measured))} ms (${ms(Math.min(...measured))}–${ms(Math.max(...measured))}) | ` +
      `${ms(median(base))} ms | ${routeRatio.toFixed(1)}× | — |`,
  );
  console.log(
    `\n${rounds} rounds; ${first.data.jumlah_pengerjaan} finished attempts, ${flagged} of ${questions} questions flagged; ` +
      `load average ${load.map((l) => l.toFixed(2)).join(' → ')}`,
  );
  console.log(`ratio ${ratio.toFixed(2)}`);
  if (ratio > 5) process.exitCode = 1;
}

void runBench(main);
