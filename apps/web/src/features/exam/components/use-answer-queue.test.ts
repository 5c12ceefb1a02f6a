import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Attempt } from '@lms/contract/exam.schema';
import { storageKeys } from '../../../lib/local-store.ts';
import { AnswerQueue } from './use-answer-queue.ts';

const attempt = {
  id: 'pengerjaan-1',
  status: 'berlangsung',
  kelompok_soal: [{ soal: [{ id: 's1', urutan: 0, jawaban: null }] }],
} as unknown as Attempt;

const saved = () =>
  new Response(
    JSON.stringify({
      data: {
        id_soal: 's1',
        urutan: 1,
        diterapkan: true,
        waktu_server: new Date().toISOString(),
        sisa_detik: 600,
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.setItem(
    storageKeys.session,
    JSON.stringify({ accessToken: 'akses', refreshToken: 'segar', expiresAt: Date.now() + 3_600_000 }),
  );
  localStorage.setItem(storageKeys.collegeId, 'demo');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AnswerQueue resends', () => {
  it('a save that found no server goes again within 2 s (another server takes it), not after the 5 s round', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockImplementation(async () => saved());
    vi.stubGlobal('fetch', fetchMock);
    const queue = new AnswerQueue(attempt, {});
    const stop = queue.start();
    queue.setAnswer('s1', { jenis: 'pilihan', pilihan: 1 });
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queue.snapshot().state).toBe('offline');

    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(queue.snapshot()).toMatchObject({ state: 'tersimpan', pendingCount: 0 });
    stop();
  });

  it('offline for long: one quick resend, then every 5 s', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('fetch failed'));
    vi.stubGlobal('fetch', fetchMock);
    const queue = new AnswerQueue(attempt, {});
    const stop = queue.start();
    queue.setAnswer('s1', { jenis: 'pilihan', pilihan: 1 });
    await vi.advanceTimersByTimeAsync(2_100);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_800); // 4.9 s: nothing more before the 5 s round
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4_800); // 9.9 s
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(queue.snapshot()).toMatchObject({ state: 'offline', pendingCount: 1 });
    stop();
  });
});

describe('AnswerQueue, the kinds of issue 43 (typing waits for a pause, a pick goes at once)', () => {
  // Answers the sequence number sent, as the server does, so each save counts as delivered.
  const echoSaved: typeof fetch = async (_, init) => {
    const { urutan } = JSON.parse(String(init?.body)) as { urutan: number };
    return new Response(
      JSON.stringify({
        data: {
          id_soal: 's1',
          urutan,
          diterapkan: true,
          waktu_server: new Date().toISOString(),
          sisa_detik: 600,
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
  const sentBodies = (fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) =>
    fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as { jawaban: unknown });

  it('a short answer typed letter by letter is one save, sent after the pause', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(echoSaved);
    vi.stubGlobal('fetch', fetchMock);
    const queue = new AnswerQueue(attempt, {});
    const stop = queue.start();
    for (const teks of ['S', 'SE', 'SEL', 'SELE', 'SELEC', 'SELECT']) {
      queue.setAnswer('s1', { jenis: 'isian_singkat', teks });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(800);
    expect(sentBodies(fetchMock).map((b) => b.jawaban)).toEqual([{ jenis: 'isian_singkat', teks: 'SELECT' }]);
    stop();
  });

  it('a matching pick and a gap chosen from a list go at once; a gap typed waits', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(echoSaved);
    vi.stubGlobal('fetch', fetchMock);
    const queue = new AnswerQueue(attempt, {});
    const stop = queue.start();
    queue.setAnswer('s1', { jenis: 'menjodohkan', pasangan: ['Tokyo', null] });
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    queue.setAnswer('s1', { jenis: 'isian_rumpang', rumpang: [null, 1] }, false);
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    queue.setAnswer('s1', { jenis: 'isian_rumpang', rumpang: ['x', 1] }, true);
    await vi.advanceTimersByTimeAsync(10);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(800);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    stop();
  });
});
