import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render as renderUi, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** The dialog brings antd's provider, which reads the college's colour mode through the query cache. */
function render(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  return renderUi(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('ConfirmDialog', () => {
  it('is a 500 px delete popup when danger, and confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Hapus Pengumuman"
        onConfirm={onConfirm}
        onCancel={onCancel}
        danger
        confirmText="Hapus"
      >
        Yakin ingin menghapus?
      </ConfirmDialog>,
    );
    // The first opening imports antd's Modal and provider: slow in a cold test worker.
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(screen.getByText('Yakin ingin menghapus?')).toBeInTheDocument();
    const modal = dialog.closest('.ant-modal') as HTMLElement | null;
    expect(modal?.style.width).toBe('500px');
    expect(screen.getByRole('button', { name: 'Hapus' })).toHaveClass('ant-btn-dangerous');
    fireEvent.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('shows progress while a returned promise runs', async () => {
    let resolve!: () => void;
    const onConfirm = () => new Promise<void>((r) => (resolve = r));
    render(<ConfirmDialog open title="Simpan?" onConfirm={onConfirm} onCancel={() => {}} />);
    const ok = await screen.findByRole('button', { name: 'Ya' });
    // Not a deletion: the confirm width.
    expect((ok.closest('.ant-modal') as HTMLElement).style.width).toBe('400px');
    fireEvent.click(ok);
    await waitFor(() => expect(screen.getByRole('button', { name: /Ya/ })).toHaveClass('ant-btn-loading'));
    expect(screen.getByRole('button', { name: 'Batal' })).toBeDisabled();
    resolve();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Ya/ })).not.toHaveClass('ant-btn-loading'),
    );
  });
});
