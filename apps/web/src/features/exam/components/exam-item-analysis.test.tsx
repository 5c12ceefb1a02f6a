import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemAnalysis } from '@lms/contract/item-analysis.schema';
import { ToastProvider } from '../../../components/toasts.tsx';
import { ExamItemAnalysis } from './exam-item-analysis.tsx';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));
const phone = vi.hoisted(() => ({ value: false }));
vi.mock('../../../lib/use-is-phone.ts', () => ({ useIsPhone: () => phone.value }));

configure({ asyncUtilTimeout: 10_000 });

const figures = {
  jumlah_peserta: 6,
  jumlah_dinilai: 6,
  rata_rata_nilai: 50,
  tingkat_kemudahan: 0.5,
  proporsi_benar: 0.5,
  daya_beda: -0.343,
  daya_beda_kelompok: 0,
  sebaran: [
    { label: 'Benar', teks: 'Benar', kunci: true, jumlah: 3, jumlah_atas: 1, jumlah_bawah: 1 },
    { label: 'Salah', teks: 'Salah', kunci: false, jumlah: 3, jumlah_atas: 1, jumlah_bawah: 1 },
  ],
  tanda: ['kunci_mungkin_salah' as const],
};
const analysis: ItemAnalysis = {
  jumlah_pengerjaan: 6,
  soal: [
    {
      ...figures,
      id_soal: 'q2',
      nomor: 2,
      jenis: 'benar_salah',
      pertanyaan: 'Air mendidih pada 100 °C di permukaan laut.',
    },
    {
      ...figures,
      id_soal: 'q3',
      nomor: 3,
      jenis: 'esay',
      pertanyaan: 'Jelaskan fotosintesis.',
      daya_beda: 0.144,
      sebaran: [],
      tanda: ['daya_beda_rendah'],
    },
  ],
};

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ExamItemAnalysis examId="u1" />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.get.mockReset();
  phone.value = false;
});

describe('Analisis Soal (issue 43 §3)', { timeout: 60_000 }, () => {
  it('shows each question’s figures, the spread with the key and the flags as tags in a table', async () => {
    api.get.mockResolvedValue({ data: { data: analysis } });
    show();
    const row = (await screen.findByText('Air mendidih pada 100 °C di permukaan laut.')).closest('tr')!;
    expect(within(row).getByText('0,50')).toBeInTheDocument();
    expect(within(row).getByText('-0,34')).toBeInTheDocument();
    expect(within(row).getByText('Benar ✓: 3', { exact: false })).toBeInTheDocument();
    expect(within(row).getByText('Kunci mungkin salah')).toBeInTheDocument();
    const essay = screen.getByText('Jelaskan fotosintesis.').closest('tr')!;
    expect(within(essay).getByText('Daya beda rendah')).toBeInTheDocument();
    expect(screen.getByText('6 pengerjaan selesai')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ekspor Excel/ })).toBeEnabled();
    expect(api.get).toHaveBeenCalledWith('/v2/lms/ujian/u1/analisis_soal');
  });

  it('shows a card per question on a phone', async () => {
    phone.value = true;
    api.get.mockResolvedValue({ data: { data: analysis } });
    show();
    const cards = await screen.findAllByTestId('item-analysis-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Tingkat Kemudahan')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Kunci mungkin salah')).toBeInTheDocument();
  });

  it('says so when no attempt is finished, with the export off', async () => {
    api.get.mockResolvedValue({ data: { data: { jumlah_pengerjaan: 0, soal: [] } } });
    show();
    expect(await screen.findByText('Belum ada pengerjaan yang selesai.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ekspor Excel/ })).toBeDisabled();
  });
});
