// How soon a cold first screen is useful and usable on slow 3G (issue 45): Chromium with DevTools' "Slow
// 3G" numbers applied to the network (400 ms latency, 400 kbit/s down and up), an empty cache and no
// service worker, opens the student `mahasiswa`'s dashboard and the demo class's first meeting, and reads
// two moments from the page's own clock (ms since the navigation started):
// - useful: the shell's frame (header, on wide screens the side menu) and the page's frame (its skeleton
//   or its content) are on screen, not a lone loading text;
// - usable: the page's real content is drawn (the dashboard's class cards, the meeting's material cards).
// It also prints where the wait goes: the bytes and requests before usable, and when the last script and
// the last API answer of the first load had come. Aim: useful < 3 s, usable < 8 s.
// With BASELINE_DIST (a build of an earlier commit: `npx vite build --outDir /tmp/base` in apps/web at that
// commit) both builds are served by two servers of the same data and opened in turns, and the ratio of the
// medians is printed (below 1: sooner than the baseline); the machine's noise hits both alike.
//   npm run slow-3g -w @lms/bench -- --runs=3
// Environment: TIMING_PORT (default 3120; the baseline uses the next port), CHROMIUM_PATH, BASELINE_DIST.
// Options: --runs=N (default 3), --cpu=N (a CPU slowdown, default 1: DevTools' preset throttles only the
// network), --wide (a 1280 px window instead of a 412 px phone).
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startBuiltServer } from './built-server.ts';
import { demoClassId, firstDemoMeetingId, signInDemo } from './demo-session.ts';

const port = Number(process.env.TIMING_PORT ?? 3120);
const option = (name: string, fallback: number) =>
  Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const runs = option('runs', 3);
const cpuSlowdown = option('cpu', 1);
const viewport = process.argv.includes('--wide') ? { width: 1280, height: 800 } : { width: 412, height: 823 };
const baselineDist = process.env.BASELINE_DIST;

/** The shell's frame with the page's frame in its main area: the static skeleton or the app's own shell. */
const frameSelector = '.boot-shell, .app-shell .app-header';

interface Build {
  name: string;
  origin: string;
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
  meetingId: string;
}

interface Load {
  useful: number;
  usable: number;
  kilobytes: number;
  requests: number;
  lastScript: number;
  lastAnswer: number;
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

/** Opens one screen cold on slow 3G and reads when its frame and its content were first on screen. */
async function coldLoad(browser: Browser, build: Build, path: string, content: string): Promise<Load> {
  const context = await browser.newContext({
    storageState: build.storageState,
    serviceWorkers: 'block',
    viewport,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1000) / 8,
    uploadThroughput: (400 * 1000) / 8,
  });
  if (cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  // Checked before every frame the page draws, from the document's creation on: the moment a selector
  // is first on screen is the frame that draws it (within one frame, ~16 ms).
  await page.addInitScript(`
    window.firstScreen = {};
    const marks = { useful: ${JSON.stringify(frameSelector)}, usable: ${JSON.stringify(content)} };
    // Laid out; the frame also with its top in the window's upper half (not pushed below by something else;
    // the content may sit further down the page, under the calendar on a phone).
    const shown = (selector, upper) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box !== undefined && box.width > 0 && box.height > 0 && (!upper || box.top < innerHeight / 2);
    };
    const check = () => {
      for (const [name, selector] of Object.entries(marks)) {
        if (window.firstScreen[name] === undefined && shown(selector, name === 'useful')) {
          window.firstScreen[name] = performance.now();
        }
      }
      if (window.firstScreen.usable === undefined) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  `);
  await page.goto(`${build.origin}${path}`, { waitUntil: 'commit' });
  await page.locator(content).first().waitFor({ timeout: 90_000 });
  await page.waitForFunction('window.firstScreen.usable !== undefined');
  const load = (await page.evaluate(`(() => {
    const marks = window.firstScreen;
    const entries = performance.getEntriesByType('resource').filter((e) => e.responseEnd <= marks.usable);
    const nav = performance.getEntriesByType('navigation')[0];
    const ends = (kind) => entries.filter(kind).map((e) => e.responseEnd);
    return {
      useful: marks.useful ?? marks.usable,
      usable: marks.usable,
      kilobytes: (entries.reduce((sum, e) => sum + e.transferSize, 0) + nav.transferSize) / 1000,
      requests: entries.length + 1,
      lastScript: Math.max(0, ...ends((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))),
      lastAnswer: Math.max(0, ...ends((e) => e.initiatorType === 'fetch' || e.initiatorType === 'xmlhttprequest')),
    };
  })()`)) as Load;
  await context.close();
  return load;
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
    ['dashboard', '/beranda', '.dashboard-classes .class-highlight-card'],
    ['meeting', `/kelas/${demoClassId}/${build.meetingId}`, '.material-card'],
  ];
  const results = new Map<string, Load[]>();
  for (let run = 0; run < runs; run++) {
    for (const build of run % 2 ? [...builds].reverse() : builds) {
      for (const [screen, path, content] of screens(build)) {
        const key = `${build.name}|${screen}`;
        const load = await coldLoad(browser, build, path, content);
        results.set(key, [...(results.get(key) ?? []), load]);
      }
    }
  }
  const of = (key: string, field: keyof Load) => median(results.get(key)!.map((load) => load[field]));
  const ms = (value: number) => `${Math.round(value)}`;
  const cpu = cpuSlowdown > 1 ? `, ${cpuSlowdown}x CPU slowdown` : '';
  console.log(
    `Cold first screens on slow 3G (400 ms, 400 kbit/s), ${viewport.width} px${cpu}, median of ${runs} (ms)`,
  );
  const header =
    '| screen | build | useful | usable | KB before usable | requests | last script | last answer |';
  console.log(baselineDist ? `${header} useful ratio | usable ratio |` : header);
  console.log(
    baselineDist
      ? '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|'
      : '|---|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const [screen] of screens(builds[0]!)) {
    for (const build of builds) {
      const key = `${build.name}|${screen}`;
      const cells = [
        screen,
        build.name,
        ms(of(key, 'useful')),
        ms(of(key, 'usable')),
        of(key, 'kilobytes').toFixed(0),
        String(of(key, 'requests')),
        ms(of(key, 'lastScript')),
        ms(of(key, 'lastAnswer')),
      ];
      if (baselineDist) {
        const base = `baseline|${screen}`;
        cells.push((of(key, 'useful') / of(base, 'useful')).toFixed(2));
        cells.push((of(key, 'usable') / of(base, 'usable')).toFixed(2));
      }
      console.log(`| ${cells.join(' | ')} |`);
    }
  }
  console.log(JSON.stringify(Object.fromEntries(results)));
} finally {
  await browser.close();
  for (const stop of stops) await stop();
}
