import { describe, expect, it } from 'vitest';
import { formatContentPlace } from './content-place.ts';

describe('formatContentPlace', () => {
  it('names the course, the class and the meeting', () => {
    const place = {
      kelas_kuliah: { nama: 'A', mata_kuliah: { kode: 'IF101', nama: 'Algoritma' } },
      pertemuan: { nomor: 3 },
    };
    expect(formatContentPlace(place)).toBe('IF101 Algoritma · Kelas A · Pertemuan 3');
  });
});
