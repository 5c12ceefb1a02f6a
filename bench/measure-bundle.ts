// Measures the JavaScript and CSS a browser downloads to show the first screens (gzip): the sign-in page
// (its own entry login.html), the dashboard (/beranda) of a student and of an operator, and the exam page
// (its own entry exam.html). It loads each screen cold in Chromium
// against the built server (demo data in a throw-away folder) and adds up every script and style sheet
// the page requested until the network went quiet, so chunks that a screen loads lazily while it first
// renders count as well as the static ones. Sizes are those of the built files gzipped at level 9.
// Run `npm run build -w @lms/web` first (`npm run bench:bundle` does); the server is built if missing.
//   npx tsx bench/measure-bundle.ts
// Environment: BUNDLE_PORT (default 3105), CHROMIUM_PATH (default /usr/bin/chromium), BUNDLE_DIST (another
// build of the web app, e.g. `vite build --outDir /tmp/x`, to compare without touching apps/web/dist).
// `--files` lists the files of each screen; `--check` fails (exit code 1) when a screen is over its budget,
// which `npm test` runs after the build so that a change cannot quietly make the first screens heavier.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repositoryRoot as root, startBuiltServer } from './built-server.ts';
import { demoClassId, firstDemoMeetingId, signInDemo } from './demo-session.ts';

const dist = path.resolve(process.env.BUNDLE_DIST ?? path.join(root, 'apps/web/dist'));
const port = Number(process.env.BUNDLE_PORT ?? 3105);
const baseUrl = `http://127.0.0.1:${port}`;
const budgetKb = 300;

if (!existsSync(path.join(dist, 'index.html')))
  throw new Error('apps/web/dist is missing: build the web app');
if (!existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  execFileSync('npm', ['run', 'build', '-w', '@lms/server'], { cwd: root, stdio: 'inherit' });
}

/** Records the built assets (scripts and style sheets) a page requests. */
function recordAssets(page: Page): Set<string> {
  const files = new Set<string>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\.(js|css)$/.test(pathname) && existsSync(path.join(dist, pathname))) files.add(pathname);
  });
  return files;
}

/** gzip size in KB of the recorded files, scripts and style sheets apart. */
function gzipKb(files: Set<string>): { js: number; css: number } {
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { js: js / 1000, css: css / 1000 };
}

/** Opens a screen cold (empty cache) and returns what it loaded once the network went quiet. */
async function measure(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<void>,
): Promise<Set<string>> {
  const page = await context.newPage();
  const files = recordAssets(page);
  await page.goto(`${baseUrl}${url}`);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  return files;
}

/** A context signed in as the given demo account (through the sign-in page), for cold loads after. */
async function signedInContext(browser: Browser, username: string): Promise<BrowserContext> {
  const signIn = await browser.newContext();
  await signInDemo(await signIn.newPage(), baseUrl, username);
  const storageState = await signIn.storageState();
  await signIn.close();
  // A fresh context: nothing cached from the sign-in page.
  return browser.newContext({ storageState });
}

const examBudgetKb = 150;
/** Sign-in is the first download of every phone: its own entry, no app shell (issue 17). */
const loginBudgetKb = 100;

/** A running exam of the signed-in student (the demo seed has one open for a week). */
async function runningExamId(context: BrowserContext): Promise<string> {
  const page = await context.newPage();
  // Any page of the origin for its storage; not /login, which leaves at once for a signed-in visitor.
  await page.goto(`${baseUrl}/favicon.svg`);
  // A string: the bench compiles without the DOM types.
  const id = (await page.evaluate(`(async () => {
    const session = JSON.parse(localStorage.getItem('lms.session') ?? '{}');
    const response = await fetch('/v2/lms/ujian?status=berlangsung', {
      headers: {
        authorization: 'Bearer ' + session.accessToken,
        'college-id': localStorage.getItem('lms.college_id') ?? '',
      },
    });
    const body = await response.json();
    return body.data[0]?.id;
  })()`)) as string | undefined;
  await page.close();
  if (!id) throw new Error('no running exam for the student in the demo data');
  return id;
}

const { stop: stopServer } = await startBuiltServer(port, { WEB_DIST_DIR: dist });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const dashboardReady = async (page: Page) => {
    await page.waitForURL(/\/beranda$/);
    await page.getByText('Keterangan').waitFor();
  };
  const rows: [string, Set<string>, number][] = [];
  const anonymous = await browser.newContext();
  rows.push([
    `sign-in (\`/login\`, its own entry login.html; aim ≤ ${loginBudgetKb} KB)`,
    await measure(anonymous, '/login', (page) => page.getByText('Akun demo').waitFor()),
    loginBudgetKb,
  ]);
  await anonymous.close();
  for (const [role, username] of [
    ['student', 'mahasiswa'],
    ['operator', 'operator'],
  ] as const) {
    const context = await signedInContext(browser, username);
    rows.push([
      `dashboard (\`/beranda\`, ${role}, with the app shell)`,
      await measure(context, '/beranda', dashboardReady),
      budgetKb,
    ]);
    if (role === 'student') {
      // The class and meeting pages, the screens students open most after the dashboard: drawn without
      // antd like it.
      rows.push([
        `class page (\`/kelas/{id}\`, student, with the app shell)`,
        await measure(context, `/kelas/${demoClassId}`, (page) =>
          page.getByTestId('meeting-card').first().waitFor(),
        ),
        budgetKb,
      ]);
      const idPage = await context.newPage();
      // Any page of the origin for its storage (the session).
      await idPage.goto(`${baseUrl}/favicon.svg`);
      const meetingId = await firstDemoMeetingId(idPage);
      await idPage.close();
      rows.push([
        `meeting page (\`/kelas/{id}/{meeting}\`, student, with the app shell)`,
        await measure(context, `/kelas/${demoClassId}/${meetingId}`, (page) =>
          page.getByText('Konten Pertemuan').waitFor(),
        ),
        budgetKb,
      ]);
      // The exam page a student opens at 08:00 (issue 13 aims at ≤ 150 KB of JavaScript), cold: its own
      // entry (exam.html, without the app shell), a running demo quiz, up to its confirmation dialog.
      const examId = await runningExamId(context);
      rows.push([
        `exam page (\`/ujian/{id}/soal\`, student, its own entry exam.html; aim ≤ ${examBudgetKb} KB)`,
        await measure(context, `/ujian/${examId}/soal`, (page) =>
          page.getByText('Konfirmasi Mulai Ujian').or(page.getByTestId('exam-countdown')).first().waitFor(),
        ),
        examBudgetKb,
      ]);
    }
    await context.close();
  }

  console.log('| screen | JavaScript, gzip KB | CSS, gzip KB | files | within its budget |');
  console.log('|---|---:|---:|---:|---|');
  const over: string[] = [];
  for (const [name, files, budget] of rows) {
    const { js, css } = gzipKb(files);
    const yes = js <= budget ? `yes (${budget} KB)` : `**no** (${budget} KB)`;
    if (js > budget) over.push(`${name}: ${js.toFixed(1)} KB of JavaScript, budget ${budget} KB`);
    console.log(`| ${name} | ${js.toFixed(1)} | ${css.toFixed(1)} | ${files.size} | ${yes} |`);
  }
  if (process.argv.includes('--check') && over.length) {
    console.error(`\nOver budget:\n  ${over.join('\n  ')}`);
    process.exitCode = 1;
  }
  if (process.argv.includes('--files')) {
    for (const [name, files] of rows) console.log(`\n${name}:\n  ${[...files].sort().join('\n  ')}`);
  }
} finally {
  await browser.close();
  await stopServer();
}
