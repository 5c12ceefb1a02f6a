import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../lib/local-store.ts';
import { dashboardFollowUpRequests, matchFirstScreen } from '../lib/first-screens.ts';

const classId = '20261_01_IF2102';
const meetingId = 'bbf7eb90-96fd-5cdb-9abe-f55066f8a9ff';

/**
 * The GETs a route loader sends (fetch stubbed with `answerOf` the URL, or an empty answer), once `done`
 * holds of them, and after a moment more for any that would come later.
 */
async function requestsOf(
  load: () => unknown,
  done: (urls: string[]) => void,
  answerOf: (url: string) => unknown = () => undefined,
): Promise<string[]> {
  const fetchMock = vi.fn(
    async (url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ data: answerOf(url) ?? {} }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  load();
  const urls = () => fetchMock.mock.calls.map(([url]) => url);
  await vi.waitFor(() => done(urls()));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return urls();
}

/** The loaders of a fresh page load (an empty query cache). */
async function freshLoaders() {
  vi.resetModules();
  return import('./page-prefetch.ts');
}

beforeEach(() => {
  localStorage.setItem(
    storageKeys.session,
    JSON.stringify({ accessToken: 'h.e30.s', refreshToken: 'segar', expiresAt: Date.now() + 3_600_000 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('first screens asked for early', () => {
  it('asks for what a class page and a meeting page ask for when they draw, built the same way', async () => {
    const cases: Array<[string, (loaders: Awaited<ReturnType<typeof freshLoaders>>) => unknown]> = [
      [
        `/kelas/${classId}`,
        ({ prefetchClassPage }) =>
          prefetchClassPage({ params: { id: classId } } as unknown as Parameters<
            typeof prefetchClassPage
          >[0]),
      ],
      [
        `/kelas/${classId}/${meetingId}`,
        ({ prefetchMeetingPage }) => prefetchMeetingPage(meetingId, classId),
      ],
      [`/pertemuan/${meetingId}`, ({ prefetchMeetingPage }) => prefetchMeetingPage(meetingId)],
    ];
    for (const [path, load] of cases) {
      const loaders = await freshLoaders();
      const early = matchFirstScreen(path)!.requests;
      const sent = await requestsOf(
        () => load(loaders),
        (urls) => expect(urls).toHaveLength(early.length),
      );
      expect(sent, path).toEqual(early);
    }
  });

  it("asks for the dashboard's answers as the early entry does, the calendar and classes once the zone and period came", async () => {
    const answers: Record<string, unknown> = {
      '/v1/configuration': { time_zone: 'Asia/Makassar', college_id: 'c1' },
      '/v1/semester_akademik_berjalan': { periode: 20261 },
    };
    const { prefetchDashboardPage } = await freshLoaders();
    const { queryClient } = await import('../lib/query-client.ts');
    const { currentUserQuery } = await import('../lib/queries/get-current-user.ts');
    queryClient.setQueryData(currentUserQuery.queryKey, { role: 'mahasiswa', permissions: [] } as never);
    const early = [
      ...matchFirstScreen('/beranda')!.requests,
      ...dashboardFollowUpRequests({ timeZone: 'Asia/Makassar', periode: 20261, listsClasses: true }),
    ];
    const sent = await requestsOf(
      prefetchDashboardPage,
      (urls) => expect(urls.filter((url) => !answers[url])).toHaveLength(early.length),
      (url) => answers[url],
    );
    expect(sent.filter((url) => !answers[url])).toEqual(early);
  });

  it('matches only the first screens, by the router’s paths', () => {
    expect(matchFirstScreen('/beranda')?.screen).toBe('dashboard');
    expect(matchFirstScreen(`/kelas/${classId}`)?.screen).toBe('class');
    expect(matchFirstScreen(`/kelas/${classId}/`)?.screen).toBe('class');
    expect(matchFirstScreen(`/kelas/${classId}/${meetingId}`)?.screen).toBe('meeting');
    expect(matchFirstScreen(`/pertemuan/${meetingId}`)?.screen).toBe('meeting');
    for (const other of [
      '/',
      '/kelas',
      `/kelas/${classId}/profil`,
      `/kelas/${classId}/kelompok`,
      `/kelas/${classId}/tugas/1`,
      `/kelas/${classId}/${meetingId}/kehadiran`,
      '/beranda/x',
      '/jadwal',
      '/kelas/%E0%A4%A',
    ]) {
      expect(matchFirstScreen(other), other).toBeNull();
    }
  });

  it('encodes a class id as the class page does', () => {
    expect(matchFirstScreen('/kelas/a%20b')?.requests[0]).toBe('/v2/lms/kelas_kuliah/a%20b');
  });
});
