// What a Lighthouse score is made of, from its own simulation (Lantern): the main-thread tasks it counts
// as blocking and the requests its LCP estimate waits for. Lighthouse's mobile preset does not time the
// page it loaded: it builds a graph of the run's requests and tasks and simulates it on a slow phone
// (4x CPU, 150 ms round trips, 1.6 Mbit/s), so the figures to change are the simulated ones, not those of
// the trace. docs/performance.md "Fifteenth round" shows what this found.
import type { RunnerResult } from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

/** A node of Lantern's graph, as far as this report reads it. */
interface GraphNode {
  type: 'network' | 'cpu';
  startTime: number;
  request?: { url: string; priority: string; resourceType?: string; transferSize: number };
  event?: { dur?: number };
  childEvents?: Array<{
    name: string;
    dur?: number;
    args?: { data?: { url?: string; functionName?: string } };
  }>;
}
type NodeTimings = Map<GraphNode, { startTime: number; endTime: number; duration: number }>;

/** Lines describing the simulated blocking tasks and the end of the LCP estimate of one run. */
export async function explainRun(result: RunnerResult, origin: string): Promise<string[]> {
  const artifacts = result.artifacts as unknown as Record<string, unknown>;
  const settings = result.lhr.configSettings;
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  } as unknown as Parameters<typeof LanternTotalBlockingTime.request>[0];
  const context = { computedCache: new Map(), settings } as unknown as Parameters<
    typeof LanternTotalBlockingTime.request
  >[1];
  const fcp = result.lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  const tbt = await LanternTotalBlockingTime.request(data, context);
  const lcp = await LanternLargestContentfulPaint.request(data, context);
  const tasks = [...(tbt.pessimisticEstimate.nodeTimings as unknown as NodeTimings)];
  const firstStart = Math.min(...tasks.map(([node]) => node.startTime));
  const lines = [`  blocking tasks after FCP (${Math.round(fcp)} ms), simulated:`];
  for (const [node, timing] of tasks
    .filter(([node, t]) => node.type === 'cpu' && t.duration > 50 && t.endTime > fcp)
    .sort((a, b) => a[1].startTime - b[1].startTime)) {
    const observedStart = Math.round((node.startTime - firstStart) / 1000);
    const observed = ((node.event?.dur ?? 0) / 1000).toFixed(1);
    lines.push(
      `    at ${Math.round(timing.startTime)} ms for ${Math.round(timing.duration)} ms ` +
        `(traced at ${observedStart} ms for ${observed} ms): ${describeTask(node, origin)}`,
    );
  }
  const estimate = lcp.pessimisticEstimate.nodeTimings as unknown as NodeTimings;
  lines.push(`  last of the LCP estimate (${Math.round(lcp.timing)} ms):`);
  // As Lantern's estimate: images asked for at low priority do not count.
  const counted = [...estimate].filter(
    ([node]) => !(node.request?.resourceType === 'Image' && /^(Low|VeryLow)$/.test(node.request.priority)),
  );
  for (const [node, timing] of counted.sort((a, b) => b[1].endTime - a[1].endTime).slice(0, 5)) {
    const what =
      node.type === 'network'
        ? `${node.request?.resourceType} ${node.request?.url.replace(origin, '').slice(0, 80)} ` +
          `(${((node.request?.transferSize ?? 0) / 1000).toFixed(1)} KB)`
        : `task: ${describeTask(node, origin)}`;
    lines.push(`    ${Math.round(timing.startTime)}–${Math.round(timing.endTime)} ms ${what}`);
  }
  return lines;
}

/** The trace events that took most of a task, and the scripts it ran. */
function describeTask(node: GraphNode, origin: string): string {
  const byName = new Map<string, number>();
  const scripts = new Set<string>();
  for (const event of node.childEvents ?? []) {
    byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
    const url = event.args?.data?.url;
    if (url && /EvaluateScript|FunctionCall|v8\.compile/.test(event.name))
      scripts.add(url.replace(origin, ''));
  }
  const top = [...byName]
    .filter(([, ms]) => ms >= 1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`);
  return [...top, ...[...scripts].slice(0, 3)].join(', ') || 'no trace events';
}
