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
/** How far below the server's priority the worker threads run. */
export const workerNiceIncrement = 10;
/** How long one file may be parsed. */
export const workerTaskTimeoutMs = 30_000;

// From sources (tests, `tsx`) the worker registers tsx's loader first; the build emits the worker as
// dist/worker-tasks.js beside main.js (build.mjs).
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = fileURLToPath(
  new URL(fromSource ? '../worker-tasks-from-source.mjs' : './worker-tasks.js', import.meta.url),
);

let pool: Piscina | undefined;

function thePool(): Piscina {
  pool ??= new Piscina({
    filename: workerFile,
    minThreads: 0,
    // Two cores: one for the server, the rest for parsing.
    maxThreads: Math.max(1, availableParallelism() - 1),
    idleTimeout: 1_000,
    // Beyond this many waiting files, refuse rather than hold their bytes.
    maxQueue: 32,
    // Below the event loops: while an instance answers an exam's saves, a report drawn in the background
    // takes what they leave (nice 10 weighs a tenth of a normal thread) rather than a share of its own.
    // Applied per thread by @napi-rs/nice (Linux, macOS, Windows).
    niceIncrement: workerNiceIncrement,
    // A small young generation: unpacking streams many short-lived chunks, collected sooner.
    resourceLimits: { maxOldGenerationSizeMb: workerHeapMb, maxYoungGenerationSizeMb: 8 },
  });
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
): Promise<Awaited<ReturnType<Tasks[N]>>> {
  return thePool().run(input, { name, signal: AbortSignal.timeout(timeoutMs) }) as Promise<
    Awaited<ReturnType<Tasks[N]>>
  >;
}
