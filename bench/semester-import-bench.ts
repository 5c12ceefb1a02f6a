// Muat Semester benchmark (`npm run semester-import -w @lms/bench`, issue 41): a throw-away PostgreSQL
// cluster (unless BENCH_DATABASE_URL is given), migrated and seeded, and the built server (job workers
// on). A generated workbook of 20,000 students, 2,000 classes and 120,000 enrolments (plus 10
// programmes, 1,000 courses, 500 lecturers, 2,000 teaching rows) is uploaded as an operator; the bench
// times upload → preview (read job: parse in the worker thread, compare with the database) and apply
// (apply job), samples the server's resident memory (/proc/<pid>/status VmRSS, worker threads
// included) and the answer time of a light authenticated request every 500 ms meanwhile, then loads the
// same file again and checks that its preview changes nothing.
//
// Options: BENCH_DATABASE_URL, BENCH_PORT (default 3106), BENCH_PG_PORT (default 54333),
// BENCH_STUDENTS (20000), BENCH_CLASSES (2000), BENCH_PER_CLASS (60).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
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

const port = Number(process.env.BENCH_PORT ?? 3106);
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54333);
const studentCount = Number(process.env.BENCH_STUDENTS ?? 20_000);
const classCount = Number(process.env.BENCH_CLASSES ?? 2_000);
const perClass = Number(process.env.BENCH_PER_CLASS ?? 60);
const baseUrl = `http://127.0.0.1:${port}`;
const periode = 20271;

/** The semester as an .xlsx, written by ExcelJS's streaming writer. */
async function buildWorkbook(): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = (name: string, header: string[], rows: Iterable<(string | number)[]>) => {
    const ws = book.addWorksheet(name);
    ws.addRow(header).commit();
    for (const row of rows) ws.addRow(row).commit();
    ws.commit();
  };
  const prodi = Array.from({ length: 10 }, (_, i) => `BP${i}`);
  const courses = 1_000;
  const lecturers = 500;
  sheet(
    'Periode',
    ['Kode Periode', 'Label', 'Tanggal Mulai', 'Tanggal Selesai'],
    [[periode, '2027/2028 Ganjil', '2027-08-01', '2028-01-31']],
  );
  sheet(
    'Program Studi',
    ['ID Prodi', 'Kode', 'Nama', 'Jenjang'],
    prodi.map((id, i) => [id, `K${i}`, `Prodi Bench ${i}`, 'S1']),
  );
  sheet(
    'Mata Kuliah',
    ['ID Mata Kuliah', 'Kode', 'Nama', 'SKS', 'Semester', 'ID Prodi'],
    (function* () {
      for (let i = 0; i < courses; i += 1)
        yield [`BMK${i}`, `BK${i}`, `Mata Kuliah Bench ${i}`, 3, 1 + (i % 8), prodi[i % prodi.length]!];
    })(),
  );
  sheet(
    'Dosen',
    ['NIDN', 'Nama', 'Email', 'ID Prodi'],
    (function* () {
      for (let i = 0; i < lecturers; i += 1)
        yield [`BD${i}`, `Dosen Bench ${i}`, `dosen${i}@bench.ac.id`, prodi[i % prodi.length]!];
    })(),
  );
  sheet(
    'Mahasiswa',
    ['NIM', 'Nama', 'Email', 'ID Prodi', 'Angkatan'],
    (function* () {
      for (let i = 0; i < studentCount; i += 1)
        yield [`BM${i}`, `Mahasiswa Bench ${i}`, '', prodi[i % prodi.length]!, 2024 + (i % 4)];
    })(),
  );
  const days = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat'];
  const classId = (c: number) =>
    `${periode}_${String.fromCharCode(65 + Math.floor(c / courses))}_BMK${c % courses}`;
  sheet(
    'Kelas',
    [
      'ID Kelas',
      'Periode',
      'ID Mata Kuliah',
      'Nama Kelas',
      'Kapasitas',
      'Mode',
      'Hari',
      'Jam Mulai',
      'Jam Selesai',
      'Ruangan',
    ],
    (function* () {
      for (let c = 0; c < classCount; c += 1) {
        const hour = 7 + (c % 5) * 2;
        yield [
          classId(c),
          periode,
          `BMK${c % courses}`,
          String.fromCharCode(65 + Math.floor(c / courses)),
          perClass,
          'offline',
          days[c % 5]!,
          `${hour}:00`,
          `${hour + 1}:40`,
          `R${c % 120}`,
        ];
      }
    })(),
  );
  sheet(
    'Pengajar',
    ['ID Kelas', 'NIDN', 'Peran', 'Utama'],
    (function* () {
      for (let c = 0; c < classCount; c += 1) yield [classId(c), `BD${c % lecturers}`, 'koordinator', 'Ya'];
    })(),
  );
  sheet(
    'Peserta',
    ['ID Kelas', 'NIM'],
    (function* () {
      // Each class takes `perClass` consecutive students: every student sits in about six classes.
      for (let c = 0; c < classCount; c += 1)
        for (let k = 0; k < perClass; k += 1) yield [classId(c), `BM${(c * perClass + k) % studentCount}`];
    })(),
  );
  await book.commit();
  return Buffer.concat(chunks);
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function main(): Promise<void> {
  const load = [os.loadavg()[0]!];
  const databaseUrl = await benchDatabaseUrl(pgPort);
  await prepareDemoDatabase(databaseUrl);
  let t = performance.now();
  const file = await buildWorkbook();
  console.log(
    `workbook: ${(file.length / 1e6).toFixed(1)} MB, ${studentCount} students, ${classCount} classes, ` +
      `${classCount * perClass} enrolments (built in ${((performance.now() - t) / 1000).toFixed(1)} s)`,
  );

  buildServerIfNeeded();
  const child = await startBuiltServer(databaseUrl, port, onCleanup);
  const token = await signInHelpers(baseUrl).signIn('operator');
  const auth = { ...collegeHeaders, authorization: `Bearer ${token}` };
  type Load = {
    id: string;
    status: string;
    pesan: string | null;
    progres: { selesai: number; total: number };
    ringkasan: Record<string, Record<string, number>>;
  };
  const latest = async (): Promise<Load> => {
    const res = await fetch(`${baseUrl}/v2/lms/muat_semester/terakhir`, { headers: auth });
    if (!res.ok) throw new Error(`GET …/terakhir answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { data: Load }).data;
  };

  // Memory and answer times, sampled while the load runs.
  const baseline = rssMb(child.pid!);
  let peak = baseline;
  const answers: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling && child.exitCode === null) {
      peak = Math.max(peak, rssMb(child.pid!));
      const at = performance.now();
      const res = await fetch(`${baseUrl}/v2/lms/profil`, { headers: auth }).catch(() => undefined);
      answers.push(res?.ok ? performance.now() - at : Number.POSITIVE_INFINITY);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();

  const until = async (statuses: string[]) => {
    for (;;) {
      const data = await latest();
      if (statuses.includes(data.status)) return data;
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([file]), 'semester-bench.xlsx');
    const res = await fetch(`${baseUrl}/v2/lms/muat_semester`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  };

  const started = performance.now();
  t = started;
  await upload();
  const preview = await until(['pratinjau', 'ditolak']);
  const previewSeconds = (performance.now() - t) / 1000;
  if (preview.status !== 'pratinjau') throw new Error(`preview refused: ${preview.pesan}`);
  console.log(`preview ready after ${previewSeconds.toFixed(1)} s, RSS peak so far ${peak.toFixed(0)} MB`);
  t = performance.now();
  const apply = await fetch(`${baseUrl}/v2/lms/muat_semester/${preview.id}/terapkan`, {
    method: 'POST',
    headers: auth,
  });
  if (!apply.ok) throw new Error(`apply answered ${apply.status}: ${await apply.text()}`);
  const applied = await until(['diterapkan', 'gagal']);
  const applySeconds = (performance.now() - t) / 1000;
  const totalSeconds = (performance.now() - started) / 1000;
  if (applied.status !== 'diterapkan') throw new Error(`apply failed: ${applied.pesan}`);
  sampling = false;
  await sampler;
  load.push(os.loadavg()[0]!);

  const finite = answers.filter(Number.isFinite).sort((a, b) => a - b);
  console.log(`preview (upload → read job → preview): ${previewSeconds.toFixed(1)} s`);
  console.log(
    `apply (request → apply job done, ${applied.progres.total} rows): ${applySeconds.toFixed(1)} s`,
  );
  console.log(`total: ${totalSeconds.toFixed(1)} s (aim ≤ 120 s)`);
  console.log(
    `server RSS: ${baseline.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, growth ${(peak - baseline).toFixed(0)} MB (aim ≤ 300 MB)`,
  );
  console.log(
    `GET /v2/lms/profil meanwhile: ${answers.length} requests, ${answers.length - finite.length} failed, ` +
      `median ${finite[Math.floor(finite.length / 2)]?.toFixed(0)} ms, p95 ${finite[Math.floor(finite.length * 0.95)]?.toFixed(0)} ms, max ${finite.at(-1)?.toFixed(0)} ms`,
  );

  // The same file again: nothing to change.
  t = performance.now();
  await upload();
  const again = await until(['pratinjau', 'ditolak']);
  const changes = Object.values(again.ringkasan).reduce((n, c) => n + c.baru! + c.berubah! + c.dihapus!, 0);
  console.log(
    `same file again: preview in ${((performance.now() - t) / 1000).toFixed(1)} s, ${changes} changes`,
  );
  console.log(
    `load average (1 min) before/after: ${load.map((l) => l.toFixed(2)).join(' / ')} on ${os.cpus().length} cores (shared machine)`,
  );
}

await runBench(main);
