import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@lms/contract/auth.schema';
import type { DashboardStatistics } from '@lms/contract/dashboard.schema';
import { currentUserQuery } from '../../../lib/queries/get-current-user.ts';
import { StatTiles } from './stat-tiles.tsx';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

const operator: UserInfo = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'operator',
  nama: 'Operator',
  role: 'operator',
  status: 'Aktif',
  foto_url: null,
  college_id: 'demo',
  permissions: { kelas_kuliah: 'read' },
  operator_scope: null,
  prodi: null,
  acting_operator: null,
};

function renderTiles(statistics: DashboardStatistics, user: UserInfo = operator) {
  api.get.mockResolvedValue({ data: { data: statistics } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, user);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <StatTiles />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => api.get.mockReset());

describe('StatTiles', () => {
  it('shows the four counts, each linking to its page', async () => {
    renderTiles({ tugas: 3, ujian: 0, forum: 2, vidcon: 1 });
    const tugas = await screen.findByRole('link', { name: /3\s*Tugas/ });
    expect(tugas.getAttribute('href')).toBe('/tugas');
    expect(screen.getByRole('link', { name: /0\s*Kuis\/Ujian/ }).getAttribute('href')).toBe('/ujian');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('leaves out the tiles the answer does not count', async () => {
    renderTiles({ tugas: 1, ujian: null, forum: 2, vidcon: null });
    await screen.findByRole('link', { name: /1\s*Tugas/ });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows no tiles to an operator without read on Kelas Kuliah, and does not ask', () => {
    const { container } = renderTiles(
      { tugas: null, ujian: null, forum: null, vidcon: null },
      { ...operator, permissions: { kelas_kuliah: 'no_access', pengumuman: 'write' } },
    );
    expect(container.querySelector('.dashboard-tiles')).toBeNull();
    expect(api.get).not.toHaveBeenCalled();
  });
});
