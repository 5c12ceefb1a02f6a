import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { recapFilterKeys, type RecapFilterKey } from '@lms/contract/grade.rules';
import type { GradeRecap } from '@lms/contract/grade.schema';
import {
  activityLink,
  componentHint,
  GradeRecapLegend,
  GradeRecapTable,
  noActivityChosen,
} from './grade-recap-table.tsx';

const activity = (
  id: string,
  kind: 'tugas' | 'ujian' | 'forum',
  jenis: 'tugas' | 'uts' | 'forum',
  label: string,
) => ({
  aktivitas: { id, kind, content_id: `c-${id}`, jenis, label },
  id_pertemuan: 'm1',
  label_pertemuan: 'Pertemuan 1',
  status_nilai: 'sudah_dinilai' as const,
});

const recap: GradeRecap = {
  kelas: {
    id: 'K1',
    periode: 20261,
    mata_kuliah: { id: 'IF', kode: 'IF2102', nama: 'Basis Data' },
    kelas: { nama: '01', jenis: { nama: 'Reguler' } },
    kampus: null,
    mode: 'online',
    is_nilai_dikunci: false,
  },
  header_aktivitas: [activity('a1', 'tugas', 'tugas', 'Tugas 1'), activity('a2', 'ujian', 'uts', 'UTS')],
  header_rerata: [{ jenis: 'tugas', label: 'Rata-rata Tugas' }],
  header_sikad: [
    {
      id: 'k1',
      jenis: 'tugas',
      label: 'Tugas',
      bobot: 40,
      waktu_entri_nilai_start: null,
      waktu_entri_nilai_end: null,
      aktivitas: ['a1'],
    },
    {
      id: 'k0',
      jenis: 'hadir',
      label: 'Kehadiran',
      bobot: 0,
      waktu_entri_nilai_start: null,
      waktu_entri_nilai_end: null,
      aktivitas: [],
    },
  ],
  nilai_mahasiswa: [
    {
      mahasiswa: { id_user: 's1', nama: 'Ani', nim: '001' },
      nilai_pertemuan: [
        { aktivitas: 'a1', nilai: 80 },
        { aktivitas: 'a2', nilai: -1.618 },
      ],
      rata_rata_lms: [{ jenis: 'tugas', rata_rata: 80 }],
      nilai_sikad: [
        { komponen: { id: 'k1', bobot: 40 }, nilai: 80, nilai_di_sikad: 70, update_by_sikad: true },
        { komponen: { id: 'k0', bobot: 0 }, nilai: -1.618, nilai_di_sikad: -1.618, update_by_sikad: false },
      ],
    },
  ],
  waktu_entri_nilai: { start: null, end: null },
  zona_waktu: 'WIB',
  akses: { kirim: true, atur_komponen: true, baca_kelas: true, pesan: null, nada: null },
};

const all = Object.fromEntries(recapFilterKeys.map((k) => [k, true])) as Record<RecapFilterKey, boolean>;

// antd tables render slowly in jsdom on a busy machine.
describe('the recap table', { timeout: 30_000 }, () => {
  it('links activity headers as spec 3 §2 lists them', () => {
    const [tugas, uts] = recap.header_aktivitas as [
      GradeRecap['header_aktivitas'][number],
      GradeRecap['header_aktivitas'][number],
    ];
    expect(activityLink('K1', tugas, 'dosen')).toBe('/kelas/K1/tugas/c-a1?tab=submission&ref=nilai');
    expect(activityLink('K1', uts, 'dosen')).toBe('/kelas/K1/ujian/c-a2?tab=hasil&from=nilai');
    const forum = activity('f1', 'forum', 'forum', 'Forum');
    expect(activityLink('K1', forum, 'operator')).toBe('/kelas/K1?back=forum');
    expect(activityLink('K1', forum, 'dosen')).toBe('/forum?groupId=K1&forumId=FORUM__c-f1&ref=nilai');
  });

  it('shows 2 decimals and "-", and component headers that open the modal', () => {
    const onComponent = vi.fn();
    render(
      <MemoryRouter>
        <GradeRecapTable recap={recap} shown={all} role="dosen" onComponent={onComponent} />
      </MemoryRouter>,
    );
    const row = screen.getByText('Ani').closest('tr')!;
    expect(within(row).getAllByText('80.00').length).toBe(3);
    expect(within(row).getAllByText('-').length).toBe(2);
    expect(screen.getByRole('link', { name: 'Tugas: Tugas 1' })).toHaveAttribute(
      'href',
      '/kelas/K1/tugas/c-a1?tab=submission&ref=nilai',
    );
    // Label in name (WCAG 2.5.3): the accessible name begins with the header's visible text.
    const header = screen.getByRole('button', { name: 'Tugas (40%) — pilih aktivitas' });
    expect(header.getAttribute('aria-label')?.startsWith(header.textContent ?? '?')).toBe(true);
    header.click();
    expect(onComponent).toHaveBeenCalledWith(recap.header_sikad[0]);
  });

  it('says that a component header chooses its activities, and marks a component with none chosen', () => {
    render(
      <MemoryRouter>
        <GradeRecapTable recap={recap} shown={all} role="dosen" onComponent={vi.fn()} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('component-hint')).toHaveTextContent(
      "Klik judul kolom komponen Siakad, mis. 'Tugas (40%)', untuk memilih aktivitas yang dihitung.",
    );
    expect(componentHint({ label: 'UTS', bobot: 30 })).toContain("'UTS (30%)'");
    // Kehadiran has none chosen, Tugas has one.
    expect(screen.getAllByText(noActivityChosen)).toHaveLength(1);
    const header = screen.getByRole('button', { name: 'Kehadiran (0%) — pilih aktivitas' }).closest('th')!;
    expect(within(header).getByText(noActivityChosen)).toBeInTheDocument();
  });

  it('gives no hint to who may not choose activities', () => {
    render(
      <MemoryRouter>
        <GradeRecapTable recap={recap} shown={all} role="operator" />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('component-hint')).toBeNull();
    expect(screen.queryByText(noActivityChosen)).toBeNull();
  });

  it('hides types and components by the Tampilkan boxes', () => {
    render(
      <MemoryRouter>
        <GradeRecapTable recap={recap} shown={{ ...all, uts: false, sikad_sama_0: false }} role="operator" />
      </MemoryRouter>,
    );
    expect(screen.queryByText('UTS: UTS')).toBeNull();
    expect(screen.queryByText('Kehadiran (0%)')).toBeNull();
    expect(screen.getByText('Tugas (40%)')).toBeInTheDocument();
  });

  it('says which average counts what: LMS only what has ended or is graded, SIAKAD every chosen activity', () => {
    render(<GradeRecapLegend />);
    expect(
      screen.getByText(/Rata-rata LMS = rata-rata aktivitas yang sudah berakhir atau sudah dinilai/),
    ).toHaveTextContent(
      'Nilai komponen Siakad = rata-rata semua aktivitas yang dipilih; aktivitas tanpa nilai dihitung 0.',
    );
  });
});
