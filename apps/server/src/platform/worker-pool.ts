import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import type * as WorkerTasks from '../worker-tasks.ts';

/*
 * Heavy work (Excel and XML imports, Office documents to HTML, BAP PDFs) runs in worker threads so that
 * the event loop keeps answering other requests while a large or hostile file is read or a large class's
 * report is drawn. Each worker has a heap cap and each task a time limit: a file over either ends its
 * worker, not the server. Threads start on demand and end a second after their last task: a thread's
 * heap (a semester workbook grows it by ~150 MB) goes back to the system then, not while the load it read
 * is being applied.
 */

type Tasks = typeof WorkerTasks;
export type WorkerTaskName = keyof Tasks;

/** What a worker may use: its own heap, beside the server's. */
export const workerHeapMb = 256;
/** How far below the server's priority background tasks run. */
export const backgroundNiceIncrement = 10;
/** How long one file may be parsed. */
export const workerTaskTimeoutMs = 30_000;

// From sources (tests, `tsx`) the worker registers tsx's loader first; the build emits the worker as
// dist/worker-tasks.js beside main.js (build.mjs).
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = fileURLToPath(
  new URL(fromSource ? '../worker-tasks-from-source.mjs' : './worker-tasks.js', import.meta.url),
);

/**
 * Whom a task is for: a request someone waits on, or background work no one waits on (the minute's BAP
 * job). Background tasks run in their own thread at nice 10 (@napi-rs/nice, per thread): during an exam
 * they take what the event loops leave (nice 10 weighs about a tenth of a normal thread) instead of a
 * share of their own. A request's task keeps the server's priority, so its time limit, counted on the
 * clock, is not spent waiting behind the exam.
 */
export type WorkerPriority = 'request' | 'background';

const pools = new Map<WorkerPriority, Piscina>();

function poolFor(priority: WorkerPriority): Piscina {
  let pool = pools.get(priority);
  if (!pool) {
    pool = new Piscina({
      filename: workerFile,
      minThreads: 0,
      // Two cores: one for the server, the rest for parsing; background work one thread.
      maxThreads: priority === 'background' ? 1 : Math.max(1, availableParallelism() - 1),
      idleTimeout: 1_000,
      // Beyond this many waiting files, refuse rather than hold their bytes.
      maxQueue: 32,
      niceIncrement: priority === 'background' ? backgroundNiceIncrement : 0,
      // A small young generation for files: unpacking streams many short-lived chunks, collected sooner.
      // Drawing a PDF allocates more per step: a 10,000-name BAP took 0.99 s of CPU with 8 MB, 0.88 with 32.
      resourceLimits: {
        maxOldGenerationSizeMb: workerHeapMb,
        maxYoungGenerationSizeMb: priority === 'background' ? 32 : 8,
      },
    });
    pools.set(priority, pool);
  }
  return pool;
}

/**
 * Runs an export of worker-tasks.ts in a worker thread. Rejects when the task runs out of time or
 * memory, or the queue is full; callers answer that as "file cannot be read".
 */
export async function runInWorker<N extends WorkerTaskName>(
  name: N,
  input: Parameters<Tasks[N]>[0],
  timeoutMs = workerTaskTimeoutMs,
  priority: WorkerPriority = 'request',
): Promise<Awaited<ReturnType<Tasks[N]>>> {
  return poolFor(priority).run(input, { name, signal: AbortSignal.timeout(timeoutMs) }) as Promise<
    Awaited<ReturnType<Tasks[N]>>
  >;
}
