import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastProvider } from '../../../components/toasts.tsx';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { meeting, sesi } from './meeting-detail.fixture.ts';
import { MeetingEditModal } from './meeting-edit-modal.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

// antd's form and pickers render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const freeResult = {
  bentrok_kelas: { data: [] },
  bentrok_ruangan: { is_ignorable: false, data: [] },
  bentrok_pengajar: { is_ignorable: false, data: [] },
  is_blocking: false,
};

beforeEach(() => {
  api.get.mockReset().mockImplementation(async (url: string) =>
    url.includes('sesi_kuliah')
      ? { data: { data: [sesi] } }
      : {
          data: {
            data: [
              { id: 'r1', nama: 'R.101', kapasitas: 40, kampus: null, is_available: true },
              { id: 'r2', nama: 'R.102', kapasitas: 30, kampus: null, is_available: true },
            ],
          },
        },
  );
  api.put.mockReset();
});

function renderModal(m: MeetingDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MeetingEditModal meeting={m} open onClose={() => {}} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return screen.findByRole('dialog', { name: 'Ubah Data Pertemuan' });
}

const saveButton = () => screen.getByRole('button', { name: 'Simpan' });

describe('Ubah Data Pertemuan', { timeout: 90_000 }, () => {
  it('saves a meeting whose schedule is fixed once something changed, without schedule fields', async () => {
    await renderModal(meeting({}, { ubah_jadwal: false, ubah_pengajar: false }));
    expect(saveButton()).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Cek Jadwal/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Judul'), { target: { value: 'Normalisasi Lanjut' } });
    await waitFor(() => expect(saveButton()).toBeEnabled());
    api.put.mockResolvedValue({ status: 200, data: { data: meeting({ judul: 'Normalisasi Lanjut' }) } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    const [url, body] = api.put.mock.calls[0]!;
    expect(url).toBe(`/v2/lms/pertemuan/${meeting().id}`);
    expect(body).toEqual({
      judul: 'Normalisasi Lanjut',
      deskripsi: 'Bentuk normal',
      kategori: 'kuliah',
      jenis: 'offline',
      metode: 'Ceramah dan Diskusi',
    });
  });

  it('needs a clash check without a blocking clash before saving a schedulable meeting', async () => {
    await renderModal(meeting());
    fireEvent.change(screen.getByLabelText('Judul'), { target: { value: 'Normalisasi Lanjut' } });
    await waitFor(() => expect(saveButton()).toBeDisabled());
    api.put.mockResolvedValueOnce({
      data: {
        data: {
          ...freeResult,
          bentrok_kelas: {
            data: [
              {
                id: 'x',
                nomor: 8,
                judul: 'UTS',
                waktu_mulai: '2026-05-19T00:30:00Z',
                waktu_selesai: '2026-05-19T03:00:00Z',
                sesi: null,
              },
            ],
          },
          is_blocking: true,
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /Cek Jadwal/ }));
    expect(await screen.findByText('Bentrok dengan pertemuan lain di kelas ini')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    api.put.mockResolvedValueOnce({ data: { data: freeResult } });
    fireEvent.click(screen.getByRole('button', { name: /Cek Jadwal/ }));
    expect(
      await screen.findByText('Tidak ada jadwal yang bentrok. Data dapat disimpan.'),
    ).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    expect(api.put.mock.calls[1]![1]).toMatchObject({
      id_kelas_kuliah: '20261_01_IF2102',
      waktu_mulai: '2026-05-12T00:30:00.000Z',
      id_ruangan: 'r1',
      pengajar_kelas: [
        { id: 'd1', is_pengajar: true },
        { id: 'd2', is_pengajar: true },
      ],
    });

    // Any change clears the result again.
    fireEvent.change(screen.getByLabelText('Judul'), { target: { value: 'Normalisasi Lanjut 2' } });
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(screen.queryByText('Tidak ada jadwal yang bentrok. Data dapat disimpan.')).toBeNull();
  });

  it('shows the exact messages of empty required fields', async () => {
    await renderModal(meeting());
    fireEvent.change(screen.getByLabelText('Judul'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Deskripsi'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /Cek Jadwal/ }));
    expect(await screen.findByText('Judul wajib diisi!')).toBeInTheDocument();
    expect(screen.getByText('Deskripsi wajib diisi!')).toBeInTheDocument();
    expect(await screen.findByText('Pengisian Data Belum Lengkap!')).toBeInTheDocument();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('rejects a description longer than 300 characters', async () => {
    await renderModal(meeting({}, { ubah_jadwal: false, ubah_pengajar: false }));
    fireEvent.change(screen.getByLabelText('Deskripsi'), { target: { value: 'a'.repeat(301) } });
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fireEvent.click(saveButton());
    expect(await screen.findAllByText('Deskripsi tidak boleh lebih dari 300 karakter')).not.toHaveLength(0);
    expect(api.put).not.toHaveBeenCalled();
  });

  it('lets only the main teacher switch teachers', async () => {
    await renderModal(meeting({}, { ubah_pengajar: false }));
    for (const toggle of screen.getAllByRole('switch')) expect(toggle).toBeDisabled();
    expect(screen.getByText('Hanya pengajar utama yang dapat mengubah pengajar.')).toBeInTheDocument();
  });
});
