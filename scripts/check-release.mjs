// CI: the release artifact starts with `node` alone from an empty directory against PostgreSQL.
// Unpacks release/lms-*.tar.gz into a fresh temporary directory (nothing of this repository on the
// module path), migrates with the artifact's own command, makes the first operator with its create-operator
// command, starts the server, and checks it answers as an installation would: ready with every migration
// applied, the web app, a static asset, the API, the first operator's sign-in.
// Needs TEST_DATABASE_URL (scripts/with-postgres.sh sets it).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  console.error('check-release: TEST_DATABASE_URL is not set (run through scripts/with-postgres.sh)');
  process.exit(1);
}
const archive = readdirSync(path.join(root, 'release')).find((f) => /^lms-.+\.tar\.gz$/.test(f));
if (!archive) {
  console.error('check-release: no release/lms-*.tar.gz; run npm run release first');
  process.exit(1);
}

/**
 * deploy/nginx/lms.conf as shipped, in front of the started server: only its upstream, ports and
 * certificate paths are replaced. Proves the file loads in Debian's nginx, speaks HTTP/2 over TLS, and
 * passes the app's pre-compressed assets through. Skipped (said so) where nginx is not installed.
 */
async function checkThroughNginx(appPort, asset) {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
    (candidate) => spawnSync(candidate, ['-v']).status === 0,
  );
  if (!nginx) {
    console.log('check-release: nginx is not installed; the nginx example was not checked');
    return;
  }
  const prefix = path.join(work, 'nginx');
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const cert = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=lms.example.ac.id',
    '-addext',
    'subjectAltName=DNS:lms.example.ac.id',
    '-keyout',
    path.join(prefix, 'privkey.pem'),
    '-out',
    path.join(prefix, 'fullchain.pem'),
  ]);
  if (cert.status !== 0) throw new Error(`openssl: ${cert.stderr}`);
  const tlsPort = appPort + 100;
  const site = readFileSync(path.join(root, 'deploy/nginx/lms.conf'), 'utf8')
    .replace(/server app\d:3000;\n/g, (match) =>
      match.includes('app1') ? `server 127.0.0.1:${appPort};\n` : '',
    )
    .replace('listen 80;', `listen 127.0.0.1:${tlsPort + 1};`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${tlsPort} ssl http2;`)
    .replaceAll('/etc/nginx/certs/', `${prefix}/`);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;\nworker_processes 1;\nerror_log ${prefix}/logs/error.log;\npid ${prefix}/nginx.pid;\n` +
      `events {}\nhttp {\naccess_log off;\n${site}\n}\n`,
  );
  const proxy = spawn(nginx, ['-p', prefix, '-e', `${prefix}/logs/error.log`, '-c', `${prefix}/nginx.conf`], {
    stdio: 'inherit',
  });
  const proxyExited = new Promise((resolve) => proxy.on('exit', resolve));
  try {
    const ca = readFileSync(path.join(prefix, 'fullchain.pem'));
    let session;
    for (let attempt = 0; attempt < 40 && !session; attempt += 1) {
      session = await new Promise((resolve) => {
        const s = http2.connect(`https://127.0.0.1:${tlsPort}`, { ca, servername: 'lms.example.ac.id' });
        s.once('connect', () => resolve(s));
        s.once('error', () => resolve(undefined));
      });
      if (!session) await new Promise((r) => setTimeout(r, 250));
    }
    if (!session) throw new Error('nginx did not answer over HTTP/2 with TLS');
    const get = (pathname, headers = {}) =>
      new Promise((resolve, reject) => {
        const request = session.request({ ':path': pathname, ':authority': 'lms.example.ac.id', ...headers });
        request.on('response', (h) => {
          request.resume();
          request.on('end', () => resolve(h));
        });
        request.on('error', reject);
        request.end();
      });
    const ready = await get('/health/ready');
    if (ready[':status'] !== 200) fail(`through nginx /health/ready answered ${ready[':status']}`);
    const compressed = await get(asset, { 'accept-encoding': 'br, gzip' });
    if (compressed['content-encoding'] !== 'br') {
      fail(`through nginx ${asset} came as '${compressed['content-encoding'] ?? 'identity'}', not br`);
    }
    session.close();
    console.log(
      'check-release: deploy/nginx/lms.conf loaded in nginx; HTTP/2 over TLS; a .br asset passed through',
    );
  } finally {
    proxy.kill('SIGQUIT');
    await proxyExited;
  }
}

/** The first operator signs in through the web client's PKCE flow and is who the API says. */
async function checkFirstOperatorSignsIn(base, { college, username, password }) {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${base}/oauth`;
  const post = (url, body, headers = {}) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'college-id': college, ...headers },
      body: JSON.stringify(body),
    });
  const authorize = await post('/v2/authorize', {
    username,
    password,
    client_id: 'web',
    redirect_uri: redirectUri,
    state: 'release-check',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  if (!authorize.ok) return fail(`the first operator could not sign in (${authorize.status})`);
  const token = await post('/v2/access_token', {
    grant_type: 'authorization_code',
    code: (await authorize.json()).data.code,
    code_verifier: verifier,
    client_id: 'web',
    redirect_uri: redirectUri,
  });
  if (!token.ok) return fail(`the first operator's code exchange answered ${token.status}`);
  const me = await fetch(`${base}/v2/user_info`, {
    headers: { authorization: `Bearer ${(await token.json()).access_token}`, 'college-id': college },
  });
  const body = me.ok ? JSON.stringify(await me.json()) : '';
  if (!body.includes(username)) fail(`user_info of the first operator answered ${me.status} ${body}`);
  else console.log('check-release: the first operator made by create-operator signed in');
}

const work = mkdtempSync(path.join(tmpdir(), 'lms-release-'));
const fail = (message) => {
  console.error(`check-release: ${message}`);
  process.exitCode = 1;
};

try {
  const untar = spawnSync('tar', ['-xzf', path.join(root, 'release', archive), '-C', work], {
    stdio: 'inherit',
  });
  if (untar.status !== 0) throw new Error('could not unpack the archive');
  const home = path.join(work, archive.replace(/\.tar\.gz$/, ''));
  const port = 31_900 + Math.floor(Math.random() * 90);
  const env = {
    PATH: process.env.PATH,
    HOME: work,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(work, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TOKEN_SECRET: 'release-check-secret-release-check-secret',
    // The artifact's own migrate command did it; instances of an upgrade start without racing to.
    MIGRATE_ON_START: 'false',
  };

  const migrate = spawnSync(process.execPath, ['apps/server/dist/migrate.js'], {
    cwd: home,
    env,
    stdio: 'inherit',
  });
  if (migrate.status !== 0) throw new Error(`migrate exited with ${migrate.status}`);

  // The first account of an empty installation (docs/operations.md › First account), as an operator makes it.
  const firstOperator = { college: 'kampus-uji', username: 'admin', password: 'release-check-Pw-1' };
  const createOperator = spawnSync(
    process.execPath,
    [
      'apps/server/dist/create-operator.js',
      '--college',
      firstOperator.college,
      '--nama',
      'Universitas Uji Rilis',
      '--username',
      firstOperator.username,
    ],
    { cwd: home, env: { ...env, LMS_OPERATOR_PASSWORD: firstOperator.password }, stdio: 'inherit' },
  );
  if (createOperator.status !== 0) throw new Error(`create-operator exited with ${createOperator.status}`);

  const server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: home, env, stdio: 'inherit' });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  try {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    let ready;
    while (Date.now() < deadline) {
      ready = await fetch(`${base}/health/ready`).catch(() => undefined);
      if (ready?.ok) break;
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    if (!ready?.ok) throw new Error('the server was not ready within 60 s');
    console.log(`check-release: ready ${JSON.stringify(await ready.json())}`);

    const page = await fetch(`${base}/kelas`);
    const html = await page.text();
    if (!page.ok || !html.includes('<div id="root"')) fail(`the web app did not load (${page.status})`);
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    if (!asset) fail('index.html names no script asset');
    else if (!(await fetch(`${base}${asset}`)).ok) fail(`the asset ${asset} did not load`);
    // No account exists in a fresh installation: the API must refuse in JSON, not fall through to the app.
    const api = await fetch(`${base}/v2/user_info`);
    if (![400, 401].includes(api.status) || !api.headers.get('content-type')?.includes('application/json')) {
      fail(`an unauthenticated API call answered ${api.status} ${api.headers.get('content-type')}`);
    }
    await checkFirstOperatorSignsIn(base, firstOperator);
    if (asset) await checkThroughNginx(port, asset);
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
  if (!process.exitCode)
    console.log(`check-release: ${archive} started from an empty directory and answered`);
} catch (error) {
  fail(error.message);
} finally {
  rmSync(work, { recursive: true, force: true });
}
