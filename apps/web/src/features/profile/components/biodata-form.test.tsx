import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudentBiodata } from '@lms/contract/student-biodata.schema';
import { ToastProvider } from '../../../components/toasts.tsx';
import { BiodataForm } from './biodata-form.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

// antd's form renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const stored: StudentBiodata = {
  nim: '2024001',
  nama: 'Ani Mahasiswa',
  nik: null,
  tempat_lahir: 'Bandung',
  tanggal_lahir: '2004-05-17',
  alamat: 'Jl. Dipati Ukur 35',
  telepon: '081234567890',
  email: 'ani@example.ac.id',
  nama_ayah: null,
  tanggal_lahir_ayah: null,
  nama_ibu: null,
  tanggal_lahir_ibu: null,
  is_edit_mahasiswa: true,
};

beforeEach(() => {
  api.get.mockReset();
  api.put.mockReset();
});

function renderForm(biodata: StudentBiodata) {
  api.get.mockResolvedValue({ data: { data: biodata } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <BiodataForm />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('Profil › Biodata', { timeout: 60_000 }, () => {
  it('shows spec 1’s NIK rule under its field and sends nothing', async () => {
    renderForm(stored);
    const nik = await screen.findByLabelText('NIK');
    await waitFor(() => expect(screen.getByLabelText('Tempat Lahir')).toHaveValue('Bandung'));
    fireEvent.change(nik, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Biodata' }));
    expect(await screen.findByText('NIK harus berupa angka, minimal 16 karakter.')).toBeInTheDocument();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('sends valid biodata with empty parents as null', async () => {
    api.put.mockResolvedValue({ data: { data: { ...stored, nik: '3273012345678901' } } });
    renderForm(stored);
    const nik = await screen.findByLabelText('NIK');
    await waitFor(() => expect(screen.getByLabelText('Tempat Lahir')).toHaveValue('Bandung'));
    fireEvent.change(nik, { target: { value: '3273012345678901' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Biodata' }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(api.put.mock.calls[0]).toEqual([
      '/v2/lms/biodata',
      expect.objectContaining({ nik: '3273012345678901', nama_ayah: null, tanggal_lahir_ibu: null }),
    ]);
  });

  it('is read-only where the college does not allow editing', async () => {
    renderForm({ ...stored, is_edit_mahasiswa: false });
    expect(
      await screen.findByText(/Perguruan tinggi belum mengizinkan mahasiswa mengubah biodata/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('NIK')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Simpan Biodata' })).toBeNull();
  });
});
