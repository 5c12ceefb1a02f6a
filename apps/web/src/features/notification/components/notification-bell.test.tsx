import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUnreadFromEvent } from '../api/unread-count-store.ts';
import { NotificationBell } from './notification-bell.tsx';

describe('NotificationBell', () => {
  it('shows the count the events stream tells, with no request of its own', () => {
    render(<NotificationBell />);
    expect(screen.getByRole('button', { name: 'Notifikasi' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).toBeNull();
    act(() => setUnreadFromEvent({ belum_dibaca: 3 }));
    expect(screen.getByRole('button', { name: 'Notifikasi, 3 belum dibaca' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('3');
    act(() => setUnreadFromEvent({ belum_dibaca: 120 }));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+');
    // Data it does not understand leaves the count as it was.
    act(() => setUnreadFromEvent('rusak'));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+');
    act(() => setUnreadFromEvent({ belum_dibaca: 0 }));
    expect(screen.queryByTestId('notification-badge')).toBeNull();
  });
});
