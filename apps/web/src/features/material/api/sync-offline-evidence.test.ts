import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import type { OfflineEvidence } from './offline-evidence-store.ts';

const { api, store } = vi.hoisted(() => ({
  api: { post: vi.fn() },
  store: { rows: [] as OfflineEvidence[], deleted: [] as number[] },
}));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));
vi.mock('./offline-evidence-store.ts', () => ({
  listOfflineEvidence: async () => store.rows,
  deleteOfflineEvidence: async (keys: number[]) => {
    store.deleted.push(...keys);
  },
}));

const { syncOfflineEvidence } = await import('./sync-offline-evidence.ts');

const row = (key: number, materialId: string, detik: number, userId = 'mhs-1'): OfflineEvidence => ({
  key,
  userId,
  materialId,
  jenis: 'baca',
  detik,
  dibuka_pada: '2026-11-29T03:00:00.000Z',
});

describe('syncOfflineEvidence', () => {
  beforeEach(() => {
    api.post.mockReset();
    store.deleted = [];
  });

  it("sends the signed-in student's rows per material and forgets what the server answered", async () => {
    store.rows = [
      row(1, 'a', 61.4),
      row(2, 'a', 10),
      row(3, 'b', 5),
      row(4, 'a', 90, 'mhs-lain'),
      row(5, 'c', 0),
    ];
    api.post.mockImplementation(async (url: string) => ({ data: { data: { id: url } } }));
    const answered = await syncOfflineEvidence('mhs-1');
    expect(api.post.mock.calls).toEqual([
      [
        '/v2/lms/materi/a/luring',
        {
          catatan: [
            { jenis: 'baca', detik: 61, dibuka_pada: '2026-11-29T03:00:00.000Z' },
            { jenis: 'baca', detik: 10, dibuka_pada: '2026-11-29T03:00:00.000Z' },
          ],
        },
      ],
      [
        '/v2/lms/materi/b/luring',
        { catatan: [{ jenis: 'baca', detik: 5, dibuka_pada: '2026-11-29T03:00:00.000Z' }] },
      ],
    ]);
    expect(answered).toHaveLength(2);
    // Another account's rows on the same phone, and empty openings, stay unsent.
    expect(store.deleted.sort()).toEqual([1, 2, 3]);
  });

  it('keeps rows the network failed to send, and drops rows the server refused for good', async () => {
    store.rows = [row(1, 'a', 70), row(2, 'b', 70)];
    api.post.mockImplementation(async (url: string) => {
      if (url.includes('/a/')) throw new ApiError('Network Error', undefined, 'Network Error', undefined);
      throw new ApiError('Materi ini belum disimpan di perangkat', 400, undefined, 'materi_belum_disimpan');
    });
    expect(await syncOfflineEvidence('mhs-1')).toEqual([]);
    expect(store.deleted).toEqual([2]);
  });
});
