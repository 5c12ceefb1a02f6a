// The long tasks of one screen's cold load, as Lighthouse's Total Blocking Time counts them: loads the
// screen in Chromium with a 4x CPU slowdown (Lighthouse's mobile preset), records a DevTools trace, and
// prints every main-thread task over 50 ms with what it spent its time on (script evaluation, the timer or
// answer that started it, style and layout, garbage collection) and the functions it called. Build without
// minifying to read the names (see profile-screen.ts):
//   BUNDLE_DIST=/tmp/lms-web-plain npx tsx bench/long-tasks.ts /beranda [--meeting]
// Environment: TASKS_PORT (default 3111), CHROMIUM_PATH, BUNDLE_DIST.
import { chromium } from 'playwright-core';
import { startBuiltServer } from './built-server.ts';
import { coldPhonePage } from './demo-session.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

const port = Number(process.env.TASKS_PORT ?? 3111);
const origin = `http://127.0.0.1:${port}`;
const target = process.argv.slice(2).find((arg) => arg.startsWith('/')) ?? '/beranda';
const dist = process.env.BUNDLE_DIST;
const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink',
  'loading',
  'toplevel',
].join(',');

/** The kinds of work a task is made of, as Chromium's trace names them (the outermost one counts). */
const workEvents = new Set([
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.compile',
  'EvaluateScript',
  'FunctionCall',
  'v8.callFunction',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
]);

/** What a trace event inside a task stands for, in a few words. */
function labelOf(event: TraceEvent): string {
  const data = event.args?.data;
  const file = data?.url?.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');
  if (event.name === 'FunctionCall')
    return `call ${data?.functionName || '(anonymous)'} ${file ?? ''}`.trim();
  if (event.name === 'EvaluateScript' || event.name === 'v8.evaluateModule') return `evaluate ${file ?? ''}`;
  return event.name;
}

const { stop: stopServer } = await startBuiltServer(port, dist ? { WEB_DIST_DIR: dist } : {});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const { context, page, cdp, url } = await coldPhonePage(browser, origin, target);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories, transferMode: 'ReportEvents' });
  await page.goto(`${origin}${url}`);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1500);
  await cdp.send('Tracing.end');
  await complete;

  // The renderer's main thread: the thread named CrRendererMain with the most events.
  const mainThreads = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busiest = mainThreads
    .map((t) => ({ t, count: events.filter((e) => e.pid === t.pid && e.tid === t.tid).length }))
    .sort((a, b) => b.count - a.count)[0]?.t;
  if (!busiest) throw new Error('no renderer main thread in the trace');
  const onMain = events
    .filter((e) => e.pid === busiest.pid && e.tid === busiest.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const navigationStart = onMain[0]?.ts ?? 0;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! > 50_000);
  let blocking = 0;
  console.log(`${url}: tasks over 50 ms with a 4x CPU slowdown (times from the first task)`);
  for (const task of tasks) {
    blocking += task.dur! / 1000 - 50;
    // Time of each kind of work in the task (events nest: in start order, an event that starts before an
    // open one ends is inside it; work inside other work counts as the outer one's).
    const byLabel = new Map<string, number>();
    const open: Array<{ end: number; work: boolean }> = [];
    let counted = 0;
    for (const event of onMain) {
      if (event === task || event.ts < task.ts || event.ts + event.dur! > task.ts + task.dur!) continue;
      while (open.length > 0 && open[open.length - 1]!.end <= event.ts) open.pop();
      const work = workEvents.has(event.name);
      if (work && !open.some((outer) => outer.work)) {
        const label = labelOf(event);
        byLabel.set(label, (byLabel.get(label) ?? 0) + event.dur! / 1000);
        counted += event.dur! / 1000;
      }
      open.push({ end: event.ts + event.dur!, work });
    }
    byLabel.set('other', task.dur! / 1000 - counted);
    const parts = [...byLabel]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([label, ms]) => `${label} ${ms.toFixed(0)}`)
      .join('; ');
    console.log(
      `${((task.ts - navigationStart) / 1000).toFixed(0).padStart(6)} ms  ${(task.dur! / 1000).toFixed(0).padStart(4)} ms  ${parts}`,
    );
  }
  console.log(`blocking time over 50 ms, summed: ${blocking.toFixed(0)} ms`);
  await context.close();
} finally {
  await browser.close();
  await stopServer();
}
