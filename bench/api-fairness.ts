// Whether a script of the app waits for the database: a meeting page asks for ten answers at once and
// its code beside them, and the embedded database (PGlite) runs its statements on the server's one thread.
// Starts the built server on its embedded demo database and, in rounds, fetches one built script alone
// (the baseline) and the same script 2 ms after the meeting page's ten answers were asked for, over a
// pool of keep-alive connections as a browser has. Prints the medians and their ratio (1 is no wait).
//   npx tsx bench/api-fairness.ts --rounds=30
// Environment: FAIRNESS_PORT (default 3112).
import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { repositoryRoot, startBuiltServer } from './built-server.ts';
import { demoClassId } from './demo-session.ts';
import { collegeHeaders, signInHelpers } from './server-process.ts';

const port = Number(process.env.FAIRNESS_PORT ?? 3112);
const origin = `http://127.0.0.1:${port}`;
const rounds = Number(process.argv.find((arg) => arg.startsWith('--rounds='))?.slice(9) ?? 30);
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** GETs a path and reads its whole body; resolves with the milliseconds it took. */
function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${url}`, { headers, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) resolve(performance.now() - start);
          else reject(new Error(`GET ${url} answered ${response.statusCode}`));
        });
      })
      .on('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const { stop: stopServer } = await startBuiltServer(port);
try {
  const token = await signInHelpers(origin).signIn('mahasiswa');
  if (!token) throw new Error('sign-in routes missing');
  const api = { ...collegeHeaders, authorization: `Bearer ${token}` };
  const meetings = await fetch(`${origin}/v2/lms/kelas_kuliah/${demoClassId}/pertemuan?per_page=1`, {
    headers: api,
  });
  const meetingId = ((await meetings.json()) as { data: Array<{ id: string }> }).data[0]!.id;
  const meeting = `/v2/lms/pertemuan/${meetingId}`;
  const answers = [
    '/v1/configuration',
    '/v2/user_info',
    '/v1/semester_akademik_berjalan',
    '/v2/lms/check_pembatasan',
    meeting,
    `${meeting}/tugas`,
    `${meeting}/ujian`,
    `${meeting}/forum`,
    `${meeting}/vidcon`,
    `/v2/lms/kelas_kuliah/${demoClassId}/materi?id_pertemuan=${meetingId}&per_page=100`,
  ];
  const script = readdirSync(path.join(repositoryRoot, 'apps/web/dist/assets')).find(
    (file) => file.startsWith('rich-text-') && file.endsWith('.js'),
  );
  if (!script) throw new Error('no built rich-text chunk: run npm run build first');
  const scriptHeaders = { 'accept-encoding': 'br, gzip' };

  const alone: number[] = [];
  const duringBurst: number[] = [];
  const bursts: number[] = [];
  // Two warm-up rounds, not counted.
  for (let round = -2; round < rounds; round++) {
    const scriptAlone = await timedGet(`/assets/${script}`, scriptHeaders);
    const burstStart = performance.now();
    const burst = Promise.all(answers.map((url) => timedGet(url, api)));
    await new Promise((resolve) => setTimeout(resolve, 2));
    const scriptInBurst = await timedGet(`/assets/${script}`, scriptHeaders);
    await burst;
    if (round < 0) continue;
    alone.push(scriptAlone);
    duringBurst.push(scriptInBurst);
    bursts.push(performance.now() - burstStart);
  }
  console.log(`${rounds} rounds; the meeting page's ten answers, then /assets/${script} (brotli)`);
  console.log(`script alone:             ${median(alone).toFixed(1)} ms (median)`);
  console.log(`script during the answers: ${median(duringBurst).toFixed(1)} ms (median)`);
  console.log(`the ten answers:          ${median(bursts).toFixed(1)} ms (median)`);
  console.log(`ratio, during / alone:    ${(median(duringBurst) / median(alone)).toFixed(1)}`);
} finally {
  agent.destroy();
  await stopServer();
}
