// Where a screen's first load spends the phone's CPU: loads one screen of the built app cold in Chromium
// with a 4x CPU slowdown (Lighthouse's mobile preset), records a CPU profile until the network is quiet,
// and prints the functions with the most time of their own, grouped by file, and the components React
// rendered longest. Build without minifying to read the names:
//   npx vite build --minify false --outDir /tmp/lms-web-plain   (in apps/web)
//   BUNDLE_DIST=/tmp/lms-web-plain npx tsx bench/profile-screen.ts /kelas/20261_01_IF2102 [--meeting]
// `--meeting` opens the demo class's first meeting. Environment: PROFILE_PORT (default 3107),
// CHROMIUM_PATH, BUNDLE_DIST (a build of the web app other than apps/web/dist; served by the server).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { repositoryRoot, startBuiltServer } from './built-server.ts';
import { coldPhonePage } from './demo-session.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

const port = Number(process.env.PROFILE_PORT ?? 3107);
const origin = `http://127.0.0.1:${port}`;
const target = process.argv.slice(2).find((arg) => arg.startsWith('/')) ?? '/beranda';
const dist = process.env.BUNDLE_DIST;

const regionsByFile = new Map<string, Array<{ line: number; source: string }>>();
/** The package (or app folder) a line of a built file comes from, by the region comments of an unminified build. */
function sourceOf(url: string, line: number): string {
  const file = path.join(dist ?? path.join(repositoryRoot, 'apps/web/dist'), new URL(url, origin).pathname);
  if (!regionsByFile.has(file)) {
    const regions: Array<{ line: number; source: string }> = [];
    if (existsSync(file))
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((text, index) => {
          const match = /^\t?\/\/ (?:\.\.\/)*(?:node_modules\/)?((?:@[^/]+\/)?[^/]+(?:\/[^/]+)?)/.exec(text);
          if (match) regions.push({ line: index, source: match[1]! });
        });
    regionsByFile.set(file, regions);
  }
  return regionsByFile.get(file)!.findLast((region) => region.line <= line)?.source ?? '(file start)';
}

const { stop: stopServer } = await startBuiltServer(port, dist ? { WEB_DIST_DIR: dist } : {});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const { context, page, cdp, url } = await coldPhonePage(browser, origin, target);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${origin}${url}`);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1500);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[] };
  };
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
  const selfByFunction = new Map<string, number>();
  const selfByFile = new Map<string, number>();
  const selfBySource = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = (node.hitCount ?? 0) * msPerSample;
    if (ms === 0) continue;
    const file =
      node.callFrame.url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js') || '(native)';
    const name = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
    selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + ms);
    selfByFile.set(file, (selfByFile.get(file) ?? 0) + ms);
    if (node.callFrame.url.includes('/assets/')) {
      const source = sourceOf(node.callFrame.url, node.callFrame.lineNumber);
      selfBySource.set(source, (selfBySource.get(source) ?? 0) + ms);
    }
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `${ms.toFixed(0).padStart(6)} ms  ${name}`);
  console.log(
    `${url}: CPU profile with a 4x slowdown, ${((profile.endTime - profile.startTime) / 1000) | 0} ms recorded`,
  );
  console.log('\nTime of its own, by file:');
  console.log(top(selfByFile, 15).join('\n'));
  console.log('\nTime of its own in scripts, by package or source folder (unminified builds):');
  console.log(top(selfBySource, 20).join('\n'));
  console.log('\nTime of its own, by function:');
  console.log(top(selfByFunction, Number(process.env.PROFILE_TOP ?? 40)).join('\n'));
  await context.close();
} finally {
  await browser.close();
  await stopServer();
}
