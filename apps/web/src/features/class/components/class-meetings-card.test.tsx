import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configurationQuery } from '../../../lib/queries/get-configuration.ts';
import { ClassMeetingsCard } from './class-meetings-card.tsx';
import { meetingItem } from './class-meetings.fixture.ts';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api, hasStatus: () => false }));

// antd's table renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const classId = '20261_01_IF2102';

beforeEach(() => {
  api.get.mockReset().mockResolvedValue({
    data: {
      data: [
        meetingItem(1),
        meetingItem(8, {
          judul: 'Ujian Tengah Semester',
          kategori: 'uts',
          jenis: 'campuran',
          status: 'berlangsung',
        }),
      ],
      meta: { page: 2, per_page: 10, total_items: 12, total_pages: 2 },
    },
  });
});

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderCard(asTable: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A college in Makassar: times show in WITA whatever the browser's zone.
  client.setQueryData(configurationQuery.queryKey, { time_zone: 'Asia/Makassar' } as never);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/kelas/${classId}`]}>
        <Routes>
          <Route path="/kelas/:id" element={<ClassMeetingsCard classId={classId} asTable={asTable} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Data Pertemuan', { timeout: 60_000 }, () => {
  it('gives operators the meeting table of spec 2 §2, whose Lihat opens /pertemuan/{id}', async () => {
    renderCard(true);
    const region = screen.getByRole('region', { name: 'Data Pertemuan' });
    expect(await within(region).findByRole('table')).toBeInTheDocument();
    const headers = within(region)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'No',
      'Mata Kuliah',
      'Kelas',
      'Pertemuan',
      'Judul',
      'Jenis',
      'Metode',
      'Status',
      'Waktu',
      'Aksi',
    ]);
    expect(within(region).getByText('(12 Pertemuan)')).toBeInTheDocument();
    expect(within(region).getByPlaceholderText('Cari judul pertemuan')).toBeInTheDocument();
    expect(api.get.mock.calls[0]![1]).toMatchObject({ params: { page: 1, per_page: 10 } });

    const row = screen.getByText('Ujian Tengah Semester').closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells).toEqual([
      '2',
      'Basis DataIF2102',
      '01 Reguler',
      '8',
      'Ujian Tengah Semester',
      'UTS',
      'Campuran',
      'Sedang Berlangsung',
      '01 Sep 2026, 09:00 - 11:30 WITA',
      'Lihat',
    ]);
    expect(screen.queryByTestId('meeting-card')).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Lihat Pertemuan 8' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/pertemuan/m8'));
  });

  it('gives students and lecturers cards leading to /kelas/{id}/{meetingId}', async () => {
    renderCard(false);
    const cards = await screen.findAllByTestId('meeting-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAttribute('href', `/kelas/${classId}/m1`);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
