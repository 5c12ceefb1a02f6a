import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassFilterValues } from './class-list-search-params.ts';
import { ClassFilterDrawer } from './class-filter-drawer.tsx';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

// antd's drawer and selects render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const programs = [
  { id: 'demo-if', kode: '55', nama: 'Informatika', jenjang: 'S1' },
  { id: 'demo-si', kode: '57', nama: 'Sistem Informasi', jenjang: 'S1' },
];
const courses = [
  { id: 'IF2102', kode: 'IF2102', nama: 'Basis Data', sks: 3, id_prodi: 'demo-if' },
  { id: 'SI2101', kode: 'SI2101', nama: 'Analisis dan Perancangan Sistem', sks: 3, id_prodi: 'demo-si' },
];
const periods = [
  { kode: 20261, label: '2026/2027 Ganjil', tanggal_mulai: '', tanggal_selesai: '', is_current: true },
];

beforeEach(() => {
  api.get.mockReset().mockImplementation(async (url: string, config?: { params?: { id_prodi?: string } }) => {
    if (url === '/v1/prodi_ref') return { data: { data: programs } };
    const prodi = config?.params?.id_prodi;
    return { data: { data: courses.filter((c) => !prodi || c.id_prodi === prodi) } };
  });
});

/** The class list's toolbar in small: a Filter button, the drawer, and the address bar's values. */
function Harness({ initial, onApply }: { initial: ClassFilterValues; onApply(v: ClassFilterValues): void }) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Filter
      </button>
      <ClassFilterDrawer
        open={open}
        values={values}
        periods={periods}
        currentPeriod={20261}
        onClose={() => setOpen(false)}
        onApply={(next) => {
          setOpen(false);
          setValues(next);
          onApply(next);
        }}
      />
    </>
  );
}

function renderHarness(initial: ClassFilterValues = { periode: 20261 }) {
  const onApply = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} onApply={onApply} />
    </QueryClientProvider>,
  );
  return onApply;
}

async function openDrawer() {
  fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
  return screen.findByRole('dialog');
}

/** Opens the select labelled `label` and clicks the option titled `option`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${option}"]`),
    ].find((el) => !el.closest('.ant-select-dropdown-hidden'));
    if (!found) throw new Error(`option ${option} not shown`);
    return found;
  });
  fireEvent.click(within(item).getByText(option));
}

/** The text a select of the drawer shows. */
function shown(label: string): string {
  const select = screen.getByLabelText(label).closest('.ant-select')!;
  return select.querySelector('.ant-select-content')?.textContent ?? '';
}

describe('Filter Kelas drawer', { timeout: 90_000 }, () => {
  it('applies Prodi Matkul and Status chosen one after the other, with courses of that program', async () => {
    const onApply = renderHarness();
    await openDrawer();
    await choose('Prodi Matkul', 'S1 Sistem Informasi');
    await choose('Status', 'Sedang Berlangsung');
    await waitFor(() => expect(shown('Prodi Matkul')).toBe('S1 Sistem Informasi'));
    expect(shown('Status')).toBe('Sedang Berlangsung');
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(
        '/v1/makul_ref',
        expect.objectContaining({ params: expect.objectContaining({ id_prodi: 'demo-si' }) }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Terapkan' }));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(onApply).toHaveBeenLastCalledWith({
      periode: 20261,
      id_prodi_mata_kuliah: 'demo-si',
      id_prodi_kelas: undefined,
      id_mata_kuliah: undefined,
      status: 'berlangsung',
    });
  });

  it('starts every opening from the address bar, dropping choices that were not applied', async () => {
    const onApply = renderHarness({ periode: 20261, id_prodi_mata_kuliah: 'demo-if' });
    await openDrawer();
    await waitFor(() => expect(shown('Prodi Matkul')).toBe('S1 Informatika'));
    await choose('Prodi Matkul', 'S1 Sistem Informasi');
    await choose('Status', 'Telah Berakhir');
    // Closed without Terapkan, then opened again: the address bar's values, not the abandoned ones.
    fireEvent.click(screen.getByRole('button', { name: /close|tutup/i }));
    await waitFor(() => expect(screen.queryByLabelText('Status')).toBeNull());
    await openDrawer();
    await waitFor(() => expect(shown('Status')).toBe('Semua'));
    await waitFor(() => expect(shown('Prodi Matkul')).toBe('S1 Informatika'));
    fireEvent.click(screen.getByRole('button', { name: 'Terapkan' }));
    await waitFor(() => expect(onApply).toHaveBeenCalled());
    expect(onApply).toHaveBeenLastCalledWith(
      expect.objectContaining({ id_prodi_mata_kuliah: 'demo-if', status: undefined }),
    );
  });
});
