import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ClassMeetingPicker } from './class-meeting-picker.tsx';
import { meetingItem } from './class-meetings.fixture.ts';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

// antd's select renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const classId = '20261_01_IF2102';

beforeEach(() => {
  api.get.mockReset().mockResolvedValue({
    data: {
      data: [meetingItem(1), meetingItem(2), meetingItem(3)],
      meta: { page: 1, per_page: 100, total_items: 3, total_pages: 1 },
    },
  });
});

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderPicker() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/kelas']}>
        <Routes>
          <Route path="/kelas" element={<ClassMeetingPicker classId={classId} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function openPicker() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Pilih Pertemuan' }));
}

/** An option of the open list (the chosen value shows the same title in the select itself). */
async function findOption(title: string): Promise<HTMLElement> {
  const all = await screen.findAllByTitle(title);
  const option = all.find((element) => element.classList.contains('ant-select-item-option'));
  if (!option) throw new Error(`No option ${title}`);
  return option;
}

describe('Pilih Pertemuan on a phone class card', { timeout: 60_000 }, () => {
  it('asks for the meetings only when opened, then offers them with the first one chosen', async () => {
    renderPicker();
    expect(screen.getByText('Pilih Pertemuan')).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();

    openPicker();
    await findOption('Pertemuan 2 · Materi 2');
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(api.get.mock.calls[0]![0]).toBe(`/v2/lms/kelas_kuliah/${classId}/pertemuan`);
    expect(api.get.mock.calls[0]![1]).toMatchObject({ params: { page: 1, per_page: 100 } });
    // The default choice is the first meeting (Pendahuluan in the demo data).
    expect(await findOption('Pertemuan 1 · Pendahuluan')).toHaveClass('ant-select-item-option-selected');
    expect(
      screen.getByRole('combobox', { name: 'Pilih Pertemuan' }).closest('.ant-select'),
    ).toHaveTextContent('Pertemuan 1 · Pendahuluan');
  });

  it('opens the picked meeting on /kelas/{id}/{meetingId}', async () => {
    renderPicker();
    openPicker();
    fireEvent.click(await findOption('Pertemuan 3 · Materi 3'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/kelas/${classId}/m3`));
  });

  it('opens the default choice too when it is picked', async () => {
    renderPicker();
    openPicker();
    fireEvent.click(await findOption('Pertemuan 1 · Pendahuluan'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/kelas/${classId}/m1`));
  });
});
