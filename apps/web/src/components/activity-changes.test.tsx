import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ActivityChanges } from './activity-changes.tsx';

describe('ActivityChanges', () => {
  it('shows each change as “Label: lama → baru”, a secret only as (diubah), and a scope', () => {
    render(
      <ActivityChanges
        context={{
          perubahan: [
            { field: 'kapasitas', label: 'Kapasitas', lama: 40, baru: 45 },
            { field: 'aktif', label: 'Presensi dengan kode QR', lama: false, baru: true },
            { field: 'k', label: 'Kunci rahasia Siakad', lama: '(diubah)', baru: '(diubah)', rahasia: true },
          ],
          cakupan: 'Periode 2026/2027 Ganjil',
        }}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Kapasitas: 40 → 45',
      'Presensi dengan kode QR: Tidak → Ya',
      'Kunci rahasia Siakad: (diubah)',
      'Cakupan: Periode 2026/2027 Ganjil',
    ]);
    expect(screen.getByRole('list', { name: 'Perubahan' })).toBeInTheDocument();
  });

  it('shows nothing for an entry without changes', () => {
    const { container } = render(<ActivityChanges context={{ id_kelas: 'K1' }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
