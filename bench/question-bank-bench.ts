// Large question bank benchmark (`npm run question-bank -w @lms/bench`, issue 43 §2): a throw-away
// PostgreSQL cluster (unless BENCH_DATABASE_URL is given), migrated and seeded, and the built server.
//
// Two banks of the demo lecturer, one of 100 questions and one of 2,000 (choice questions with a
// paragraph of rich text each), with the college's limit raised to 2,000. In alternating rounds, as the
// lecturer: the bank's first page (GET /v2/lms/bank_soal/{id}), a later page, and a search of the text
// that matches five questions in each. The aim: each on the 2,000 bank ≤ 2× the same on the 100 bank.
// Then the PDF of each bank (…/unduh), per question (printing 2,000 may take 20× as long, not more).
//
// Options: --rounds=<n> / BENCH_ROUNDS (default 15), BENCH_DATABASE_URL, BENCH_PORT (default 3113),
// BENCH_PG_PORT (default 54337).
import os from 'node:os';
import pg from 'pg';
import { benchOption, percentile } from './bench-args.ts';
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

const rounds = Math.max(3, Number(benchOption('rounds', '15')));
const port = Number(process.env.BENCH_PORT ?? 3113);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54337);
const baseUrl = `http://127.0.0.1:${port}`;
const collegeId = 'demo';
const aim = 2;
const median = (values: number[]) => percentile(values, 50);

/** A bank of `size` questions of the demo lecturer's first course; five of them mention "fotosintesis". */
async function seedBank(client: pg.Client, size: number): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    `insert into question_banks (college_id, judul, deskripsi, dosen_id, mata_kuliah_id, ditampilkan, created_by)
     select u.college_id, 'Bank ' || $2::int || ' soal', 'Bench', u.id, k.mata_kuliah_id, true, u.id
     from users u
     join class_teachers t on t.college_id = u.college_id and t.dosen_id = u.id
     join classes k on k.college_id = t.college_id and k.id = t.kelas_id
     where u.college_id = $1 and u.username = 'dosen'
     order by k.id limit 1
     returning id`,
    [collegeId, size],
  );
  const bankId = rows[0]!.id;
  await client.query(
    `insert into bank_questions (college_id, bank_id, urutan, jenis, pertanyaan, isi)
     select $1, $2, n, 'pilihan',
            '<p>Soal ' || n::text || ': ' || (case when n % ($3::int / 5) = 7 then 'Jelaskan proses <b>fotosintesis</b> pada tumbuhan hijau. ' else '' end)
              || repeat('Bacalah uraian berikut dengan saksama sebelum memilih jawaban yang paling tepat. ', 6) || '</p>',
            jsonb_build_object('jenis', 'pilihan', 'kunci', n % 4,
              'pilihan', jsonb_build_array(
                jsonb_build_object('teks', 'Pilihan pertama soal ' || n, 'gambar', null),
                jsonb_build_object('teks', 'Pilihan kedua soal ' || n, 'gambar', null),
                jsonb_build_object('teks', 'Pilihan ketiga soal ' || n, 'gambar', null),
                jsonb_build_object('teks', 'Pilihan keempat soal ' || n, 'gambar', null)))
     from generate_series(1, $3::int) n`,
    [collegeId, bankId, size],
  );
  return bankId;
}

async function main(): Promise<void> {
  const load = [os.loadavg()[0]!];
  const databaseUrl = await benchDatabaseUrl(pgPort);
  await prepareDemoDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanup(() => client.end());
  const small = await seedBank(client, 100);
  const large = await seedBank(client, 2000);
  await client.query(
    `update colleges set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{bank_soal}', '{"maks_soal": 2000}'::jsonb)
     where id = $1`,
    [collegeId],
  );
  await client.query('analyze');

  buildServerIfNeeded();
  await startBuiltServer(databaseUrl, port, onCleanup);
  const token = await signInHelpers(baseUrl).signIn('dosen');
  const headers = { ...collegeHeaders, authorization: `Bearer ${token}` };
  const get = async (bankId: string, query: string) => {
    const t = performance.now();
    const answer = await fetch(`${baseUrl}/v2/lms/bank_soal/${bankId}${query}`, { headers });
    const body = (await answer.json()) as { data: { list_soal: unknown[]; jumlah_soal: number } };
    if (!answer.ok) throw new Error(`bank ${bankId}${query} answered ${answer.status}`);
    return { ms: performance.now() - t, shown: body.data.list_soal.length, total: body.data.jumlah_soal };
  };

  const cases = [
    { name: 'first page', query: '' },
    { name: 'page 2', query: '?page=2' },
    { name: 'search', query: '?search=fotosintesis' },
  ];
  const times = new Map<string, { small: number[]; large: number[]; shown: [number, number] }>();
  for (const c of cases) {
    // Warm both (plans, JIT), then alternate so drift hits both sides alike.
    const shown: [number, number] = [(await get(small, c.query)).shown, (await get(large, c.query)).shown];
    const entry = { small: [] as number[], large: [] as number[], shown };
    for (let i = 0; i < rounds; i++) {
      entry.small.push((await get(small, c.query)).ms);
      entry.large.push((await get(large, c.query)).ms);
    }
    times.set(c.name, entry);
  }
  // Printing: the whole bank as PDF, a few times each; per question it should cost the same.
  const print = async (bankId: string) => {
    const t = performance.now();
    const answer = await fetch(`${baseUrl}/v2/lms/bank_soal/${bankId}/unduh`, { headers });
    const bytes = (await answer.arrayBuffer()).byteLength;
    if (!answer.ok) throw new Error(`PDF of ${bankId} answered ${answer.status}`);
    return { ms: performance.now() - t, bytes };
  };
  await print(small);
  const printed = { small: [] as number[], large: [] as number[], bytes: [0, 0] };
  for (let i = 0; i < 3; i++) {
    const a = await print(small);
    const b = await print(large);
    printed.small.push(a.ms / 100);
    printed.large.push(b.ms / 2000);
    printed.bytes = [a.bytes, b.bytes];
  }
  load.push(os.loadavg()[0]!);

  console.log(`\nquestion bank: 100 vs 2,000 questions, ${rounds} rounds each, median ms`);
  console.log(
    `${'request'.padEnd(12)} ${'100'.padStart(8)} ${'2,000'.padStart(8)} ${'ratio'.padStart(7)}  shown`,
  );
  let met = true;
  for (const [name, entry] of times) {
    const ratio = median(entry.large) / median(entry.small);
    if (ratio > aim) met = false;
    console.log(
      `${name.padEnd(12)} ${median(entry.small).toFixed(1).padStart(8)} ${median(entry.large).toFixed(1).padStart(8)} ${ratio.toFixed(2).padStart(7)}  ${entry.shown[0]} / ${entry.shown[1]}`,
    );
  }
  const printRatio = median(printed.large) / median(printed.small);
  console.log(
    `${'PDF/soal'.padEnd(12)} ${median(printed.small).toFixed(1).padStart(8)} ${median(printed.large).toFixed(1).padStart(8)} ${printRatio.toFixed(2).padStart(7)}  ${(printed.bytes[0]! / 1e6).toFixed(1)} / ${(printed.bytes[1]! / 1e6).toFixed(1)} MB`,
  );
  console.log(
    `aim: every ratio ≤ ${aim} — ${met ? 'met' : 'NOT met'} (load ${load.map((l) => l.toFixed(2)).join(' → ')}, ${os.cpus().length} cores)`,
  );
}

await runBench(main);
