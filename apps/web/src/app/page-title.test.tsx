import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageTitleFrame } from './page-title.tsx';

/** A page that names itself, as the class detail page does with its course. */
function NamedPage() {
  useEffect(() => {
    document.title = 'Basis Data - LMS Mahasiswa';
  }, []);
  return <p>kelas</p>;
}

describe('PageTitleFrame', () => {
  it('titles every route by the shared rule, and a page that names itself keeps its name', async () => {
    const router = createMemoryRouter(
      [
        {
          Component: PageTitleFrame,
          children: [
            { path: 'beranda', element: <p>beranda</p> },
            { path: 'dev', element: <p>dev</p> },
            { path: 'kelas/:id', Component: NamedPage },
            {
              path: '*',
              loader: () => {
                throw new Response('This page could not be found', { status: 404 });
              },
              Component: () => null,
              ErrorBoundary: () => <p>404</p>,
            },
          ],
        },
      ],
      { initialEntries: ['/beranda'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('beranda');
    expect(document.title).toBe('Beranda - LMS Mahasiswa');

    await act(() => router.navigate('/alamat-salah'));
    await screen.findByText('404');
    expect(document.title).toBe('Alamat-salah - LMS Mahasiswa');

    await act(() => router.navigate('/dev'));
    expect(document.title).toBe('Dev - LMS Mahasiswa');

    await act(() => router.navigate('/kelas/IF2102'));
    await screen.findByText('kelas');
    expect(document.title).toBe('Basis Data - LMS Mahasiswa');
  });
});
