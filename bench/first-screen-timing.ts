// How soon the first screens show their content on a phone's link, measured in the browser rather than
// simulated: Chromium with Lighthouse's slow 4G applied to the network (150 ms, 1.6 Mbit/s down, 750
// kbit/s up, no cache) and a 4x CPU slowdown opens the dashboard, a class page and a meeting page of the
// student `mahasiswa` cold, and reads the page's own largest contentful paint once its content shows.
// With BASELINE_DIST (a build of an earlier commit: `npx vite build --outDir /tmp/base` in apps/web at that
// commit) both builds are served by two servers of the same data and opened in turns, and the ratio of the
// medians is printed (below 1: faster than the baseline); the machine's noise hits both alike.
//   npx tsx bench/first-screen-timing.ts --runs=5
// Environment: TIMING_PORT (default 3110; the baseline uses the next port), CHROMIUM_PATH, BASELINE_DIST.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startBuiltServer } from './built-server.ts';
import { demoClassId, firstDemoMeetingId, signInDemo } from './demo-session.ts';

const port = Number(process.env.TIMING_PORT ?? 3110);
const runs = Number(process.argv.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 5);
const baselineDist = process.env.BASELINE_DIST;

interface Build {
  name: string;
  origin: string;
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  meetingId: string;
}

/** Signs the student in on a server and finds the demo class's first meeting. */
async function prepare(browser: Browser, name: string, origin: string): Promise<Build> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInDemo(page, origin);
  const meetingId = await firstDemoMeetingId(page);
  const storageState = await context.storageState();
  await context.close();
  return { name, origin, storageState, meetingId };
}

/**
 * Opens one screen cold on the slow link and returns its largest contentful paint in ms, read once the
 * screen's content (`shown`, its largest element in every run seen) is on screen.
 */
async function largestPaint(browser: Browser, build: Build, path: string, shown: string): Promise<number> {
  const context = await browser.newContext({
    storageState: build.storageState,
    serviceWorkers: 'block',
    viewport: { width: 412, height: 823 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1600 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(`
    window.lcp = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.lcp.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  `);
  await page.goto(`${build.origin}${path}`);
  await page.locator(shown).first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  const paints = (await page.evaluate('window.lcp')) as number[];
  await context.close();
  return Math.round(paints.at(-1) ?? Number.NaN);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const stops = [(await startBuiltServer(port)).stop];
if (baselineDist) stops.push((await startBuiltServer(port + 1, { WEB_DIST_DIR: baselineDist })).stop);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const builds = [await prepare(browser, 'this build', `http://127.0.0.1:${port}`)];
  if (baselineDist) builds.push(await prepare(browser, 'baseline', `http://127.0.0.1:${port + 1}`));
  const screens = (build: Build): Array<[string, string, string]> => [
    ['dashboard', '/beranda', '.dashboard-event__meta'],
    ['class', `/kelas/${demoClassId}`, 'text=IF2102 · Kelas 01'],
    ['meeting', `/kelas/${demoClassId}/${build.meetingId}`, 'main h2'],
  ];
  const results = new Map<string, number[]>();
  for (let run = 0; run < runs; run++) {
    for (const build of run % 2 ? [...builds].reverse() : builds) {
      for (const [screen, path, shown] of screens(build)) {
        const key = `${build.name}|${screen}`;
        results.set(key, [...(results.get(key) ?? []), await largestPaint(browser, build, path, shown)]);
      }
    }
  }
  console.log(`Largest contentful paint on slow 4G with a 4x CPU slowdown, median of ${runs} (ms)`);
  console.log(baselineDist ? '| screen | this build | baseline | ratio |' : '| screen | this build |');
  console.log(baselineDist ? '|---|---:|---:|---:|' : '|---|---:|');
  for (const [screen] of screens(builds[0]!)) {
    const own = median(results.get(`this build|${screen}`)!);
    if (!baselineDist) {
      console.log(`| ${screen} | ${own} |`);
      continue;
    }
    const base = median(results.get(`baseline|${screen}`)!);
    console.log(`| ${screen} | ${own} | ${base} | ${(own / base).toFixed(2)} |`);
  }
  console.log(JSON.stringify(Object.fromEntries(results)));
} finally {
  await browser.close();
  for (const stop of stops) await stop();
}
