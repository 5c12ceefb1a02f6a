import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from './local-store.ts';

function token(role: string): string {
  const payload = btoa(JSON.stringify({ sub: 'u1', role })).replace(/=+$/, '');
  return `h.${payload}.s`;
}

function signIn(accessToken: string, expiresInMs = 3_600_000): void {
  localStorage.setItem(
    storageKeys.session,
    JSON.stringify({ accessToken, refreshToken: 'segar', expiresAt: Date.now() + expiresInMs }),
  );
}

function stubFetch(status = 200) {
  const fetchMock = vi.fn(
    async (url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ data: { url, call: fetchMock.mock.calls.length } }), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The early requests started and the app's client, as a fresh page load of `pathname` has them. */
async function loadPage(pathname = '/jadwal') {
  const { startEarlyRequests } = await import('./early-requests.ts');
  startEarlyRequests(pathname);
  startEarlyRequests(pathname);
  return (await import('./api-client.ts')).apiClient;
}

const calledPaths = (fetchMock: ReturnType<typeof stubFetch>) => fetchMock.mock.calls.map(([url]) => url);

beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('early start-up requests', () => {
  it("asks once for a student's start-up answers, and the client takes each answer once", async () => {
    signIn(token('mahasiswa'));
    const fetchMock = stubFetch();
    const apiClient = await loadPage();
    expect(calledPaths(fetchMock)).toEqual([
      '/v1/configuration',
      '/v2/user_info',
      '/v1/semester_akademik_berjalan',
      '/v2/lms/check_pembatasan',
      '/v1/logo_perguruan_tinggi',
    ]);
    const auth = (index: number) =>
      new Headers(fetchMock.mock.calls[index]![1]?.headers).get('authorization');
    expect(auth(0)).toBeNull();
    expect(auth(1)).toBe(`Bearer ${token('mahasiswa')}`);

    const user = await apiClient.get<{ data: { url: string } }>('/v2/user_info');
    expect(user.data.data.url).toBe('/v2/user_info');
    expect(fetchMock).toHaveBeenCalledTimes(5);
    const config = await apiClient.get('/v1/configuration', { skipAuth: true });
    expect(config.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    // Taken once: asking again is a request of its own.
    await apiClient.get('/v2/user_info');
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it("leaves the server clock to answers asked now (an early answer's Date header may be seconds old)", async () => {
    signIn(token('mahasiswa'));
    const fetchMock = stubFetch();
    fetchMock.mockImplementation(
      async (url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ data: { url } }), {
          headers: { date: 'Mon, 01 Jan 2024 00:00:00 GMT' },
        }),
    );
    const apiClient = await loadPage();
    const { serverNow } = await import('./server-clock.ts');
    await apiClient.get('/v2/user_info');
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(1_000);
    await apiClient.get('/v2/lms/kelas_kuliah');
    expect(new Date(serverNow()).getUTCFullYear()).toBe(2024);
  });

  it('asks nothing for the user with a token about to end, and no restrictions for a lecturer', async () => {
    signIn(token('dosen'), 60_000);
    let fetchMock = stubFetch();
    await loadPage();
    expect(calledPaths(fetchMock)).toEqual(['/v1/configuration']);

    vi.resetModules();
    vi.unstubAllGlobals();
    signIn(token('dosen'));
    fetchMock = stubFetch();
    await loadPage();
    expect(calledPaths(fetchMock)).toEqual([
      '/v1/configuration',
      '/v2/user_info',
      '/v1/semester_akademik_berjalan',
      '/v1/logo_perguruan_tinggi',
    ]);
  });

  it("asks for a first screen's answers too, which the client takes with their query string", async () => {
    signIn(token('dosen'));
    const fetchMock = stubFetch();
    const apiClient = await loadPage('/kelas/K1');
    expect(calledPaths(fetchMock).slice(3)).toEqual([
      '/v2/lms/kelas_kuliah/K1',
      '/v2/lms/kelas_kuliah/K1/pertemuan?page=1&per_page=10',
      '/v2/lms/tugas?page=1&per_page=50&id_kelas_kuliah=K1',
      '/v2/lms/kelas_kuliah/K1/kelompok',
      '/v1/logo_perguruan_tinggi',
    ]);
    await apiClient.get('/v2/lms/kelas_kuliah/K1/pertemuan', { params: { page: 1, per_page: 10 } });
    await apiClient.get('/v2/lms/tugas', { params: { page: 1, per_page: 50, id_kelas_kuliah: 'K1' } });
    expect(fetchMock).toHaveBeenCalledTimes(8);
    // Another page of the same list is a request of its own.
    await apiClient.get('/v2/lms/kelas_kuliah/K1/pertemuan', { params: { page: 2, per_page: 10 } });
    expect(fetchMock).toHaveBeenCalledTimes(9);
  });

  it("asks for the dashboard's calendar and the period's classes once the college's zone and the period came", async () => {
    const { dashboardFollowUpRequests } = await import('./first-screens.ts');
    const answers: Record<string, unknown> = {
      '/v1/configuration': { time_zone: 'Asia/Jayapura' },
      '/v1/semester_akademik_berjalan': { periode: 20261 },
    };
    const stubAnswers = () => {
      const fetchMock = stubFetch();
      fetchMock.mockImplementation(
        async (url: string, _init?: RequestInit) =>
          new Response(JSON.stringify({ data: answers[url] ?? {} })),
      );
      return fetchMock;
    };
    const expected = (listsClasses: boolean) =>
      dashboardFollowUpRequests({ timeZone: 'Asia/Jayapura', periode: 20261, listsClasses });
    expect(expected(true)[0]).toMatch(/^\/v2\/lms\/kalender\?start=.*&end=/);

    signIn(token('mahasiswa'));
    let fetchMock = stubAnswers();
    const apiClient = await loadPage('/beranda');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(9));
    expect(calledPaths(fetchMock).slice(7)).toEqual(expected(true));
    const [calendar] = expected(true);
    await apiClient.get(calendar!);
    expect(fetchMock).toHaveBeenCalledTimes(9);

    // The app started first and asked for the calendar itself: the early entry does not ask again.
    vi.resetModules();
    vi.unstubAllGlobals();
    signIn(token('mahasiswa'));
    fetchMock = stubAnswers();
    const { startEarlyRequests } = await import('./early-requests.ts');
    const client = (await import('./api-client.ts')).apiClient;
    startEarlyRequests('/beranda');
    await client.get(calendar!);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(9));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calledPaths(fetchMock).filter((path) => path === calendar)).toHaveLength(1);

    // An operator's class card depends on their rights: the page asks for it.
    vi.resetModules();
    vi.unstubAllGlobals();
    signIn(token('operator'));
    fetchMock = stubAnswers();
    await loadPage('/beranda');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(7));
    expect(calledPaths(fetchMock).slice(6)).toEqual(expected(false));

    // Without the college's answer nothing more is asked.
    vi.resetModules();
    vi.unstubAllGlobals();
    signIn(token('mahasiswa'));
    fetchMock = stubFetch(500);
    await loadPage('/beranda');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });

  it('drops early answers not taken within 30 s (a later visit of the page asks afresh)', async () => {
    signIn(token('mahasiswa'));
    const fetchMock = stubFetch();
    const start = Date.now();
    const apiClient = await loadPage('/pertemuan/M1');
    expect(fetchMock).toHaveBeenCalledTimes(10);
    vi.spyOn(Date, 'now').mockReturnValue(start + 31_000);
    await apiClient.get('/v2/lms/pertemuan/M1');
    expect(fetchMock).toHaveBeenCalledTimes(11);
    vi.restoreAllMocks();
  });

  it('leaves a refused answer to the client to ask again', async () => {
    signIn(token('mahasiswa'));
    const fetchMock = stubFetch(500);
    const apiClient = await loadPage();
    fetchMock.mockImplementation(
      async (url: string, _init?: RequestInit) => new Response(JSON.stringify({ data: { url } })),
    );
    await expect(apiClient.get('/v1/semester_akademik_berjalan')).resolves.toMatchObject({ status: 200 });
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('leaves an answer asked with another token (a refresh, a switch of user) unused', async () => {
    signIn(token('mahasiswa'));
    const fetchMock = stubFetch();
    const apiClient = await loadPage();
    signIn(token('mahasiswa').replace('.s', '.t'));
    await apiClient.get('/v2/user_info');
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(new Headers(fetchMock.mock.calls[5]![1]?.headers).get('authorization')).toBe(
      `Bearer ${token('mahasiswa').replace('.s', '.t')}`,
    );
  });

  it("asks for the college's logo as the logo query does, which takes it as an image", async () => {
    signIn(token('dosen'));
    const fetchMock = stubFetch();
    fetchMock.mockImplementation(
      async () => new Response('<svg/>', { headers: { 'content-type': 'image/svg+xml' } }),
    );
    await loadPage();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/v1/logo_perguruan_tinggi')!;
    const headers = new Headers(init?.headers);
    expect(headers.get('role')).toBe('mahasiswa');
    expect(headers.get('authorization')).toBeNull();
    const { getCollegeLogo } = await import('./queries/get-college-logo.ts');
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:logo');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
      },
    );
    await expect(getCollegeLogo()).resolves.toBe('blob:logo');
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('<svg/>');
    expect(calledPaths(fetchMock).filter((url) => url === '/v1/logo_perguruan_tinggi')).toHaveLength(1);
  });
});
