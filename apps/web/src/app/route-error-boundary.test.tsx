import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, data, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notFoundHint, notFoundTitle, unmatchedRouteMessage } from '../components/status-page.tsx';
import { ApiError } from '../lib/api-error.ts';
import { readTokens, writeTokens } from '../lib/session/token-store.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';

/** Renders the boundary for a route whose loader throws `error`. */
function renderThrown(error: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        loader: () => {
          throw error;
        },
        Component: () => <p>halaman</p>,
        ErrorBoundary: RouteErrorBoundary,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: ['/alamat-yang-tidak-ada'] },
  );
  return render(<RouterProvider router={router} />);
}

afterEach(() => localStorage.clear());

describe('RouteErrorBoundary', () => {
  it('shows an unmatched route in Indonesian alone, with the ways back into the app', async () => {
    renderThrown(data(unmatchedRouteMessage, { status: 404, statusText: 'Not Found' }));
    expect(await screen.findByRole('heading', { name: notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(notFoundHint)).toBeInTheDocument();
    // Issue 45: the English 'This page could not be found' was the one sentence not in Indonesian.
    expect(screen.queryByText(/could not be found/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke Beranda' })).toHaveAttribute('href', '/beranda');
  });

  it('offers the previous page when the tab has one', async () => {
    window.history.pushState({}, '', '/sebelumnya');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    renderThrown(new ApiError('Kelas Tidak Ditemukan', 404, undefined, 'not_found'));
    fireEvent.click(await screen.findByRole('button', { name: 'Halaman Sebelumnya' }));
    expect(back).toHaveBeenCalledOnce();
    back.mockRestore();
  });

  it("shows 'Error {code}' and the server message for other codes, with a reload", async () => {
    renderThrown(new ApiError('Server Sedang Sibuk', 503, undefined, 'unavailable'));
    expect(await screen.findByRole('heading', { name: 'Error 503' })).toBeInTheDocument();
    expect(screen.getByText('Server Sedang Sibuk')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Muat Ulang' })).toBeInTheDocument();
    expect(screen.queryByText(notFoundTitle)).not.toBeInTheDocument();
  });

  it('ends the session on a 403 and offers signing in again', async () => {
    writeTokens({ accessToken: 'a', refreshToken: 'r', expiresAt: Date.now() + 60_000 }, 'sign-in');
    renderThrown(new ApiError('Akses Ditolak', 403, undefined, 'forbidden'));
    expect(await screen.findByRole('heading', { name: 'Error 403' })).toBeInTheDocument();
    expect(screen.getByText('Akses Ditolak')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Masuk Kembali' })).toHaveAttribute('href', '/login');
    // Spec 1 §4: a 403 on the error page also logs out (in an effect after the page drew: on a loaded
    // machine it can run after the heading was found).
    await waitFor(() => expect(readTokens()).toBeNull());
  });

  it('shows an unexpected failure as Error 500 with its message', async () => {
    renderThrown(new Error('Failed to fetch access restriction status'));
    expect(await screen.findByRole('heading', { name: 'Error 500' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch access restriction status')).toBeInTheDocument();
  });
});
