import { describe, expect, it } from 'vitest';
import type { SendPreview } from '@lms/contract/grade.schema';
import { componentsWithoutActivities } from './send-modal.tsx';

const item = (
  nim: string,
  komponen: { id: string; label: string },
  perubahan: SendPreview['items'][number]['perubahan'],
): SendPreview['items'][number] => ({
  mahasiswa: { id_user: `u${nim}`, nama: `Mhs ${nim}`, nim },
  komponen,
  nilai_sikad: null,
  nilai_lms: perubahan === 'kosong' ? null : 80,
  update_by_sikad: false,
  perubahan,
});

describe('the send preview', () => {
  it('names each component not sent for want of chosen activities once, in order', () => {
    const tugas = { id: 'k1', label: 'Tugas' };
    const uts = { id: 'k2', label: 'UTS' };
    const uas = { id: 'k3', label: 'UAS' };
    expect(
      componentsWithoutActivities([
        item('1', tugas, 'baru'),
        item('1', uts, 'kosong'),
        item('1', uas, 'kosong'),
        item('2', tugas, 'sama'),
        item('2', uts, 'kosong'),
        item('2', uas, 'kosong'),
      ]),
    ).toEqual([uts, uas]);
    expect(componentsWithoutActivities([item('1', tugas, 'ubah')])).toEqual([]);
  });
});
