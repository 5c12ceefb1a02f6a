// CPU and memory of the processes a bench measures, read from /proc (Linux): the server's process and
// PostgreSQL's backends (the children of its postmaster).
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of /proc/<pid>/stat after the command name (field 3 onwards). */
export function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU time (ms, user + system) a process has used, threads included (100 ticks a second). */
export function cpuMsOf(pid: number): number {
  try {
    const fields = statFields(pid);
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0; // the process ended
  }
}

/**
 * CPU time of a process and its child processes (PostgreSQL's backends, nginx's worker), ms. Children
 * that ended take their CPU with them (see familyCpuMs).
 */
export function treeCpuMs(parentPid: number): number {
  let total = cpuMsOf(parentPid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      if (Number(fields[1]) === parentPid) total += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/**
 * CPU time of a process and its children, ms, counting also the children that ended: those it reaped
 * (PostgreSQL's postmaster reaps its backends) add to its cutime and cstime. Unlike treeCpuMs, a backend
 * that a pool closes during a phase keeps its CPU in the figure.
 */
export function familyCpuMs(parentPid: number): number {
  let reaped = 0;
  try {
    const fields = statFields(parentPid);
    reaped = (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    // the process ended
  }
  return treeCpuMs(parentPid) + reaped;
}

/** CPU time of several processes and their children, ms. */
export const sumCpuMs = (pids: number[]) => pids.reduce((sum, pid) => sum + treeCpuMs(pid), 0);

/**
 * CPU cost per request of one phase: the route's processes (with nginx in front when there is one)
 * plus PostgreSQL's backends, in ms of CPU. Unlike throughput it hardly depends on what else runs on a
 * shared machine.
 */
export async function withCpu<T extends { latencies: number[] }>(
  pids: { app: number[]; postmaster: number },
  run: () => Promise<T>,
): Promise<T & { appCpuMs: number; pgCpuMs: number }> {
  const app0 = sumCpuMs(pids.app);
  const pg0 = familyCpuMs(pids.postmaster);
  const result = await run();
  const n = Math.max(1, result.latencies.length);
  return {
    ...result,
    appCpuMs: (sumCpuMs(pids.app) - app0) / n,
    pgCpuMs: (familyCpuMs(pids.postmaster) - pg0) / n,
  };
}

/** A process's resident memory now and at its peak, MB. */
export function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}
