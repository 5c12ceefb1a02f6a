import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@lms/contract/auth.schema';
import { ApiError } from '../lib/api-error.ts';
import { useCurrentUser } from '../lib/queries/get-current-user.ts';
import { queryClient } from '../lib/query-client.ts';
import { expireSession, writeTokens } from '../lib/session/token-store.ts';
import { accessRestrictionMiddleware, authMiddleware } from './middleware.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { lastKnownUser, rememberLastUser } from './offline-session.ts';
import { SessionWatcher } from './session-watcher.tsx';

// Only the HTTP layer is stood in for: the middleware, the query cache and the session are the app's.
const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../lib/api-client.ts', () => ({ apiClient: api }));

/** An unsigned token naming `sub` (the app reads, never verifies, its claims). */
const tokenOf = (sub: string) => `x.${btoa(JSON.stringify({ sub, role: 'mahasiswa' }))}.y`;
const signInAs = (sub: string) =>
  writeTokens({ accessToken: tokenOf(sub), refreshToken: 'r', expiresAt: Date.now() + 3_600_000 }, 'sign-in');
const student = { id: 'mhs-1', nama: 'Siti Aminah', role: 'mahasiswa' } as UserInfo;
const networkError = new ApiError('Network Error', undefined, 'Network Error', undefined);

function Page() {
  return <p>Beranda {useCurrentUser().nama}</p>;
}

function SignIn() {
  return <p>Masuk {useLocation().search}</p>;
}

/** The app's guard chain (auth, access restriction) in front of one page, and the sign-in page. */
function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: SignIn },
      {
        middleware: [authMiddleware, accessRestrictionMiddleware],
        HydrateFallback: () => null,
        ErrorBoundary: () => <p>Galat</p>,
        children: [{ path: '/beranda', Component: Page }],
      },
    ],
    { initialEntries: ['/beranda'] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

beforeEach(() => {
  queryClient.clear();
  api.get.mockReset();
});

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the app opened without a connection (issue 44 §4)', () => {
  it('opens with the last user the server named for this session when the browser is offline', async () => {
    signInAs(student.id);
    rememberLastUser({ accessToken: tokenOf(student.id), refreshToken: 'r', expiresAt: 0 }, student);
    setOnline(false);
    api.get.mockRejectedValue(networkError);
    renderApp();
    expect(await screen.findByText('Beranda Siti Aminah')).toBeInTheDocument();
  });

  it('falls back to the stored user when the request gets no answer, and remembers each answer', async () => {
    signInAs(student.id);
    api.get.mockResolvedValueOnce({ data: { data: student } });
    api.get.mockResolvedValue({ data: { data: {} } });
    const first = renderApp();
    expect(await screen.findByText('Beranda Siti Aminah')).toBeInTheDocument();
    first.unmount();
    expect(lastKnownUser({ accessToken: tokenOf(student.id), refreshToken: 'r', expiresAt: 0 })).toEqual(
      student,
    );

    queryClient.clear();
    api.get.mockReset().mockRejectedValue(networkError);
    renderApp();
    expect(await screen.findByText('Beranda Siti Aminah', {}, { timeout: 8000 })).toBeInTheDocument();
  }, 10_000);

  it('sends a 401 to sign in, stored user or not', async () => {
    signInAs(student.id);
    rememberLastUser({ accessToken: tokenOf(student.id), refreshToken: 'r', expiresAt: 0 }, student);
    api.get.mockImplementation(async () => {
      // What the api client does on a 401: the session ends, then the error is thrown.
      expireSession();
      throw new ApiError('Unauthorized', 401, undefined, undefined);
    });
    renderApp();
    expect(await screen.findByText(/^Masuk \?redirect=%2Fberanda/)).toBeInTheDocument();
    expect(screen.queryByText(/Beranda Siti/)).not.toBeInTheDocument();
  });

  it('forgets the stored user when the session ends', async () => {
    signInAs(student.id);
    const tokens = { accessToken: tokenOf(student.id), refreshToken: 'r', expiresAt: 0 };
    rememberLastUser(tokens, student);
    const router = createMemoryRouter([{ path: '*', Component: () => null }]);
    render(<SessionWatcher router={router} />);
    expireSession();
    expect(lastKnownUser(tokens)).toBeNull();
  });

  it('never opens as another account’s stored user', async () => {
    rememberLastUser(
      { accessToken: tokenOf('mhs-lain'), refreshToken: 'r', expiresAt: 0 },
      {
        ...student,
        id: 'mhs-lain',
        nama: 'Akun Lain',
      },
    );
    signInAs(student.id);
    setOnline(false);
    api.get.mockRejectedValue(networkError);
    renderApp();
    expect(await screen.findByText('Galat', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText(/Akun Lain/)).not.toBeInTheDocument();
  }, 10_000);
});

describe('a page that needs the server, offline', () => {
  it('says so kindly and leads to the kept materials instead of an error page', async () => {
    setOnline(false);
    const router = createMemoryRouter(
      [
        {
          path: '*',
          loader: () => {
            throw networkError;
          },
          Component: () => <p>halaman</p>,
          ErrorBoundary: RouteErrorBoundary,
          HydrateFallback: () => null,
        },
      ],
      { initialEntries: ['/nilai'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'Halaman ini memerlukan koneksi' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Error/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buka Materi Tersimpan' })).toHaveAttribute(
      'href',
      '/materi-tersimpan',
    );
  });
});
