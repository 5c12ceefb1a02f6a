import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@lms/contract/auth.schema';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { currentUserQuery } from '../lib/queries/get-current-user.ts';
import { MeetingContentList, type ContentFormState } from './meeting-content-list.tsx';
import { ToastProvider } from './toasts.tsx';

interface Item {
  id: string;
  judul: string;
  akses: { ubah: boolean; hapus: boolean };
}

const meeting = (ubah: boolean) =>
  ({
    id: 'pertemuan-1',
    nomor: 3,
    kelas_kuliah: { id: 'kelas-1' },
    waktu_mulai: '2026-11-30T01:00:00Z',
    waktu_selesai: '2026-11-30T03:00:00Z',
    time_zone: 'Asia/Jakarta',
    akses: { ubah },
  }) as unknown as MeetingDetail;

const user = (role: UserInfo['role']) => ({ id: 'u', username: 'u', nama: 'U', role }) as UserInfo;

function renderList({ ubah, role, items }: { ubah: boolean; role: UserInfo['role']; items: Item[] }) {
  const form = vi.fn((state: ContentFormState<Item>) => (
    <div data-testid="form">{state.open ? `open:${state.item?.judul ?? 'baru'}` : 'closed'}</div>
  ));
  const client = new QueryClient();
  client.setQueryData(currentUserQuery.queryKey, user(role));
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MeetingContentList
          meeting={meeting(ubah)}
          list={{ data: items, isError: false }}
          name="Forum"
          noun="forum"
          card={(item, actions) => (
            <div data-testid="card">
              {item.judul}
              {actions.onEdit ? <button onClick={actions.onEdit}>Ubah {item.judul}</button> : null}
              {actions.onDelete ? <button onClick={actions.onDelete}>Hapus {item.judul}</button> : null}
            </div>
          )}
          form={form}
          deletable={(item) => item.akses.hapus}
          remove={{ mutateAsync: vi.fn() }}
          deleteText={(item) => `Hapus ${item.judul}?`}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return form;
}

describe('MeetingContentList', () => {
  it("offers adding, and each card's edit and delete as its akses allows, to those who edit the meeting", () => {
    const form = renderList({
      ubah: true,
      role: 'dosen',
      items: [
        { id: 'a', judul: 'Satu', akses: { ubah: true, hapus: false } },
        { id: 'b', judul: 'Dua', akses: { ubah: false, hapus: true } },
      ],
    });
    expect(screen.getAllByTestId('card')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Ubah Satu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hapus Satu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ubah Dua' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hapus Dua' })).toBeInTheDocument();
    expect(screen.getByTestId('form')).toHaveTextContent('closed');

    fireEvent.click(screen.getByRole('button', { name: /Tambah Forum/ }));
    expect(screen.getByTestId('form')).toHaveTextContent('open:baru');
    // A lecturer adds to the meeting they are on.
    expect(form.mock.lastCall![0].meeting).toEqual({
      id: 'pertemuan-1',
      nomor: 3,
      kelasId: 'kelas-1',
      waktu_mulai: '2026-11-30T01:00:00Z',
      waktu_selesai: '2026-11-30T03:00:00Z',
      timeZone: 'Asia/Jakarta',
      fixed: true,
    });
    form.mock.lastCall![0].onClose();
    fireEvent.click(screen.getByRole('button', { name: 'Ubah Satu' }));
    expect(screen.getByTestId('form')).toHaveTextContent('open:Satu');
  });

  it('lets operators pick the meeting in the form', () => {
    const form = renderList({ ubah: true, role: 'operator', items: [] });
    expect(form.mock.lastCall![0].meeting.fixed).toBe(false);
  });

  it('shows readers the empty line, without adding or a form', () => {
    const form = renderList({ ubah: false, role: 'mahasiswa', items: [] });
    expect(screen.getByText('Belum ada forum pada pertemuan ini.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tambah Forum/ })).not.toBeInTheDocument();
    expect(form).not.toHaveBeenCalled();
  });
});
