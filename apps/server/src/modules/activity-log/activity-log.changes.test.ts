import { describe, expect, it } from 'vitest';
import {
  activityContextLines,
  formatActivityChange,
  readActivityChanges,
} from '@lms/contract/activity-log.rules';
import { listChanges } from './activity-log.changes.ts';

describe('listChanges', () => {
  it('lists only the changed fields, in the order given, with old and new values', () => {
    const changes = listChanges(
      { kapasitas: 40, nama: 'A', jadwal: { hari: 1 } },
      { kapasitas: 45, nama: 'A', jadwal: { hari: 2 } },
      { nama: 'Nama', kapasitas: 'Kapasitas', 'jadwal.hari': 'Hari' },
    );
    expect(changes).toEqual([
      { field: 'kapasitas', label: 'Kapasitas', lama: 40, baru: 45 },
      { field: 'jadwal.hari', label: 'Hari', lama: 1, baru: 2 },
    ]);
    expect(changes.map(formatActivityChange)).toEqual(['Kapasitas: 40 → 45', 'Hari: 1 → 2']);
  });

  it('compares objects by value whatever their key order, and keeps values JSON-safe', () => {
    expect(listChanges({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } }, { a: 'A' })).toEqual([]);
    expect(listChanges({}, { a: new Date('2026-03-02T01:00:00Z') }, { a: 'A' })).toEqual([
      { field: 'a', label: 'A', lama: null, baru: '2026-03-02T01:00:00.000Z' },
    ]);
  });

  it('keeps no value of a tanpaNilai field: “(diubah)”, or “(dihapus)” when it was removed', () => {
    const fields = { gambar: { label: 'Gambar Sampul', tanpaNilai: true } };
    const shown = (before: unknown, after: unknown) =>
      listChanges({ gambar: before }, { gambar: after }, fields).map(formatActivityChange);
    expect(shown(null, '/v2/files/a')).toEqual(['Gambar Sampul: (diubah)']);
    expect(shown('/v2/files/a', '/v2/files/b')).toEqual(['Gambar Sampul: (diubah)']);
    expect(shown('/v2/files/a', null)).toEqual(['Gambar Sampul: (dihapus)']);
    expect(shown('/v2/files/a', '/v2/files/a')).toEqual([]);
    expect(JSON.stringify(listChanges({}, { gambar: '/v2/files/a' }, fields))).not.toContain('files');
  });

  it('never carries a secret’s values, and shows values through tampil', () => {
    const changes = listChanges(
      { secret: 'lama-rahasia', mode: 'online' },
      { secret: 'baru-rahasia', mode: 'offline' },
      {
        secret: { label: 'Client secret', rahasia: true },
        mode: { label: 'Mode', tampil: (v) => ({ online: 'Daring', offline: 'Luring' })[v as string] },
      },
    );
    expect(JSON.stringify(changes)).not.toContain('rahasia-');
    expect(changes.map(formatActivityChange)).toEqual(['Client secret: (diubah)', 'Mode: Daring → Luring']);
    expect(readActivityChanges({ perubahan: changes })).toEqual(changes);
    expect(readActivityChanges({ perubahan: 'x' })).toEqual([]);
    // A field named like a secret is masked even when its caller forgot to say so.
    const forgot = listChanges(
      { siakad: { kunci_rahasia: 'a' } },
      { siakad: { kunci_rahasia: 'b' } },
      {
        'siakad.kunci_rahasia': 'Kunci rahasia',
      },
    );
    // Credentials in an address stay out too.
    expect(
      listChanges({ url: null }, { url: 'https://admin:s3cret@siakad.kampus.ac.id/api' }, { url: 'Alamat' }),
    ).toEqual([
      { field: 'url', label: 'Alamat', lama: null, baru: 'https://(disembunyikan)@siakad.kampus.ac.id/api' },
    ]);
    expect(
      listChanges({ url: 'https://a:1@h.id' }, { url: 'https://a:2@h.id' }, { url: 'Alamat' }).map(
        formatActivityChange,
      ),
    ).toEqual(['Alamat: https://(disembunyikan)@h.id → https://(disembunyikan)@h.id']);
    expect(forgot).toEqual([
      {
        field: 'siakad.kunci_rahasia',
        label: 'Kunci rahasia',
        lama: '(diubah)',
        baru: '(diubah)',
        rahasia: true,
      },
    ]);
  });

  it('shows an entry’s changes and a recalculation’s scope as lines; other context as nothing', () => {
    expect(
      activityContextLines({
        perubahan: [{ field: 'kapasitas', label: 'Kapasitas', lama: 40, baru: 45 }],
        cakupan: 'Periode 2026/2027 Ganjil · Prodi S1 Informatika',
        id_kelas: 'K1',
      }),
    ).toEqual(['Kapasitas: 40 → 45', 'Cakupan: Periode 2026/2027 Ganjil · Prodi S1 Informatika']);
    expect(activityContextLines({ periode: 20261 })).toEqual([]);
    expect(activityContextLines(null)).toEqual([]);
    expect(formatActivityChange({ field: 'a', label: 'Aktif', lama: false, baru: null })).toBe(
      'Aktif: Tidak → —',
    );
  });
});
