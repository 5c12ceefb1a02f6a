// BAP benchmark (`npm run bench:bap`, issue 16): the period zip of 500 classes ("Unduh Semua BAP") through
// the built server on a throw-away PostgreSQL (unless BENCH_DATABASE_URL is given), migrated and
// demo-seeded, plus a generated period of 500 classes × 40 students × 16 held meetings with lecturer
// attendance and marks. Measures the time to the response headers and to the first byte, the total time
// and size, and the server's RSS growth while it streams; as a baseline, the raw SQL read of the same
// (student, meeting) rows in the same run.
//
// Options: BENCH_CLASSES (default 500), BENCH_DETAIL=1 (include the meeting detail, 40 students × 16
// meetings per PDF), BENCH_PORT (default 3104), BENCH_PG_PORT (default 54332), BENCH_DATABASE_URL.
import os from 'node:os';
import { readFileSync } from 'node:fs';
import pg from 'pg';
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

const classCount = Number(process.env.BENCH_CLASSES ?? 500);
const detail = process.env.BENCH_DETAIL === '1';
const port = Number(process.env.BENCH_PORT ?? 3104);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54332);
const baseUrl = `http://127.0.0.1:${port}`;
const collegeId = 'demo';
const periode = 20901;
const studentsPerClass = 40;
const meetingsPerClass = 16;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const childRss = (pid: number) => () => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
};

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

/**
 * A period of `classCount` classes copied from the demo's courses, each with its main teacher, 40 enrolled
 * students, 16 meetings that ended, the teacher's (validated) attendance and a stored mark for 9 in 10
 * students. Plain set-based SQL, so the bench measures the download, not the writes that feed it.
 */
async function buildPeriod(client: pg.Client): Promise<void> {
  await client.query('begin');
  await client.query(
    `insert into periods (college_id, kode, label, tanggal_mulai, tanggal_selesai, is_current)
     values ($1, $2, '2090/2091 Ganjil', '2090-08-01', '2091-01-31', false)`,
    [collegeId, periode],
  );
  // Course i mod (number of courses); the class name keeps (periode, course, nama) unique.
  await client.query(
    `with c as (select id, row_number() over (order by id) - 1 as i, count(*) over () as n
                from courses where college_id = $1)
     insert into classes (id, college_id, periode, mata_kuliah_id, nama, jenis, status, mode_kuliah, kapasitas)
     select ($2::int)::text || '_' || lpad(g::text, 3, '0') || '_' || c.id, $1, $2::int, c.id, lpad(g::text, 3, '0'), 'Reguler',
            'selesai', 'campuran', 50
     from generate_series(1, $3::int) g join c on c.i = g % c.n`,
    [collegeId, periode, classCount],
  );
  await client.query(
    `insert into class_teachers (kelas_id, dosen_id, college_id, peran, is_utama, urutan)
     select k.id, (select user_id from lecturers l where l.college_id = $1 order by user_id
                   offset (abs(hashtext(k.id)) % 20) limit 1), $1, 'dosen', true, 1
     from classes k where k.college_id = $1 and k.periode = $2`,
    [collegeId, periode],
  );
  await client.query(
    `insert into class_students (kelas_id, mahasiswa_id, college_id)
     select k.id, s.user_id, $1
     from classes k
     cross join lateral (select user_id from students where college_id = $1 order by user_id
                         offset (abs(hashtext(k.id)) % 100) limit $3) s
     where k.college_id = $1 and k.periode = $2`,
    [collegeId, periode, studentsPerClass],
  );
  await client.query(
    `insert into meetings (college_id, kelas_id, nomor, judul, kategori, jenis, metode, waktu_mulai, waktu_selesai,
                           status, mulai_kuliah, selesai_kuliah)
     select $1, k.id, n, 'Topik pertemuan ' || n || ' kelas ' || k.nama, 'kuliah', 'offline', 'Ceramah dan Diskusi',
            now() - (20 - n) * interval '7 days', now() - (20 - n) * interval '7 days' + interval '100 minutes',
            'selesai', now() - (20 - n) * interval '7 days', now() - (20 - n) * interval '7 days' + interval '100 minutes'
     from classes k cross join generate_series(1, $3::int) n
     where k.college_id = $1 and k.periode = $2`,
    [collegeId, periode, meetingsPerClass],
  );
  await client.query(
    `insert into meeting_teachers (pertemuan_id, dosen_id, college_id)
     select m.id, t.dosen_id, $1 from meetings m
     join class_teachers t on t.college_id = m.college_id and t.kelas_id = m.kelas_id
     join classes k on k.college_id = m.college_id and k.id = m.kelas_id
     where m.college_id = $1 and k.periode = $2`,
    [collegeId, periode],
  );
  await client.query(
    `insert into lecturer_attendance (college_id, pertemuan_id, dosen_id, is_hadir, mulai_kuliah, selesai_kuliah,
                                      is_valid, updated_by)
     select $1, m.id, t.dosen_id, true, m.mulai_kuliah, m.selesai_kuliah, true, t.dosen_id
     from meetings m join meeting_teachers t on t.pertemuan_id = m.id
     join classes k on k.college_id = m.college_id and k.id = m.kelas_id
     where m.college_id = $1 and k.periode = $2`,
    [collegeId, periode],
  );
  await client.query(
    `insert into student_attendance (college_id, pertemuan_id, mahasiswa_id, presensi, source, updated_by)
     select $1, m.id, s.mahasiswa_id, (array['H','H','H','H','H','H','H','A','I','S'])[1 + abs(hashtext(m.id::text || s.mahasiswa_id::text)) % 10]::attendance_mark,
            'manual', t.dosen_id
     from meetings m
     join classes k on k.college_id = m.college_id and k.id = m.kelas_id
     join class_students s on s.college_id = m.college_id and s.kelas_id = m.kelas_id
     join class_teachers t on t.college_id = m.college_id and t.kelas_id = m.kelas_id and t.is_utama
     where m.college_id = $1 and k.periode = $2 and abs(hashtext(s.mahasiswa_id::text || m.id::text)) % 10 <> 0`,
    [collegeId, periode],
  );
  await client.query('commit');
  // Fresh statistics, as autovacuum would have them by the time anyone downloads the period.
  await client.query('analyze');
}

async function main(): Promise<void> {
  const started = performance.now();
  const load = [os.loadavg()[0]!];
  const databaseUrl = await benchDatabaseUrl(pgPort);
  let t = performance.now();
  await prepareDemoDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(() => client.end());
  const exists = await client.query('select 1 from periods where college_id = $1 and kode = $2', [
    collegeId,
    periode,
  ]);
  if (exists.rowCount) throw new Error(`period ${periode} already exists: use a fresh database`);
  await buildPeriod(client);
  const [counts] = (
    await client.query<{ classes: number; marks: number }>(
      `select (select count(*)::int from classes where college_id = $1 and periode = $2) as classes,
              (select count(*)::int from student_attendance a join meetings m on m.id = a.pertemuan_id
                 join classes k on k.college_id = m.college_id and k.id = m.kelas_id
               where k.college_id = $1 and k.periode = $2) as marks`,
      [collegeId, periode],
    )
  ).rows;
  console.log(
    `database ready in ${((performance.now() - t) / 1000).toFixed(0)} s: ${counts!.classes} classes, ${counts!.marks} marks`,
  );

  // Baseline: the raw read of every (student, meeting) row of the period, as the reports read them.
  t = performance.now();
  await client.query(
    `select cs.kelas_id, m.id, s.nim, u.nama, a.presensi
     from class_students cs join classes k on k.college_id = cs.college_id and k.id = cs.kelas_id
     join users u on u.id = cs.mahasiswa_id join students s on s.user_id = cs.mahasiswa_id
     join meetings m on m.college_id = cs.college_id and m.kelas_id = cs.kelas_id
     left join student_attendance a on a.pertemuan_id = m.id and a.mahasiswa_id = cs.mahasiswa_id
     where k.college_id = $1 and k.periode = $2`,
    [collegeId, periode],
  );
  const baselineMs = performance.now() - t;

  buildServerIfNeeded();
  const server = await startBuiltServer(databaseUrl, port, onCleanup);
  const token = await signInHelpers(baseUrl).signIn('operator');
  if (!token) throw new Error('sign-in failed');
  const auth = { ...collegeHeaders, authorization: `Bearer ${token}` };
  load.push(os.loadavg()[0]!);

  const serverRss = childRss(server.pid!);
  // A warm-up download of one class, so the first-byte figure is not the first PDF the process renders.
  await (
    await fetch(`${baseUrl}/v2/lms/kelas_kuliah/bap/unduh?periode=${periode}&search=001`, { headers: auth })
  ).arrayBuffer();
  const before = serverRss();
  const sampler = sampleRss(serverRss);
  t = performance.now();
  const query = `periode=${periode}&include_laporan_kelas=true&include_laporan_pertemuan_detail=${detail}&include_tanda_tangan=true`;
  const answer = await fetch(`${baseUrl}/v2/lms/kelas_kuliah/bap/unduh?${query}`, { headers: auth });
  const headersMs = performance.now() - t;
  if (!answer.ok || !answer.body) throw new Error(`zip answered ${answer.status}: ${await answer.text()}`);
  let firstByteMs = 0;
  let bytes = 0;
  let tail = Buffer.alloc(0);
  for await (const chunk of answer.body) {
    if (!bytes) firstByteMs = performance.now() - t;
    bytes += (chunk as Uint8Array).length;
    tail = Buffer.concat([tail, Buffer.from(chunk as Uint8Array)]).subarray(-22);
  }
  const totalMs = performance.now() - t;
  const peak = sampler.stop();
  // The end-of-central-directory record holds the number of entries.
  const entries = tail.readUInt16LE(10);
  load.push(os.loadavg()[0]!);

  console.log('\n| measure | value | aim |\n|---|---:|---|');
  console.log(`| classes in the zip (entries) | ${entries} | ${counts!.classes} |`);
  console.log(`| response headers | ${headersMs.toFixed(0)} ms | |`);
  console.log(`| first byte | ${firstByteMs.toFixed(0)} ms | < 1 s |`);
  console.log(`| whole zip | ${(totalMs / 1000).toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB | |`);
  console.log(`| per class | ${(totalMs / entries).toFixed(0)} ms | |`);
  console.log(
    `| server RSS | ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB) | growth < 200 MB |`,
  );
  console.log(
    `| baseline: raw SQL read of the period's (student, meeting) rows | ${baselineMs.toFixed(0)} ms | |`,
  );
  console.log(
    `\ndetail ${detail ? 'on' : 'off'}; ${os.cpus().length} CPUs, load average (1 min) ${load.map((l) => l.toFixed(1)).join(' → ')}; ` +
      `total ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

await runBench(main);
