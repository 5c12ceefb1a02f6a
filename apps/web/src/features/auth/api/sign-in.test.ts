import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { busyRetry, signIn } from './sign-in.ts';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const busy = () =>
  answer(503, { status: { code: 'server_sibuk', message: 'Server sedang sibuk' }, data: null });

const { minDelayMs, maxDelayMs } = busyRetry;
beforeEach(() => {
  // The waits stay random and real, only shorter.
  Object.assign(busyRetry, { minDelayMs: 1, maxDelayMs: 5 });
});

afterEach(() => {
  Object.assign(busyRetry, { minDelayMs, maxDelayMs });
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('signIn on a busy server', () => {
  it('tries again after a spread-out wait while the server says it is busy, then continues', async () => {
    const answers = [busy(), busy(), answer(200, { data: { code: 'kode', state: 'x' } })];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const signedIn = signIn({ username: 'mahasiswa', password: 'rahasia', target: null });
    await expect(signedIn).resolves.toMatch(/^\/oauth\?code=kode&state=x$/);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up with the server’s message after its tries, and never retries a wrong password', async () => {
    const fetchMock = vi.fn(async () => busy());
    vi.stubGlobal('fetch', fetchMock);
    const signedIn = signIn({ username: 'mahasiswa', password: 'rahasia', target: null });
    await expect(signedIn).rejects.toMatchObject({ code: 'server_sibuk' });
    expect(fetchMock).toHaveBeenCalledTimes(busyRetry.tries);

    const wrong = vi.fn(async () =>
      answer(401, { status: { code: 'invalid_credentials', message: 'Salah' }, data: null }),
    );
    vi.stubGlobal('fetch', wrong);
    await expect(signIn({ username: 'mahasiswa', password: 'salah', target: null })).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    expect(wrong).toHaveBeenCalledTimes(1);
  });
});
