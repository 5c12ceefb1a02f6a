import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { storageKeys } from '../../../lib/local-store.ts';
import { readTokens } from '../../../lib/session/token-store.ts';
import { examDownload, examRequest } from './exam-http.ts';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function signIn(expiresInMs = 3_600_000): void {
  localStorage.setItem(
    storageKeys.session,
    JSON.stringify({ accessToken: 'akses', refreshToken: 'segar', expiresAt: Date.now() + expiresInMs }),
  );
  localStorage.setItem(storageKeys.collegeId, 'demo');
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("examRequest (the exam page's own calls)", () => {
  it('sends the bearer token, college-id and JSON, and answers the envelope data', async () => {
    signIn();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      answer(200, { data: { urutan: 3 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const saved = await examRequest<{ urutan: number }>('PUT', '/v2/lms/pengerjaan/a/jawaban/b', {
      urutan: 3,
    });
    expect(saved).toEqual({ urutan: 3 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v2/lms/pengerjaan/a/jawaban/b');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer akses');
    expect(headers.get('college-id')).toBe('demo');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"urutan":3}');
  });

  it('turns an error answer into ApiError with the message of spec 1 §8, its status and code', async () => {
    signIn();
    vi.stubGlobal('fetch', async () =>
      answer(409, { status: { code: 'waktu_habis', message: 'waktu pengerjaan sudah habis.' } }),
    );
    const error = await examRequest('PUT', '/v2/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 409,
      code: 'waktu_habis',
      message: 'Waktu Pengerjaan Sudah Habis.',
    });
  });

  it('says Network Error without an answer, so the answer queue keeps the answer for a retry', async () => {
    signIn();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await examRequest('GET', '/v2/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: undefined, type: 'Network Error' });
  });

  it('ends the session on a 401', async () => {
    signIn();
    vi.stubGlobal('fetch', async () =>
      answer(401, { status: { code: 'unauthorized', message: 'Unauthorized' } }),
    );
    await expect(examRequest('GET', '/v2/x')).rejects.toMatchObject({ statusCode: 401 });
    expect(readTokens()).toBeNull();
  });

  it('sends a form as it is (the browser sets the multipart boundary)', async () => {
    signIn();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      answer(200, { data: { jawaban_files: [] } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    form.append('files', new Blob(['%PDF']), 'a.pdf');
    await examRequest('PUT', '/v2/files', form);
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
  });
});

describe("examDownload (an essay answer's private file)", () => {
  it('fetches the file with the session and saves it under its name', async () => {
    signIn();
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no object URLs: stand-ins for this test only.
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:jawaban';
    URL.revokeObjectURL = () => undefined;
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    try {
      await examDownload('/v2/lms/pengerjaan/a/jawaban/b/files/k', 'jawaban.pdf');
    } finally {
      click.mockRestore();
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    }
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v2/lms/pengerjaan/a/jawaban/b/files/k?download=1');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer akses');
    expect(clicked).toEqual(['jawaban.pdf']);
  });

  it("throws the server's refusal", async () => {
    signIn();
    vi.stubGlobal('fetch', async () =>
      answer(404, { status: { code: 'file_not_found', message: 'Berkas tidak ditemukan.' } }),
    );
    await expect(examDownload('/v2/x', 'a.pdf')).rejects.toMatchObject({
      statusCode: 404,
      code: 'file_not_found',
    });
  });
});
