import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { ClassDetail } from '@lms/contract/class.schema';
import { avatarPlaceholderUrl } from '../../../components/user-avatar.tsx';
import { ClassParticipantsCard } from './class-participants-card.tsx';
import { ClassTeachersCard } from './class-teachers-card.tsx';

const access = {
  ubah_banner: false,
  ubah_kelas: false,
  ubah_ketua_kelas: false,
  ubah_jabatan: false,
  ubah_silabus: false,
  ubah_rps: false,
  ubah_pertemuan: false,
};

function student(n: number) {
  return {
    id: `s${n}`,
    nim: `20240100${n}`,
    nama: `Mahasiswa ${n}`,
    avatar_url: null,
    prodi: { nama: 'Informatika', jenjang: 'S1' },
    angkatan: 2024,
    jabatan: n === 1 ? ('ketua_kelas' as const) : ('Peserta' as const),
  };
}

function classWith(overrides: Partial<ClassDetail>): ClassDetail {
  return {
    peserta: [],
    pengajar: [],
    ketua_kelas_nim: null,
    akses: access,
    ...overrides,
  } as ClassDetail;
}

describe('Data Peserta and Data Pengajar cards', () => {
  it('shows the empty state of spec 1 §2 for a class without students', () => {
    render(<ClassParticipantsCard detail={classWith({})} onOpenMembers={vi.fn()} onChangeHead={vi.fn()} />);
    expect(screen.getByText('Ups! Data Kosong')).toBeInTheDocument();
    expect(screen.getByText('Tidak ada mahasiswa yang tersedia pada kelas ini.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ubah Ketua Kelas/ })).not.toBeInTheDocument();
  });

  it('stacks three avatars with +N, names the class head, and offers Ubah Ketua Kelas only when allowed', () => {
    const peserta = [1, 2, 3, 4, 5, 6].map(student);
    const { rerender } = render(
      <ClassParticipantsCard
        detail={classWith({ peserta, ketua_kelas_nim: '202401001' })}
        onOpenMembers={vi.fn()}
        onChangeHead={vi.fn()}
      />,
    );
    expect(screen.getByText('+3')).toBeInTheDocument();
    expect(screen.getByTestId('ketua-kelas')).toHaveTextContent('Mahasiswa 1');
    // Without photos every avatar is the placeholder image, never an icon (spec 1 §2).
    expect(screen.getByRole('img', { name: 'Mahasiswa 2' })).toHaveAttribute('src', avatarPlaceholderUrl);
    expect(screen.getByTestId('ketua-kelas').querySelector('img')).toHaveAttribute(
      'src',
      avatarPlaceholderUrl,
    );
    expect(screen.queryByRole('button', { name: /Ubah Ketua Kelas/ })).not.toBeInTheDocument();
    rerender(
      <ClassParticipantsCard
        detail={classWith({
          peserta,
          ketua_kelas_nim: '202401001',
          akses: { ...access, ubah_ketua_kelas: true },
        })}
        onOpenMembers={vi.fn()}
        onChangeHead={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: /Ubah Ketua Kelas/ })).toBeInTheDocument();
  });

  it('offers Ubah Jabatan only with the ubah_jabatan right', () => {
    const pengajar = [
      {
        id: 'd1',
        id_dosen: 'd1',
        nama: 'Dr. Budi Santoso, S.Kom.',
        nidn: '0401016060',
        prodi: null,
        jabatan: 'Dosen Koordinator',
        peran: 'koordinator' as const,
        is_utama: true,
        gelar_depan: 'Dr.',
        nama_pengajar: 'Budi Santoso',
        gelar_akademik: 'S.Kom.',
        avatar_url: null,
      },
    ];
    const { rerender } = render(
      <ClassTeachersCard detail={classWith({ pengajar })} onChangeRole={vi.fn()} />,
    );
    expect(screen.getByText('Dr. Budi Santoso, S.Kom.')).toBeInTheDocument();
    expect(screen.getByText('Dosen Koordinator')).toBeInTheDocument();
    expect(document.querySelector('img.user-avatar')).toHaveAttribute('src', avatarPlaceholderUrl);
    expect(screen.queryByRole('button', { name: /Ubah Jabatan/ })).not.toBeInTheDocument();
    rerender(
      <ClassTeachersCard
        detail={classWith({ pengajar, akses: { ...access, ubah_jabatan: true } })}
        onChangeRole={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: /Ubah Jabatan/ })).toBeInTheDocument();
  });
});
