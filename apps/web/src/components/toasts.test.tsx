import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook, screen, within } from '@testing-library/react';
import { ToastProvider, useToasts } from './toasts.tsx';

function renderToasts() {
  return renderHook(() => useToasts(), { wrapper: ToastProvider }).result.current;
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  // The list of toasts outlives a test's render: let every timed toast close while its stack is up.
  afterEach(() => {
    act(() => vi.runOnlyPendingTimers());
    vi.useRealTimers();
  });

  it('has empty live regions before any toast, for screen readers to watch', () => {
    renderToasts();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('shows a message for 3 s', () => {
    const { message } = renderToasts();
    act(() => message.success('Data berhasil disimpan'));
    expect(within(screen.getByRole('status')).getByText('Data berhasil disimpan')).toBeInTheDocument();
    advance(2_900);
    expect(screen.getByText('Data berhasil disimpan')).toBeInTheDocument();
    advance(100);
    expect(screen.queryByText('Data berhasil disimpan')).not.toBeInTheDocument();
  });

  it('keeps at most three messages, dropping the oldest', () => {
    const { message } = renderToasts();
    act(() => {
      message.success('Satu');
      message.error('Dua');
      message.success('Tiga');
      message.success('Empat');
    });
    expect(document.querySelectorAll('.toast-message')).toHaveLength(3);
    expect(screen.queryByText('Satu')).not.toBeInTheDocument();
    expect(screen.getByText('Empat')).toBeInTheDocument();
  });

  it('puts errors in the alert region and successes in the status region', () => {
    const { message, notification } = renderToasts();
    act(() => {
      message.error('Gagal menyimpan');
      notification.error({ title: 'Pengisian Data Belum Lengkap!', description: 'Judul wajib diisi' });
      notification.success({ title: 'Berhasil hapus file' });
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Gagal menyimpan')).toBeInTheDocument();
    expect(within(alert).getByText('Pengisian Data Belum Lengkap!')).toBeInTheDocument();
    expect(within(alert).getByText('Judul wajib diisi')).toBeInTheDocument();
    expect(within(screen.getByRole('status')).getByText('Berhasil hapus file')).toBeInTheDocument();
  });

  it('closes a notification after its duration in seconds, 4.5 s when none is given', () => {
    const { notification } = renderToasts();
    act(() => {
      notification.error({ title: 'Bawaan' });
      notification.error({ title: 'Lima detik', placement: 'bottom', duration: 5 });
    });
    advance(4_500);
    expect(screen.queryByText('Bawaan')).not.toBeInTheDocument();
    expect(screen.getByText('Lima detik')).toBeInTheDocument();
    advance(500);
    expect(screen.queryByText('Lima detik')).not.toBeInTheDocument();
  });

  it('keeps a notification with duration 0 until its Tutup button is clicked', () => {
    const { notification } = renderToasts();
    act(() => notification.error({ title: 'Tetap tampil', duration: 0 }));
    advance(60_000);
    const toast = screen.getByText('Tetap tampil').closest('.toast-notification') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: 'Tutup' }));
    expect(screen.queryByText('Tetap tampil')).not.toBeInTheDocument();
  });

  it('holds a toast while the pointer is on it', () => {
    const { message } = renderToasts();
    act(() => message.success('Dibaca pelan'));
    advance(2_000);
    fireEvent.mouseEnter(screen.getByText('Dibaca pelan').closest('.toast-message')!);
    advance(10_000);
    fireEvent.mouseLeave(screen.getByText('Dibaca pelan').closest('.toast-message')!);
    advance(900);
    expect(screen.getByText('Dibaca pelan')).toBeInTheDocument();
    advance(100);
    expect(screen.queryByText('Dibaca pelan')).not.toBeInTheDocument();
  });

  it('starts the next provider with an empty stack', () => {
    const first = renderHook(() => useToasts(), { wrapper: ToastProvider });
    act(() => first.result.current.notification.error({ title: 'Dari pohon lama', duration: 0 }));
    expect(within(screen.getByRole('alert')).getByText('Dari pohon lama')).toBeInTheDocument();
    first.unmount();
    renderToasts();
    expect(screen.queryByText('Dari pohon lama')).not.toBeInTheDocument();
  });
});
