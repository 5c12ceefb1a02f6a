import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manyRowsWorkbook } from '../testing/hostile-files.ts';
import { backgroundNiceIncrement, runInWorker } from './worker-pool.ts';

/** A thread's nice value from its /proc stat line (field 19; the fields after the command's ")" start at 3). */
const niceOf = (statPath: string) => {
  const stat = readFileSync(statPath, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};

const aiken = (text: string) => ({
  format: 'aiken' as const,
  fileName: 'soal.txt',
  buffer: Buffer.from(text),
});

describe('runInWorker', () => {
  it('runs a task in a worker thread and answers its result', async () => {
    const parsed = await runInWorker(
      'readImportFileTask',
      aiken('Apa?\nA. satu\nB. dua\nC. tiga\nANSWER: B\n'),
    );
    expect(parsed.masalah).toEqual([]);
    expect(parsed.soal).toHaveLength(1);
  });

  it('rejects a task past its time, ending its thread, and the next task still runs', async () => {
    // 1,000 rows: within the limits, so ExcelJS reads it, which takes far more than 5 ms.
    const workbook = await manyRowsWorkbook(1000);
    await expect(
      runInWorker(
        'readImportFileTask',
        { format: 'excel', fileName: 'soal.xlsx', buffer: workbook, jenisSoal: 'esai' },
        5,
      ),
    ).rejects.toMatchObject({ name: 'AbortError' });
    const parsed = await runInWorker(
      'readImportFileTask',
      aiken('Apa?\nA. satu\nB. dua\nC. tiga\nANSWER: A\n'),
    );
    expect(parsed.soal).toHaveLength(1);
  });

  it.runIf(process.platform === 'linux')(
    "runs background tasks below the server's priority and a request's at it",
    async () => {
      const threadNices = () =>
        readdirSync('/proc/self/task').map((tid) => niceOf(`/proc/self/task/${tid}/stat`));
      const mine = niceOf('/proc/thread-self/stat');
      const before = threadNices().filter((nice) => nice !== mine).length;
      const quiz = aiken('Apa?\nA. satu\nB. dua\nANSWER: A\n');
      // Together, so both threads are still there when counted (each stays a second after its task).
      await Promise.all([
        runInWorker('readImportFileTask', quiz),
        runInWorker('readImportFileTask', quiz, undefined, 'background'),
      ]);
      // Nice values stop at 19.
      const after = threadNices();
      expect(after).toContain(Math.min(19, mine + backgroundNiceIncrement));
      // Only the background pool's thread is below the server.
      expect(after.filter((nice) => nice !== mine).length).toBe(before + 1);
    },
  );
});
