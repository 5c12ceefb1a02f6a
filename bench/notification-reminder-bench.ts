// Reminder benchmark (`npm run reminders -w @lms/bench`, issue 44 §1): a throw-away PostgreSQL cluster
// (unless BENCH_DATABASE_URL is given), migrated and seeded with the demo, and 20,000 students added in
// plain SQL: 20 classes of 1,000, each with a meeting and a task due in the same minute, 23 h 59 min
// from now (inside the default lead time of 24 hours). Every other student chose their own lead time
// of 2 days: each task is then two events, one for each lead, each student reminded once.
//
// Times one run of the reminder job (`sendDueReminders`): the two statements per college that record
// the reminder events, then the fan-out (one `insert … select` per event, with each student's stream
// NOTIFY). It counts the statements that write events and notifications and checks the 20,000 rows,
// then runs again and checks that nothing is made twice. Aim: all 20,000 within the minute (< 60 s).
//
// Options: BENCH_DATABASE_URL, BENCH_PG_PORT (default 54339).
import os from 'node:os';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { sendDueReminders } from '../apps/server/src/modules/notification/notification-reminder.service.ts';
import { benchDatabaseUrl, prepareDemoDatabase, runBench } from './server-process.ts';

const pgPort = Number(process.env.BENCH_PG_PORT ?? 54339);
const collegeId = 'demo';
const classes = 20;
const classSize = 1000;

await runBench(async () => {
  const databaseUrl = await benchDatabaseUrl(pgPort);
  await prepareDemoDatabase(databaseUrl);
  let eventWrites = 0;
  let notificationWrites = 0;
  const database = await openDatabase({
    databaseUrl,
    checkStatement: (statement) => {
      if (/insert into notification_events\b/i.test(statement)) eventWrites++;
      if (/insert into notifications\b/i.test(statement)) notificationWrites++;
    },
  });
  try {
    const made = await database.query<{ id: string }>(
      `insert into classes (id, college_id, periode, mata_kuliah_id, nama, jenis, status, mode_kuliah, kapasitas)
       select c.periode || '_NR' || n || '_' || c.mata_kuliah_id, c.college_id, c.periode, c.mata_kuliah_id,
              'NR' || n, c.jenis, 'berlangsung', 'online', $2
       from (select * from classes where college_id = $1 order by id limit 1) c, generate_series(1, $3) n
       on conflict do nothing
       returning id`,
      [collegeId, classSize, classes],
    );
    if (made.length !== classes) throw new Error('the bench classes exist already: use a fresh database');
    await database.query(
      `with made as (
         insert into users (college_id, username, password_hash, role, nama)
         select $1, 'nr' || n, 'x', 'mahasiswa', 'Mahasiswa Pengingat ' || n from generate_series(1, $2) n
         returning id, username)
       insert into students (user_id, college_id, nim, prodi_id, angkatan)
       select made.id, $1, made.username, (select id from study_programs where college_id = $1 order by id limit 1), 2026
       from made`,
      [collegeId, classes * classSize],
    );
    // Student nr{n} goes to class NR{ceil(n / classSize)}.
    await database.query(
      `insert into class_students (kelas_id, mahasiswa_id, college_id)
       select c.id, s.user_id, s.college_id
       from students s
       join classes c on c.college_id = s.college_id
        and c.nama = 'NR' || ((substr(s.nim, 3)::int - 1) / $2 + 1)
       where s.college_id = $1 and s.nim like 'nr%'`,
      [collegeId, classSize],
    );
    await database.query(
      `insert into notification_reminder_leads (college_id, user_id, hours)
       select s.college_id, s.user_id, 48 from students s
       where s.college_id = $1 and s.nim like 'nr%' and substr(s.nim, 3)::int % 2 = 0`,
      [collegeId],
    );
    // One meeting per class, a copy of a demo meeting.
    await database.query(
      `insert into meetings
       select (jsonb_populate_record(null::meetings,
                 to_jsonb(m) || jsonb_build_object('id', gen_random_uuid(), 'kelas_id', c.id))).*
       from (select * from meetings where college_id = $1 order by id limit 1) m,
            classes c where c.college_id = $1 and c.nama like 'NR%'`,
      [collegeId],
    );
    const due = new Date(Date.now() + (24 * 60 - 1) * 60_000);
    await database.query(
      `insert into tasks (college_id, kelas_id, pertemuan_id, judul, deskripsi, jenis, waktu_mulai, waktu_selesai,
                          tipe_file_jawaban)
       select m.college_id, m.kelas_id, m.id, 'Tugas pengingat ' || c.nama, '<p>Bench.</p>', 'individu',
              now() - interval '1 day', $2::timestamptz, '{pdf}'
       from meetings m join classes c on c.college_id = m.college_id and c.id = m.kelas_id
       where m.college_id = $1 and c.nama like 'NR%'`,
      [collegeId, due.toISOString()],
    );
    await database.query('analyze');

    const started = performance.now();
    const notified = await sendDueReminders(database.db);
    const elapsed = performance.now() - started;
    const [rows] = await database.query<{ n: number }>(
      `select count(*)::int as n from notifications where college_id = $1 and kind = 'pengingat_tenggat'
         and title like 'Tenggat tugas Tugas pengingat NR%'`,
      [collegeId],
    );
    if (rows?.n !== classes * classSize) throw new Error(`${rows?.n} reminders, not ${classes * classSize}`);
    const writes = { events: eventWrites, notifications: notificationWrites };
    const again = await sendDueReminders(database.db);
    if (again !== 0) throw new Error(`a second run made ${again} reminders`);
    console.info(
      `reminders: ${classes * classSize} students (${classes} tasks of ${classSize}) due in the same minute ` +
        `(${os.cpus().length} CPUs, PostgreSQL): ${notified} notifications in ${(elapsed / 1000).toFixed(1)} s ` +
        `(aim < 60 s; half the students at their own lead), ${writes.events} event statement(s) (two per college), ` +
        `${writes.notifications} notification ` +
        `statement(s) (one per task and lead in use); a second run made none`,
    );
  } finally {
    await database.close();
  }
});
