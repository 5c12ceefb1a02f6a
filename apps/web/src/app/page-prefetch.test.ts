import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../lib/local-store.ts';
import { matchFirstScreen } from '../lib/first-screens.ts';

const classId = '20261_01_IF2102';
const meetingId = 'bbf7eb90-96fd-5cdb-9abe-f55066f8a9ff';

/** The GETs sent while `load` runs a route loader (fetch stubbed with an empty answer for each). */
async function requestsOf(load: () => unknown): Promise<string[]> {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify({ data: {} }), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  load();
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 50));
  return fetchMock.mock.calls.map(([url]) => url);
}

beforeEach(() => {
  vi.resetModules();
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
    const { prefetchClassPage, prefetchMeetingPage } = await import('./page-prefetch.ts');
    const classParams = { params: { id: classId } } as unknown as Parameters<typeof prefetchClassPage>[0];
    expect(await requestsOf(() => prefetchClassPage(classParams))).toEqual(
      matchFirstScreen(`/kelas/${classId}`)?.requests,
    );
    vi.resetModules();
    const { prefetchMeetingPage: prefetchAgain } = await import('./page-prefetch.ts');
    expect(await requestsOf(() => prefetchAgain(meetingId, classId))).toEqual(
      matchFirstScreen(`/kelas/${classId}/${meetingId}`)?.requests,
    );
    vi.resetModules();
    expect(await requestsOf(() => prefetchMeetingPage(meetingId))).toEqual(
      matchFirstScreen(`/pertemuan/${meetingId}`)?.requests,
    );
  });

  it("asks for the dashboard's answers that do not wait for the college's zone or the period", async () => {
    const { prefetchDashboardPage } = await import('./page-prefetch.ts');
    const sent = await requestsOf(prefetchDashboardPage);
    const early = matchFirstScreen('/beranda')!.requests;
    expect(early.length).toBeGreaterThan(0);
    expect(sent).toEqual(expect.arrayContaining(early));
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
