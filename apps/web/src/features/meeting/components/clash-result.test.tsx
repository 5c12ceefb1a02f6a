import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClashCheckResult } from '@lms/contract/meeting.schema';
import { ClashResult } from './clash-result.tsx';

const course = { id: 'AK2102', kode: 'AK2102', nama: 'Akuntansi Biaya' };
const kelas = { id: '20261_01_AK2102', nama: '01', jenis: { nama: 'Reguler' } };

describe('ClashResult', () => {
  it('names a weekly slot "jadwal mingguan" and shows an ignorable group as a warning', () => {
    const result: ClashCheckResult = {
      bentrok_kelas: { data: [] },
      bentrok_ruangan: {
        is_ignorable: true,
        data: [
          {
            sumber: 'jadwal_kelas',
            id_pertemuan: null,
            nomor: null,
            waktu_mulai: '2026-10-13T12:30:00.000Z',
            waktu_selesai: '2026-10-13T14:00:00.000Z',
            mata_kuliah: course,
            kelas,
            pengajar: [{ gelar_depan: null, nama_pengajar: 'Sari Wulandari', gelar_akademik: 'M.Ak.' }],
          },
        ],
      },
      bentrok_pengajar: {
        is_ignorable: false,
        data: [
          {
            id_dosen: 'd1',
            gelar_depan: 'Dr.',
            nama_pengajar: 'Budi Santoso',
            gelar_akademik: 'M.Kom.',
            sumber: 'pertemuan',
            id_pertemuan: 'm1',
            waktu_mulai: '2026-10-13T12:30:00.000Z',
            waktu_selesai: '2026-10-13T14:00:00.000Z',
            mata_kuliah: course,
            kelas,
          },
        ],
      },
      is_blocking: true,
    };
    render(<ClashResult result={result} timeZone="Asia/Jakarta" />);
    expect(screen.getByText('Bentrok ruangan (dapat diabaikan)')).toBeInTheDocument();
    expect(screen.getByText(/AK2102 Akuntansi Biaya \(01 Reguler\), jadwal mingguan/)).toBeInTheDocument();
    expect(screen.getByText('Bentrok pengajar')).toBeInTheDocument();
    expect(screen.queryByText(/pertemuan null/)).toBeNull();
  });
});
