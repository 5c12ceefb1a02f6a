import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { GroupMember } from '@lms/contract/task-group.schema';
import { GroupMemberItem } from './group-member-item.tsx';

const member = (jabatan: GroupMember['jabatan'], canDelete = true): GroupMember => ({
  mahasiswa: { id: 'm1', nama: 'Ani Lestari', nim: '2024010001', avatar_url: null },
  jabatan,
  canDelete,
});

function renderItem(m: GroupMember, options: { enabled?: boolean; canWrite?: boolean } = {}) {
  const handlers = { onMakeLeader: vi.fn(), onRemove: vi.fn() };
  render(
    <ul>
      <GroupMemberItem
        member={m}
        enabled={options.enabled ?? true}
        canWrite={options.canWrite ?? true}
        {...handlers}
      />
    </ul>,
  );
  return handlers;
}

describe('GroupMemberItem (spec 1 §2, spec 2 §2)', () => {
  it('shows name, student number and the Ketua tag for the leader', () => {
    renderItem(member('ketua'));
    expect(screen.getByText('Ani Lestari')).toBeInTheDocument();
    expect(screen.getByText('2024010001')).toBeInTheDocument();
    expect(screen.getByText('Ketua')).toBeInTheDocument();
  });

  it('offers Jadikan Ketua Kelompok and Hapus Anggota to a writer', async () => {
    const { onMakeLeader } = renderItem(member('anggota'));
    fireEvent.click(screen.getByRole('button', { name: 'Aksi Ani Lestari' }));
    fireEvent.click(await screen.findByText('Jadikan Ketua Kelompok'));
    expect(onMakeLeader).toHaveBeenCalledOnce();
    expect(screen.getByText('Hapus Anggota')).toBeInTheDocument();
  });

  it('hides the dropdown without write access or when disabled, and remove when canDelete is false', async () => {
    renderItem(member('anggota'), { canWrite: false });
    expect(screen.queryByRole('button', { name: 'Aksi Ani Lestari' })).toBeNull();
    renderItem(member('anggota'), { enabled: false });
    expect(screen.queryByRole('button', { name: 'Aksi Ani Lestari' })).toBeNull();
    renderItem(member('anggota', false));
    fireEvent.click(screen.getByRole('button', { name: 'Aksi Ani Lestari' }));
    expect(await screen.findByText('Jadikan Ketua Kelompok')).toBeInTheDocument();
    expect(screen.queryByText('Hapus Anggota')).toBeNull();
  });
});
