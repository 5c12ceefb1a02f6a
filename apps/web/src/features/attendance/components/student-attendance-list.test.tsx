import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { MeetingAttendance, StudentAttendanceRow } from '@lms/contract/attendance.schema';
import { StudentAttendanceList, type DraftMark } from './student-attendance-list.tsx';

const rows: StudentAttendanceRow[] = Array.from({ length: 12 }, (_, i) => ({
  mahasiswa: {
    id_user: `u${i}`,
    nim: `20230100${String(i + 1).padStart(2, '0')}`,
    nama: `Mhs ${i + 1}`,
    avatar_url: null,
  },
  presensi: null,
  ada_presensi: false,
  is_hadir: false,
  is_qr_code: false,
  sistem: false,
  progress: { overall: 0 },
  updated_by: null,
  updated_at: null,
}));
const attendance = {
  mahasiswa: rows,
  dihitung_sistem: false,
  presentase_progress_minimal_persen: 60,
} as unknown as MeetingAttendance;

function renderList(draft: Record<string, DraftMark> | null) {
  return render(
    <StudentAttendanceList
      attendance={attendance}
      timeZone="Asia/Jakarta"
      draft={draft}
      offered={['H', 'A']}
      onChange={vi.fn()}
      onDetail={vi.fn()}
    />,
  );
}

const numbers = () =>
  Array.from(document.querySelectorAll('tr[data-nim]')).map((tr) => tr.querySelector('td')?.textContent);

describe('StudentAttendanceList (issue 45)', () => {
  it('pages in view mode with numbers running on across pages', () => {
    renderList(null);
    expect(numbers()).toHaveLength(10);
    fireEvent.click(screen.getByTitle('2'));
    expect(numbers()).toEqual(['11', '12']);
  });

  it('shows every row in edit mode, an unchosen row with no mark selected', () => {
    const draft = Object.fromEntries(
      rows.map((r) => [r.mahasiswa.nim, { presensi: null, ada_presensi: true }] as const),
    );
    renderList(draft);
    expect(numbers()).toHaveLength(12);
    const group = screen.getByRole('radiogroup', { name: `Kehadiran ${rows[11]!.mahasiswa.nim}` });
    for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked();
  });
});
