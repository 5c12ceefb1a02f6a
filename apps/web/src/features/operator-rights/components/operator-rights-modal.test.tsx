import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { completePermissions, operatorRightsMessages } from '@lms/contract/operator-rights.rules';
import type { OperatorRights } from '@lms/contract/operator-rights.schema';
import { ToastProvider } from '../../../components/toasts.tsx';
import { OperatorRightsModal } from './operator-rights-modal.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

// antd's modal renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

const other: OperatorRights = {
  id: '6f1c1f0e-7a0b-4c39-9d55-2f0f3d1a9b01',
  username: 'op.lain',
  nama: 'Operator Lain',
  is_active: true,
  hak_akses: completePermissions({ data_master: 'read' }),
  lingkup: null,
};
const ownId = '6f1c1f0e-7a0b-4c39-9d55-2f0f3d1a9b02';

beforeEach(() => {
  api.put.mockReset();
});

function renderModal(operator: OperatorRights, ownScope: string | null) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <OperatorRightsModal
          operator={operator}
          ownId={ownId}
          ownPermissions={completePermissions({ data_sistem: 'write', data_master: 'write' })}
          ownScope={ownScope}
          canWrite
          onClose={() => {}}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('Hak Akses Operator LMS › Lingkup', { timeout: 60_000 }, () => {
  it('sends a changed scope, and only when it changed', async () => {
    api.put.mockResolvedValue({ data: { data: { ...other, lingkup: 'P:TI' } } });
    renderModal(other, null);
    fireEvent.change(await screen.findByLabelText('Lingkup'), { target: { value: ' P:TI ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(api.put.mock.calls[0]![1]).toEqual({ hak_akses: {}, is_active: true, lingkup: 'P:TI' });
  });

  it('lets only a privileged operator give a privileged scope', async () => {
    renderModal(other, null);
    expect(
      await screen.findByText('Lingkup A:T dan A:B hanya dapat diatur oleh operator berlingkup istimewa.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Lingkup'), { target: { value: 'A:T' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(operatorRightsMessages.privilegedScope)).toBeInTheDocument();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('a privileged operator gives one', async () => {
    api.put.mockResolvedValue({ data: { data: { ...other, lingkup: 'A:B' } } });
    renderModal(other, 'A:T');
    fireEvent.change(await screen.findByLabelText('Lingkup'), { target: { value: 'A:B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    expect(api.put.mock.calls[0]![1]).toMatchObject({ lingkup: 'A:B' });
  });

  it("cannot change a privileged operator's scope without being privileged", async () => {
    renderModal({ ...other, lingkup: 'A:T' }, null);
    expect(await screen.findByLabelText('Lingkup')).toBeDisabled();
    expect(screen.getByLabelText('Lingkup')).toHaveValue('A:T');
  });

  it("keeps one's own scope", async () => {
    renderModal({ ...other, id: ownId, lingkup: 'A:T' }, 'A:T');
    expect(await screen.findByLabelText('Lingkup')).toBeDisabled();
    expect(screen.getByText('Lingkup akun Anda sendiri tidak dapat diubah.')).toBeInTheDocument();
  });
});
