// Audits the screens students open most with Lighthouse 12 (mobile preset: a mid-range phone, simulated
// slow 4G and 4x CPU slowdown) against the built server, and measures the bytes a cold sign-in and
// dashboard cost on the wire. Not part of `npm test`: a run takes minutes. See docs/performance.md.
//   npm run bench:lighthouse                 (builds first)
//   npx tsx bench/audit-lighthouse.ts --runs=3
//   --only=dashboard,class   audits only the screens whose names start so (sign-in, dashboard, class,
//                            meeting, exam); --reports keeps each screen's whole median report (request
//                            chains, long tasks, the LCP element and its phases) in bench/results/;
//   --explain                prints, for each screen's median run, the tasks Lighthouse's simulation
//                            counts as blocking and the requests its LCP estimate ends with
//                            (bench/lighthouse-explain.ts).
// Environment: AUDIT_PORT (default 3106), CHROMIUM_PATH (default /usr/bin/chromium), AUDIT_DIST (another
// build of the web app, e.g. `vite build --outDir /tmp/x` of an earlier commit, served instead of apps/web/dist).
// Each screen is audited `--runs` times (default 3) with an empty HTTP cache and no service worker; the
// median run by performance score is reported. The student stays signed in between audits (Lighthouse's
// storage reset is off; the cache is cleared through the DevTools protocol instead).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { repositoryRoot, startBuiltServer } from './built-server.ts';
import { explainRun } from './lighthouse-explain.ts';

const port = Number(process.env.AUDIT_PORT ?? 3106);
const origin = `http://127.0.0.1:${port}`;
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 3);
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice(7)
  .split(',');
const keepReports = process.argv.includes('--reports');
const explain = process.argv.includes('--explain');
const classId = '20261_01_IF2102';

interface Audit {
  screen: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  transferKb: number;
  failing: string[];
  /** Every run's performance score, lowest first: the spread is the machine's noise. */
  runScores: number[];
  /** Lighthouse's measure of the machine's speed in each run (higher is faster). */
  benchmarkIndexes: number[];
  report: unknown;
  /** With --explain: Lighthouse's simulated blocking tasks and the end of its LCP estimate. */
  explanation: string[];
}

/** Empties the HTTP cache and removes service workers and their caches, keeping the session in storage. */
async function clearCaches(page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,service_workers' });
  await cdp.detach();
}

/** Runs Lighthouse on one screen `runs` times and keeps the median run by performance score. */
async function auditScreen(page: Page, screen: string, url: string): Promise<Audit> {
  const results: Audit[] = [];
  // A run whose trace broke (NO_NAVSTART and the like, more frequent on a loaded machine) is run again.
  for (let attempt = 0; results.length < runs && attempt < runs * 2; attempt++) {
    await page.goto('about:blank');
    await clearCaches(page);
    const result = await lighthouse(
      `${origin}${url}`,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      console.warn(`${url}: ${runtimeError.code}, run again`);
      continue;
    }
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    results.push({
      screen,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      transferKb: numeric('total-byte-weight') / 1000,
      failing: (categories.accessibility?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
        .map((ref) => ref.id),
      runScores: [],
      benchmarkIndexes: [Math.round(result.lhr.environment.benchmarkIndex)],
      report: result.lhr,
      // Computed for every run (the artifacts are too large to keep), printed for the median one.
      explanation: explain ? await explainRun(result, origin) : [],
    });
  }
  if (results.length === 0) throw new Error(`Lighthouse failed on every run of ${url}`);
  results.sort((a, b) => a.performance - b.performance);
  return {
    ...results[Math.floor(results.length / 2)]!,
    runScores: results.map((r) => r.performance),
    benchmarkIndexes: results.flatMap((r) => r.benchmarkIndexes),
  };
}

/** Signs the demo student in through the sign-in page. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.locator('input#username, input[name="username"]').fill('mahasiswa');
  await page.locator('input[type="password"]').fill('demo12345');
  await page.keyboard.press('Enter');
  await page.waitForFunction("location.pathname === '/beranda'", { timeout: 60_000 });
}

/**
 * Bytes on the wire (response bodies and headers, as the browser counted them) of a cold sign-in that
 * ends on the dashboard, in a fresh browser context; `acceptEncoding` 'identity' shows what the server
 * sent before it compressed anything.
 */
async function measureColdTransfer(
  browser: Browser,
  acceptEncoding?: string,
): Promise<{ kb: number; requests: number }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  // A fresh context starts with an empty HTTP cache; the cache stays on, so a file both sign-in
  // (login.html) and the app after it load (React DOM, the token store) counts once, as on a phone.
  // No service worker: the sign-in page registers it after its load, and its install fetches the app's
  // files in the background (through the same HTTP cache, which this session does not see), so the app
  // after sign-in would count as cached. Without it the pages fetch what they load themselves.
  // A string: this package is type-checked without the DOM's types.
  await page.evaluateOnNewDocument('delete Navigator.prototype.serviceWorker');
  if (acceptEncoding)
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': acceptEncoding } });
  let bytes = 0;
  let requests = 0;
  // A file both pages load comes from the HTTP cache the second time; CDP still reports its length.
  const fromCache = new Set<string>();
  cdp.on('Network.requestServedFromCache', (event) => fromCache.add(event.requestId));
  cdp.on('Network.loadingFinished', (event) => {
    if (fromCache.has(event.requestId)) return;
    bytes += event.encodedDataLength;
    requests += 1;
  });
  await signIn(page);
  // The event stream stays open: quiet means no request but that one for a second.
  await page.waitForNetworkIdle({ idleTime: 1000, concurrency: 1 });
  await context.close();
  return { kb: bytes / 1000, requests };
}

/** The first meeting of the demo class, read through the API with the page's session. */
async function firstMeetingId(page: Page): Promise<string> {
  // A string, evaluated in the page: this package is type-checked without the DOM's types.
  const session = JSON.parse(String(await page.evaluate("localStorage.getItem('lms.session')"))) as {
    accessToken: string;
  };
  const answer = await fetch(`${origin}/v2/lms/kelas_kuliah/${classId}/pertemuan`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  const body = (await answer.json()) as { data: Array<{ id: string }> };
  return body.data[0]!.id;
}

/** A running exam of the student (the demo seed keeps one open), for the exam page's own entry. */
async function runningExamId(page: Page): Promise<string> {
  const session = JSON.parse(String(await page.evaluate("localStorage.getItem('lms.session')"))) as {
    accessToken: string;
  };
  const answer = await fetch(`${origin}/v2/lms/ujian?status=berlangsung`, {
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  const body = (await answer.json()) as { data: Array<{ id: string }> };
  if (!body.data[0]) throw new Error('no running exam for the student in the demo data');
  return body.data[0].id;
}

const dist = process.env.AUDIT_DIST;
// The server runs beside the browser on this machine, never on a phone: at a lower CPU priority its work on
// the page's answers does not lengthen the page's own tasks, which Lighthouse multiplies by four (its
// docs name client resource contention as a high source of variance). docs/performance.md, 14th round.
const serverNiceness = 10;
const { stop: stopServer } = await startBuiltServer(port, dist ? { WEB_DIST_DIR: dist } : {}, serverNiceness);
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const loadBefore = os.loadavg()[0]!;
  const transferred = await measureColdTransfer(browser);
  const uncompressed = await measureColdTransfer(browser, 'identity');

  const page = await browser.newPage();
  const wanted = (screen: string) => !only || only.some((name) => screen.startsWith(name));
  const audits: Audit[] = [];
  if (wanted('sign-in')) audits.push(await auditScreen(page, 'sign-in (`/login`)', '/login'));
  await signIn(page);
  const meetingId = await firstMeetingId(page);
  if (wanted('dashboard')) audits.push(await auditScreen(page, 'dashboard (`/beranda`)', '/beranda'));
  if (wanted('class')) audits.push(await auditScreen(page, 'class (`/kelas/{id}`)', `/kelas/${classId}`));
  if (wanted('meeting')) {
    const url = `/kelas/${classId}/${meetingId}`;
    audits.push(await auditScreen(page, 'meeting (`/kelas/{id}/{meeting}`)', url));
  }
  // Up to its confirmation dialog: auditing does not start the attempt.
  if (wanted('exam')) {
    const examId = await runningExamId(page);
    audits.push(await auditScreen(page, 'exam page (`/ujian/{id}/soal`)', `/ujian/${examId}/soal`));
  }
  const loadAfter = os.loadavg()[0]!;

  console.log(`Lighthouse ${runs} run(s) per screen, median by performance; student 'mahasiswa'`);
  console.log(
    '| screen | performance | its runs | accessibility | FCP s | LCP s | TBT ms | transfer KB | failing a11y audits |',
  );
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---|');
  for (const a of audits) {
    console.log(
      `| ${a.screen} | ${a.performance} | ${a.runScores.join(', ')} | ${a.accessibility} | ${(a.fcpMs / 1000).toFixed(1)} | ` +
        `${(a.lcpMs / 1000).toFixed(1)} | ${Math.round(a.tbtMs)} | ${a.transferKb.toFixed(0)} | ${a.failing.join(', ') || '-'} |`,
    );
  }
  for (const a of audits.filter((audit) => audit.explanation.length > 0))
    console.log(`\n${a.screen}, median run:\n${a.explanation.join('\n')}`);
  console.log(
    `\nCold sign-in + dashboard on the wire: ${transferred.kb.toFixed(0)} KB in ${transferred.requests} ` +
      `requests (${uncompressed.kb.toFixed(0)} KB without compression)`,
  );
  console.log(`Load average (1 min): ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after`);
  console.log(`The server ran at niceness ${serverNiceness}, the browser at 0`);
  const indexes = audits.flatMap((a) => a.benchmarkIndexes);
  console.log(
    `Lighthouse's benchmark index of this machine: ${Math.min(...indexes)}–${Math.max(...indexes)} over the runs`,
  );
  const resultsDir = path.join(repositoryRoot, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        runs,
        serverNiceness,
        loadBefore,
        loadAfter,
        transferred,
        uncompressed,
        audits: audits.map(({ report: _, explanation: __, ...a }) => a),
      },
      null,
      2,
    ),
  );
  if (keepReports) {
    for (const audit of audits) {
      const name = audit.screen.split(' ')[0]!;
      writeFileSync(file.replace(/\.json$/, `-${name}.report.json`), JSON.stringify(audit.report));
    }
  }
  console.log(`Written to ${path.relative(repositoryRoot, file)}`);
} finally {
  await browser.close();
  await stopServer();
}
