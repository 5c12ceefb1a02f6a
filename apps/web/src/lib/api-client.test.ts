import { afterEach, describe, expect, it, vi } from 'vitest';
import { showAccessRestriction } from './access-restricted.ts';
import { apiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { requestTimeoutMs, sendSuccessfulRequest, shedRetry } from './http-request.ts';
import { storageKeys } from './local-store.ts';
import { readTokens } from './session/token-store.ts';

vi.mock('./access-restricted.ts', () => ({
  feeRestrictionCode: 'akses_dibatasi_tunggakan',
  showAccessRestriction: vi.fn(),
}));

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function signIn(): void {
  localStorage.setItem(
    storageKeys.session,
    JSON.stringify({ accessToken: 'akses', refreshToken: 'segar', expiresAt: Date.now() + 3_600_000 }),
  );
  localStorage.setItem(storageKeys.collegeId, 'demo');
}

function stubFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init ?? {}));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('apiClient (spec 1 §7, §8)', () => {
  it('sends college-id, the bearer token, the query string and a JSON body; answers status, data, headers', async () => {
    signIn();
    const fetchMock = stubFetch(() => answer(201, { data: { id: 'a' } }, { 'x-total': '3' }));
    const response = await apiClient.post<{ data: { id: string } }>(
      '/v2/lms/forum',
      { judul: 'Diskusi' },
      { params: { page: 2, search: undefined, ids: ['x', 'y'] } },
    );
    expect(response).toMatchObject({ status: 201, data: { data: { id: 'a' } } });
    expect(response.headers['x-total']).toBe('3');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/v2/lms/forum?page=2&ids=x&ids=y');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"judul":"Diskusi"}');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer akses');
    expect(headers.get('college-id')).toBe('demo');
    expect(headers.get('content-type')).toBe('application/json');
  });

  it('sends URL-encoded fields as they are (the SIAKAD sign-on posts a form)', async () => {
    signIn();
    const fetchMock = stubFetch(() => answer(200, { data: { redirect_url: 'x' } }));
    const fields = new URLSearchParams({ response_type: 'code', state: 'abc' });
    await apiClient.post('/v2/authorize/sikad', fields);
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(fields);
    expect(new Headers(init?.headers).get('content-type')).toBeNull();
  });

  it('sends no token for a public call and no content type without a body', async () => {
    signIn();
    const fetchMock = stubFetch(() => answer(200, { data: {} }));
    await apiClient.get('/v1/configuration', { skipAuth: true });
    const headers = new Headers(fetchMock.mock.calls[0]![1]?.headers);
    expect(headers.get('authorization')).toBeNull();
    expect(headers.get('content-type')).toBeNull();
    expect(fetchMock.mock.calls[0]![1]?.body).toBeUndefined();
  });

  it('throws the ApiError of an error answer, and a 401 ends the session', async () => {
    signIn();
    stubFetch(() => answer(403, { status: { code: 'dilarang', message: 'akses DITOLAK' } }));
    await expect(apiClient.get('/v2/lms/x')).rejects.toMatchObject({
      statusCode: 403,
      code: 'dilarang',
      message: 'Akses Ditolak',
    });
    expect(readTokens()).not.toBeNull();
    stubFetch(() => answer(401, { status: { code: 'unauthorized', message: 'Unauthorized' } }));
    await expect(apiClient.get('/v2/lms/x')).rejects.toBeInstanceOf(ApiError);
    expect(readTokens()).toBeNull();
  });

  it('shows /forbidden when the server refuses a student restricted for unpaid fees', async () => {
    signIn();
    stubFetch(() => answer(403, { status: { code: 'forbidden', message: 'Tidak boleh' } }));
    await expect(apiClient.get('/v2/lms/kelas_kuliah')).rejects.toMatchObject({ statusCode: 403 });
    expect(showAccessRestriction).not.toHaveBeenCalled();
    stubFetch(() =>
      answer(403, { status: { code: 'akses_dibatasi_tunggakan', message: 'Akses LMS dibatasi' } }),
    );
    await expect(apiClient.get('/v2/lms/kelas_kuliah')).rejects.toMatchObject({
      statusCode: 403,
      code: 'akses_dibatasi_tunggakan',
    });
    expect(showAccessRestriction).toHaveBeenCalledTimes(1);
    expect(readTokens()).not.toBeNull();
  });

  it('keeps the session on a 401 the caller expects (a wrong password on the way back)', async () => {
    signIn();
    stubFetch(() => answer(401, { status: { code: 'x', message: 'Salah' } }));
    await expect(apiClient.post('/v2/x', {}, { keepSessionOn401: true })).rejects.toMatchObject({
      statusCode: 401,
    });
    expect(readTokens()).not.toBeNull();
  });

  it('answers the statuses the caller reads itself (validateStatus)', async () => {
    signIn();
    stubFetch(() => answer(409, { detail: { bentrok_kelas: [] } }));
    const response = await apiClient.put('/v2/lms/pertemuan/a', {}, { validateStatus: (s) => s === 409 });
    expect(response).toMatchObject({ status: 409, data: { detail: { bentrok_kelas: [] } } });
  });

  it('reads a file as a Blob, and a refused download as the server message', async () => {
    signIn();
    stubFetch(() => new Response('%PDF', { status: 200, headers: { 'content-disposition': 'a.pdf' } }));
    const file = await apiClient.get<Blob>('/v2/file', { responseType: 'blob' });
    expect(await file.data.text()).toBe('%PDF');
    stubFetch(() => answer(403, { status: { code: 'x', message: 'bukan pengajar kelas ini' } }));
    await expect(apiClient.get('/v2/file', { responseType: 'blob' })).rejects.toMatchObject({
      message: 'Bukan Pengajar Kelas Ini',
    });
  });

  it('says Network Error without an answer, and names a timeout after 60 s', async () => {
    signIn();
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiClient.get('/v2/x')).rejects.toMatchObject({
      type: 'Network Error',
      statusCode: undefined,
      message: 'Network Error',
    });

    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = apiClient.get('/v2/slow').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(requestTimeoutMs);
    expect(await pending).toMatchObject({
      type: 'Network Error',
      message: `Timeout Of ${requestTimeoutMs}ms Exceeded`,
    });
  });

  it('sends a shed request again after Retry-After (writes too: shedding comes before any work)', async () => {
    signIn();
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const shed = () =>
      answer(
        503,
        {
          status: {
            code: 'server_kelebihan_beban',
            message: 'Server sedang menerima terlalu banyak permintaan.',
          },
        },
        { 'retry-after': '5' },
      );
    let calls = 0;
    const fetchMock = stubFetch(() => (++calls < 3 ? shed() : answer(201, { data: { id: 'j' } })));
    const pending = apiClient.post<{ data: { id: string } }>('/v2/lms/tugas/jawaban', { isi: 'a' });
    // 5 s × 1.5 before each retry: nothing is sent early.
    await vi.advanceTimersByTimeAsync(7_400);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(7_500);
    expect((await pending).data).toEqual({ data: { id: 'j' } });
    expect(fetchMock.mock.calls.map(([, init]) => init?.body)).toEqual(Array(3).fill('{"isi":"a"}'));

    // A server that keeps shedding: the last answer's error after shedRetry.retries more tries.
    fetchMock.mockClear();
    stubFetch(shed);
    const refused = apiClient.get('/v2/lms/kelas_kuliah').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(shedRetry.retries * 7_500);
    expect(await refused).toMatchObject({ statusCode: 503, code: 'server_kelebihan_beban' });

    // Other 503s (a proxy's, the sign-in queue's own) are answers, not retried here.
    const other = stubFetch(() => answer(503, { status: { code: 'server_sibuk' } }, { 'retry-after': '1' }));
    await expect(apiClient.get('/v2/x')).rejects.toMatchObject({ code: 'server_sibuk' });
    expect(other).toHaveBeenCalledTimes(1);

    // Leaving the page cancels the wait.
    stubFetch(shed);
    const controller = new AbortController();
    const cancelled = apiClient.get('/v2/y', { signal: controller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    expect(await cancelled).toMatchObject({ type: 'Network Error', message: 'Canceled' });
    vi.restoreAllMocks();
  });

  it('reports an upload’s progress (through XMLHttpRequest, which fetch cannot)', async () => {
    signIn();
    const sent: { headers: Record<string, string>; body: unknown; method?: string; url?: string } = {
      headers: {},
      body: undefined,
    };
    class FakeXhr {
      status = 0;
      responseType = '';
      responseText = '';
      response: unknown = null;
      timeout = 0;
      upload: { onprogress?: (event: { loaded: number; total: number; lengthComputable: boolean }) => void } =
        {};
      onload?: () => void;
      open(method: string, url: string) {
        sent.method = method;
        sent.url = url;
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      getAllResponseHeaders() {
        return 'content-type: application/json\r\ndate: Wed, 25 Nov 2026 07:00:00 GMT\r\n';
      }
      send(body: unknown) {
        sent.body = body;
        this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
        this.status = 200;
        this.responseText = '{"data":{"ok":true}}';
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    const progress: number[] = [];
    const response = await apiClient.put('/v2/upload', form, {
      onUploadProgress: (event) => progress.push(event.loaded / event.total!),
    });
    expect(progress).toEqual([0.5]);
    expect(response).toMatchObject({ status: 200, data: { data: { ok: true } } });
    expect(sent).toMatchObject({ method: 'PUT', url: '/v2/upload', body: form });
    expect(sent.headers['authorization']).toBe('Bearer akses');
    expect(sent.headers['content-type']).toBeUndefined();
  });
});

describe('sendSuccessfulRequest (sign-in, the token endpoints)', () => {
  it('answers the data of a 2xx answer and throws the ApiError of any other', async () => {
    stubFetch(() => answer(200, { data: { nama: 'Kampus' } }));
    expect(await sendSuccessfulRequest({ method: 'GET', url: '/v1/configuration' })).toEqual({
      data: { nama: 'Kampus' },
    });
    stubFetch(() => answer(400, { status: { code: 'invalid_grant', message: 'kode tidak berlaku' } }));
    await expect(
      sendSuccessfulRequest({ method: 'POST', url: '/v2/access_token', body: {} }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'invalid_grant', message: 'Kode Tidak Berlaku' });
  });
});
