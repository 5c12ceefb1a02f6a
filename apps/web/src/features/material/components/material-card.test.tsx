import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Material } from '@lms/contract/material.schema';
import { MaterialCard } from './material-card.tsx';

function material(judul: string): Material {
  return {
    id: `id-${judul}`,
    id_kelas_kuliah: 'kelas',
    id_pertemuan: 'pertemuan',
    pertemuan: { nomor: 1, jenis: 'kuliah', status: 'berlangsung' },
    jenis_materi: 'modul',
    judul,
    deskripsi: '',
    tipe_file: 'ebook',
    file: {
      name: `${judul}.pdf`,
      url: '/v2/files/x?t=1',
      content_length: 1024,
      extension: 'pdf',
      content_type: 'application/pdf',
    },
    file_url: null,
    tampil_sekarang: true,
    waktu_mulai_tampil: '2026-01-01T00:00:00Z',
    tampil: true,
    is_syarat_hadir: false,
    deadline: null,
    durasi_detik: null,
    created_by: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    akses: { ubah: true, hapus: true, unduh: true },
    aktivitas: {
      selesai: false,
      selesai_pada: null,
      tepat_waktu: null,
      status_download: null,
      diunduh_pada: null,
      dibuka_pada: null,
      persen_diputar: 0,
      persen_minimal: 50,
      detik_baca_tersisa: 60,
      detik_baca: 60,
    },
  };
}

describe('MaterialCard', () => {
  it("names each button's material, keeping the visible word first (issue 45)", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MaterialCard material={material('Modul 1')} timeZone="Asia/Jakarta" />
        <MaterialCard material={material('Modul 2')} timeZone="Asia/Jakarta" />
      </QueryClientProvider>,
    );
    // Two cards, two distinct names: a screen reader no longer hears 'Unduh, Unduh'.
    expect(screen.getByRole('button', { name: 'Unduh Modul 1' })).toHaveTextContent('Unduh');
    expect(screen.getByRole('button', { name: 'Unduh Modul 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baca Modul 1' })).toHaveTextContent('Baca');
    expect(screen.getByRole('button', { name: 'Salin ID Modul 2' })).toHaveTextContent('Salin ID');
  });
});
