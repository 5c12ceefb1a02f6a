// CI: two built servers behind nginx share one world. Starts s3rver (an S3-compatible server from npm,
// its own process), two processes of apps/server/dist/main.js on one PostgreSQL database and one bucket,
// and Debian's nginx with deploy/nginx/lms.conf (TLS left out; round robin, no sticky sessions) in front.
// Then, through nginx and on each instance directly, it checks: a sign-in begun on one instance finishes
// on the other; a forum post with a file made on one reaches an event stream held by the other, and the
// file downloads through both; an exam's pause and resume reach its pages held on the other; a job queued
// through nginx runs once and its end reaches the other.
// Needs TEST_DATABASE_URL (scripts/with-postgres.sh sets it), a built server (npm run build -w @lms/server)
// and nginx. TWO_INSTANCES_PORT picks nginx's port (the instances take the next two); default random.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findNginx, nginxArguments, writeNginxConfig } from './nginx-front.mjs';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'apps/server/package.json'));
const pg = require('pg');

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.error('check-two-instances: TEST_DATABASE_URL is not set (run through scripts/with-postgres.sh)');
  process.exit(1);
}
if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  console.error('check-two-instances: apps/server/dist/main.js is missing; run npm run build -w @lms/server');
  process.exit(1);
}
const nginx = findNginx();
if (!nginx) {
  console.error('check-two-instances: nginx is not installed (Debian package nginx)');
  process.exit(1);
}

const log = (message) => console.log(`check-two-instances: ${message}`);
const fail = (message) => {
  throw new Error(message);
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const work = mkdtempSync(path.join(tmpdir(), 'lms-two-instances-'));
const children = [];
const college = 'demo';
const bucket = 'lms';
/** A 1×1 PNG: forum attachments are checked to be what their extension says. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Starts a process and keeps its output (its last lines are shown when the check fails). */
function startProcess(name, command, args, options = {}) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => (output += chunk.toString());
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const handle = { name, child, exited, output: () => output };
  children.push(handle);
  return handle;
}

async function stopProcess({ child, exited }) {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function waitFor(what, check, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) fail(`${what} within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

async function startS3rver() {
  const bin = path.join(path.dirname(require.resolve('s3rver/package.json')), 'bin/s3rver.js');
  const directory = path.join(work, 's3rver');
  mkdirSync(directory);
  const s3 = startProcess('s3rver', process.execPath, [
    bin,
    ...['-d', directory, '-a', '127.0.0.1', '-p', '0', '--silent', '--no-vhost-buckets'],
    ...['--configure-bucket', bucket],
  ]);
  const port = await waitFor('s3rver listening', async () =>
    s3.child.exitCode !== null ? 'exited' : /listening on [^:\s]+:(\d+)/.exec(s3.output())?.[1],
  );
  if (port === 'exited') fail(`s3rver exited: ${s3.output()}`);
  return { endpoint: `http://127.0.0.1:${port}`, directory };
}

/** Files under a folder, recursively (none when it does not exist). */
function filesUnder(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
}

/** Signs `username` in with the web client's PKCE flow: the code from `authorizeBase`, tokens from `tokenBase`. */
async function signIn(authorizeBase, tokenBase, username) {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${authorizeBase}/oauth`;
  const post = (base, url, body) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'college-id': college },
      body: JSON.stringify(body),
    });
  const authorize = await post(authorizeBase, '/v2/authorize', {
    username,
    password: 'demo12345',
    client_id: 'web',
    redirect_uri: redirectUri,
    state: 'two-instances',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  if (!authorize.ok) fail(`${username} could not sign in at ${authorizeBase} (${authorize.status})`);
  const token = await post(tokenBase, '/v2/access_token', {
    grant_type: 'authorization_code',
    code: (await authorize.json()).data.code,
    code_verifier: verifier,
    client_id: 'web',
    redirect_uri: redirectUri,
  });
  if (!token.ok) fail(`the code from ${authorizeBase} was refused at ${tokenBase} (${token.status})`);
  return token.json();
}

function api(base, accessToken) {
  return (url, init = {}) =>
    fetch(`${base}${url}`, {
      ...init,
      headers: { authorization: `Bearer ${accessToken}`, 'college-id': college, ...init.headers },
    });
}

/** An event stream held open on `url`; `waitForData(text)` resolves when an event's data holds `text`. */
async function openEventStream(url) {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  if (!response.ok || !response.headers.get('content-type')?.includes('text/event-stream')) {
    fail(
      `the event stream ${url.replace(/access_token=[^&]+/, 'access_token=…')} answered ${response.status}`,
    );
  }
  let received = '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const reading = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      received += decoder.decode(value, { stream: true });
    }
  })().catch(() => undefined);
  return {
    waitForData: (text) =>
      waitFor(`an event naming ${text} on a stream`, async () => received.includes(text), 10_000),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

async function postWithFile(call, forumId, text) {
  const form = new FormData();
  form.append('isi', text);
  form.append('lampiran', new Blob([png], { type: 'image/png' }), 'bukti.png');
  const answer = await call(`/v2/lms/forum/${forumId}/post`, { method: 'POST', body: form });
  if (!answer.ok) fail(`posting with a file answered ${answer.status} ${await answer.text()}`);
  const post = (await answer.json()).data;
  const attachment = post.lampiran?.[0];
  if (!attachment?.id) fail(`the post's answer names no attachment: ${JSON.stringify(post)}`);
  return { postId: post.id, attachmentId: attachment.id };
}

async function expectSameFile(call, where, forumId, attachmentId) {
  const answer = await call(`/v2/lms/forum/${forumId}/lampiran/${attachmentId}`);
  const bytes = Buffer.from(await answer.arrayBuffer());
  if (!answer.ok || !bytes.equals(png))
    fail(`the attachment through ${where} answered ${answer.status}, ${bytes.length} bytes`);
}

async function check() {
  const s3 = await startS3rver();
  const nginxPort = Number(process.env.TWO_INSTANCES_PORT) || 32_100 + Math.floor(Math.random() * 90);
  const appPorts = [nginxPort + 1, nginxPort + 2];
  const direct = appPorts.map((port) => `http://127.0.0.1:${port}`);
  const front = `http://127.0.0.1:${nginxPort}`;
  const env = {
    PATH: process.env.PATH,
    HOME: work,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PUBLIC_URL: front,
    TRUST_PROXY: '127.0.0.1',
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    MIGRATE_ON_START: 'false',
    FILE_STORE: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  const migrate = spawnSync(process.execPath, ['apps/server/dist/migrate.js'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (migrate.status !== 0) fail(`migrate exited with ${migrate.status}: ${migrate.stderr}${migrate.stdout}`);

  // Started together, each with its own data folder: only the database and the bucket are shared. The
  // first loads the demo university; both run job workers.
  const instances = appPorts.map((port, index) =>
    startProcess(`app${index + 1}`, process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        DATA_DIR: path.join(work, `data${index + 1}`),
        ...(index === 0 ? { SEED: 'demo' } : {}),
      },
    }),
  );
  const prefix = path.join(work, 'nginx');
  const conf = writeNginxConfig(prefix, nginxPort, appPorts);
  startProcess('nginx', nginx, nginxArguments(prefix, conf));
  for (const [index, base] of direct.entries()) {
    const state = await waitFor(`instance ${index + 1} ready`, async () =>
      instances[index].child.exitCode !== null ? 'exited' : (await fetch(`${base}/health/ready`)).ok,
    );
    if (state === 'exited') fail(`instance ${index + 1} exited: ${instances[index].output()}`);
  }
  await waitFor('nginx answering', async () => (await fetch(`${front}/health/ready`)).ok, 10_000);
  log(`two instances (:${appPorts.join(', :')}) behind nginx (:${nginxPort}) on one database and bucket`);

  // Sign-in: the code is made on one instance and exchanged on the other; the token works on both.
  const student = await signIn(direct[0], direct[1], 'mahasiswa');
  const lecturer = await signIn(direct[1], direct[0], 'dosen');
  for (const base of [...direct, front, front]) {
    const me = await api(base, student.access_token)('/v2/user_info');
    if (!me.ok || !(await me.text()).includes('mahasiswa'))
      fail(`user_info through ${base} answered ${me.status}`);
  }
  const refreshed = await fetch(`${direct[0]}/v2/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'college-id': college },
    body: JSON.stringify({
      grant_type: 'refresh_token',
      refresh_token: student.refresh_token,
      client_id: 'web',
    }),
  });
  if (!refreshed.ok)
    fail(`the refresh token from instance 2 was refused by instance 1 (${refreshed.status})`);
  const reused = await fetch(`${direct[1]}/v2/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'college-id': college },
    body: JSON.stringify({
      grant_type: 'refresh_token',
      refresh_token: student.refresh_token,
      client_id: 'web',
    }),
  });
  if (reused.ok) fail('a refresh token spent on instance 1 was accepted again by instance 2');
  // Presenting a spent refresh token ends its session (docs/auth.md): on every instance, at once.
  const revokedToken = (await refreshed.json()).access_token;
  // The other instances hear of it by a NOTIFY, and within ACTOR_CACHE_SECONDS (5) even without.
  const reusedAt = performance.now();
  for (const [index, base] of direct.entries()) {
    await waitFor(
      `the session ended on instance 2 refused on instance ${index + 1}`,
      async () => (await api(base, revokedToken)('/v2/user_info')).status === 401,
      2_000,
    );
  }
  log(
    'a sign-in begun on one instance finished on the other; a refresh token spent on one and reused on ' +
      `the other ended the session on both within ${Math.round(performance.now() - reusedAt)} ms`,
  );
  const studentToken = (await signIn(front, front, 'mahasiswa')).access_token;

  // A forum both accounts may use, from the student's list.
  const forums = await (await api(front, studentToken)('/v2/lms/forum?page=1&per_page=10')).json();
  const forum = forums.data?.[0];
  const forumId = forum?.id;
  if (!forumId) fail(`the demo student has no forum: ${JSON.stringify(forums)}`);

  // Streams held on instance 2 and through nginx hear a post made on instance 1, and the reverse.
  const streamUrl = (base, token) =>
    `${base}/v2/lms/forum/${forumId}/events?access_token=${token}&college-id=${college}`;
  const onSecond = await openEventStream(streamUrl(direct[1], lecturer.access_token));
  const onFirst = await openEventStream(streamUrl(direct[0], lecturer.access_token));
  const throughFront = await openEventStream(streamUrl(front, lecturer.access_token));
  try {
    const first = await postWithFile(api(direct[0], studentToken), forumId, 'Dikirim lewat instans 1');
    await onSecond.waitForData(first.postId);
    await throughFront.waitForData(first.postId);
    const second = await postWithFile(api(direct[1], studentToken), forumId, 'Dikirim lewat instans 2');
    await onFirst.waitForData(second.postId);
    const third = await postWithFile(api(front, studentToken), forumId, 'Dikirim lewat nginx');
    await onFirst.waitForData(third.postId);
    await onSecond.waitForData(third.postId);
    log('a forum post made on either instance reached event streams held on the other and through nginx');

    for (const { attachmentId } of [first, second, third]) {
      for (const [index, base] of direct.entries()) {
        await expectSameFile(
          api(base, lecturer.access_token),
          `instance ${index + 1}`,
          forumId,
          attachmentId,
        );
      }
      await expectSameFile(api(front, lecturer.access_token), 'nginx', forumId, attachmentId);
    }
  } finally {
    await Promise.all([onSecond.close(), onFirst.close(), throughFront.close()]);
  }
  const onDisk = [1, 2].flatMap((n) => filesUnder(path.join(work, `data${n}`, 'files')));
  if (onDisk.length > 0)
    fail(`files were written to an instance's disk: ${onDisk.map((f) => f.name).join(', ')}`);
  if (filesUnder(s3.directory).length === 0) fail('the bucket holds no files');
  log('files uploaded through either instance or nginx were in the bucket and downloaded through every one');

  // An exam paused through instance 1 by an operator reaches the student's exam page held on instance 2
  // (its time stops), and the resume through nginx reaches a page held on instance 1.
  const running = await (
    await api(front, studentToken)('/v2/lms/ujian?status=berlangsung&page=1&per_page=10')
  ).json();
  const exam = running.data?.[0];
  if (!exam?.id) fail(`the demo student has no running exam: ${JSON.stringify(running).slice(0, 300)}`);
  const examStream = (base) =>
    openEventStream(
      `${base}/v2/lms/events/ujian/${exam.id}?access_token=${studentToken}&college-id=${college}`,
    );
  const pageOnSecond = await examStream(direct[1]);
  const pageOnFirst = await examStream(direct[0]);
  const pauser = (await signIn(front, front, 'operator')).access_token;
  try {
    const pauserCall = (base) => (url) =>
      api(base, pauser)(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ alasan: 'Pemeriksaan dua instans' }),
      });
    const paused = await pauserCall(direct[0])(`/v2/lms/ujian/${exam.id}/jeda`);
    if (!paused.ok) fail(`pausing the exam on instance 1 answered ${paused.status} ${await paused.text()}`);
    await pageOnSecond.waitForData('"dijeda":true');
    const resumed = await pauserCall(front)(`/v2/lms/ujian/${exam.id}/lanjutkan`);
    if (!resumed.ok)
      fail(`resuming the exam through nginx answered ${resumed.status} ${await resumed.text()}`);
    await pageOnFirst.waitForData('"dijeda":false');
  } finally {
    await Promise.all([pageOnSecond.close(), pageOnFirst.close()]);
  }
  log('an exam paused on one instance and resumed through nginx reached exam pages held on the other');

  // A queued job (a class's attendance recalculation) asked for through nginx: the workers of both
  // instances poll one queue; one runs it, and its end reaches a stream held on instance 2.
  const operator = (await signIn(front, front, 'operator')).access_token;
  const attendance = await openEventStream(
    `${direct[1]}/v2/lms/events/kehadiran_mahasiswa?id_kelas_kuliah=${forum.id_kelas_kuliah}` +
      `&access_token=${operator}&college-id=${college}`,
  );
  let recalculationId;
  try {
    const asked = await api(front, operator)('/v2/lms/kehadiran_mahasiswa/hitung_persentase', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id_kelas_kuliah: forum.id_kelas_kuliah }),
    });
    if (asked.status !== 202)
      fail(`asking for a recalculation answered ${asked.status} ${await asked.text()}`);
    recalculationId = (await asked.json()).data.id;
    await attendance.waitForData(`"id":"${recalculationId}","status":"completed"`);
  } finally {
    await attendance.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select state, retry_count from pgboss.job where name = 'attendance-recalculation' and data->>'id' = $1`,
      [recalculationId],
    );
    if (rows.length !== 1 || rows[0].state !== 'completed' || rows[0].retry_count !== 0) {
      fail(`the recalculation's job ran other than once: ${JSON.stringify(rows)}`);
    }
  } finally {
    await client.end();
  }
  log('a job queued through nginx ran once, on one of the two instances, and its end reached the other');

  // Round robin without stickiness: nginx sent requests to both instances.
  const upstreams = new Set(
    readFileSync(path.join(prefix, 'logs/access.log'), 'utf8')
      .split('\n')
      .map((line) => line.split(' ')[3])
      .filter(Boolean),
  );
  for (const port of appPorts) {
    if (![...upstreams].some((address) => address.endsWith(`:${port}`))) {
      fail(`nginx sent nothing to the instance on :${port} (upstreams: ${[...upstreams].join(', ')})`);
    }
  }
  log('nginx sent requests to both instances');
}

const started = performance.now();
try {
  await check();
  log(`passed in ${Math.round((performance.now() - started) / 1000)} s`);
} catch (error) {
  console.error(`check-two-instances: ${error.message}`);
  for (const { name, output } of children) {
    const tail = output().split('\n').slice(-15).join('\n');
    if (tail.trim()) console.error(`--- ${name} (last lines)\n${tail}`);
  }
  const nginxErrors = path.join(work, 'nginx/logs/error.log');
  if (existsSync(nginxErrors)) console.error(`--- nginx error.log\n${readFileSync(nginxErrors, 'utf8')}`);
  process.exitCode = 1;
} finally {
  await Promise.all(children.map(stopProcess));
  rmSync(work, { recursive: true, force: true });
}
