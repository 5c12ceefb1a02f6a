import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manyRowsWorkbook } from '../testing/hostile-files.ts';
import { runInWorker, workerNiceIncrement } from './worker-pool.ts';

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

  it.runIf(process.platform === 'linux')("runs its threads below the server's priority", async () => {
    await runInWorker('readImportFileTask', aiken('Apa?\nA. satu\nB. dua\nANSWER: A\n'));
    // The thread stays a second after its task. (Nice values stop at 19.)
    const threads = readdirSync('/proc/self/task').map((tid) => niceOf(`/proc/self/task/${tid}/stat`));
    expect(threads).toContain(Math.min(19, niceOf('/proc/thread-self/stat') + workerNiceIncrement));
  });
});
