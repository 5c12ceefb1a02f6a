// Notification fan-out benchmark (`npm run notifications -w @lms/bench`, issue 44 §1): a throw-away
// PostgreSQL cluster (unless BENCH_DATABASE_URL is given), migrated and seeded with the demo, and a
// class of 1,000 students added in plain SQL.
//
// Each round records one event in that class as a content area does (`announceToClass`) and times the
// fan-out job's run (`fanOutDueEvents`): claim, the one `insert … select` that makes the 1,000
// notifications and NOTIFYs each student's stream with their unread count, the done mark, commit. It
// counts the statements that write notifications (aim: one per event) and checks the 1,000 rows.
// Aim: ≤ 2 s per event of 1,000.
//
// Options: --rounds=<n> / BENCH_ROUNDS (default 7), BENCH_DATABASE_URL, BENCH_PG_PORT (default 54338).
import os from 'node:os';
import { benchOption, percentile } from './bench-args.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { announceToClass } from '../apps/server/src/modules/notification/notification.api.ts';
import { fanOutDueEvents } from '../apps/server/src/modules/notification/notification.service.ts';
import { benchDatabaseUrl, prepareDemoDatabase, runBench } from './server-process.ts';

const rounds = Math.max(1, Number(benchOption('rounds', '7')));
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54338);
const collegeId = 'demo';
const classSize = 1000;

await runBench(async () => {
  const databaseUrl = await benchDatabaseUrl(pgPort);
  await prepareDemoDatabase(databaseUrl);
  let writes = 0;
  const database = await openDatabase({
    databaseUrl,
    checkStatement: (statement) => {
      if (/insert into notifications\b/i.test(statement)) writes++;
    },
  });
  try {
    // A class of 1,000 new students of the demo's first study program.
    const [cls] = await database.query<{ id: string }>(
      `insert into classes (id, college_id, periode, mata_kuliah_id, nama, jenis, status, mode_kuliah, kapasitas)
       select periode || '_NB1000_' || mata_kuliah_id, college_id, periode, mata_kuliah_id, 'NB1000', jenis,
              'berlangsung', 'online', $2
       from classes where college_id = $1 order by id limit 1
       on conflict do nothing
       returning id`,
      [collegeId, classSize],
    );
    if (!cls) throw new Error('the bench class exists already: use a fresh database');
    await database.query(
      `with made as (
         insert into users (college_id, username, password_hash, role, nama)
         select $1, 'nb' || n, 'x', 'mahasiswa', 'Mahasiswa Bench ' || n from generate_series(1, $2) n
         returning id, username)
       insert into students (user_id, college_id, nim, prodi_id, angkatan)
       select made.id, $1, made.username, (select id from study_programs where college_id = $1 order by id limit 1), 2026
       from made`,
      [collegeId, classSize],
    );
    await database.query(
      `insert into class_students (kelas_id, mahasiswa_id, college_id)
       select $2, s.user_id, s.college_id from students s where s.college_id = $1 and s.nim like 'nb%'`,
      [collegeId, cls.id],
    );
    await database.query('analyze');

    const times: number[] = [];
    for (let round = 1; round <= rounds; round++) {
      await announceToClass(database.db, {
        collegeId,
        classId: cls.id,
        kind: 'tugas',
        title: `Tugas bench ${round}`,
        link: `/tugas/bench-${round}`,
        resource: { kind: 'task', id: `bench-${round}` },
      });
      writes = 0;
      const started = performance.now();
      const made = await fanOutDueEvents(database.db);
      const elapsed = performance.now() - started;
      if (made !== classSize) throw new Error(`round ${round} made ${made} notifications, not ${classSize}`);
      times.push(elapsed);
      console.info(
        `round ${round}: ${made} notifications in ${elapsed.toFixed(0)} ms, ${writes} insert statement(s)`,
      );
    }
    const [rows] = await database.query<{ n: number }>(
      `select count(*)::int as n from notifications where college_id = $1 and title like 'Tugas bench %'`,
      [collegeId],
    );
    console.info(
      `notification fan-out, a class of ${classSize} (${os.cpus().length} CPUs, PostgreSQL): median ` +
        `${percentile(times, 50).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms per event ` +
        `(aim ≤ 2000 ms), one insert statement per event; ${rows?.n} rows in all`,
    );
  } finally {
    await database.close();
  }
});
