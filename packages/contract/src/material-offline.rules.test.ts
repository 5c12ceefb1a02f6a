import { describe, expect, it } from 'vitest';
import { creditOfflineRecords } from './material-offline.rules.ts';

const keptAt = new Date('2026-11-29T10:00:00Z');
const at = (seconds: number) => new Date(keptAt.getTime() + seconds * 1000);
const base = { keptAt, ebookSeconds: 60, durationSeconds: 300 };

describe('creditOfflineRecords', () => {
  it('credits an e-book read long enough, kept long enough before the sync', () => {
    const credit = creditOfflineRecords({
      ...base,
      fileType: 'ebook',
      syncedAt: at(600),
      records: [
        { jenis: 'baca', detik: 20 },
        { jenis: 'baca', detik: 90 },
      ],
    });
    expect(credit).toEqual({ readSeconds: 90, playSeconds: 0 });
  });

  it('credits no reading shorter than ebook_detik, nor one the server clock cannot hold', () => {
    const short = creditOfflineRecords({
      ...base,
      fileType: 'ebook',
      syncedAt: at(600),
      records: [{ jenis: 'baca', detik: 59 }],
    });
    expect(short.readSeconds).toBeNull();
    // A forged hour of reading one minute less than ebook_detik after the keep.
    const early = creditOfflineRecords({
      ...base,
      fileType: 'ebook',
      syncedAt: at(30),
      records: [{ jenis: 'baca', detik: 3600 }],
    });
    expect(early.readSeconds).toBeNull();
    // Enough time on the server: credited, but never more than passed there.
    const forged = creditOfflineRecords({
      ...base,
      fileType: 'ebook',
      syncedAt: at(120),
      records: [{ jenis: 'baca', detik: 3600 }],
    });
    expect(forged.readSeconds).toBe(120);
  });

  it('bounds playback by the elapsed server time and the media length', () => {
    const records = [
      { jenis: 'putar' as const, detik: 200 },
      { jenis: 'putar' as const, detik: 200 },
    ];
    expect(
      creditOfflineRecords({ ...base, fileType: 'video', syncedAt: at(3600), records }).playSeconds,
    ).toBe(300);
    expect(creditOfflineRecords({ ...base, fileType: 'audio', syncedAt: at(100), records }).playSeconds).toBe(
      100,
    );
    expect(
      creditOfflineRecords({ ...base, fileType: 'video', durationSeconds: null, syncedAt: at(3600), records })
        .playSeconds,
    ).toBe(0);
    // Reading records on a video, and a sync dated before the keep, credit nothing.
    expect(creditOfflineRecords({ ...base, fileType: 'video', syncedAt: at(-10), records }).playSeconds).toBe(
      0,
    );
    expect(
      creditOfflineRecords({
        ...base,
        fileType: 'video',
        syncedAt: at(600),
        records: [{ jenis: 'baca', detik: 600 }],
      }),
    ).toEqual({ readSeconds: null, playSeconds: 0 });
  });
});
