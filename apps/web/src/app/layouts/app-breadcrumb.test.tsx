import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useParams, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useCrumbLabel, type RouteHandle } from '../../components/route-handle.ts';
import { AppBreadcrumb } from './app-breadcrumb.tsx';

function Shell() {
  return (
    <>
      <AppBreadcrumb />
      <Outlet />
    </>
  );
}

/** A class page that names its crumb with the course, as a feature page does once its data loaded. */
function ClassPage() {
  useCrumbLabel('Basis Data');
  return <p>kelas</p>;
}

/** A meeting page that names its class's crumb. */
function MeetingPage() {
  useCrumbLabel('Basis Data', '/kelas/IF2102');
  return <p>pertemuan</p>;
}

const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: 'beranda', handle: { title: 'Beranda' } satisfies RouteHandle, element: <p>beranda</p> },
      {
        path: 'kelas',
        handle: { title: 'Kelas Kuliah' } satisfies RouteHandle,
        children: [
          { index: true, element: <p>daftar</p> },
          {
            path: ':id',
            handle: { title: 'Detail Kelas' } satisfies RouteHandle,
            children: [
              { index: true, element: <ClassPage /> },
              {
                path: 'profil',
                handle: { title: 'Profil Kelas' } satisfies RouteHandle,
                element: <p>profil</p>,
              },
              {
                path: ':meetingId',
                handle: { title: 'Pertemuan' } satisfies RouteHandle,
                element: <MeetingPage />,
              },
            ],
          },
        ],
      },
    ],
  },
];

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, breadcrumb: screen.getByRole('navigation', { name: 'Breadcrumb' }) };
}

/** The crumbs as text with where each links to ('' for the current page). */
function crumbs(breadcrumb: HTMLElement): string[] {
  return within(breadcrumb)
    .getAllByRole('listitem')
    .map((item) => {
      const link = item.querySelector('a');
      const text = link?.getAttribute('aria-label') ?? item.textContent ?? '';
      return `${text} ${link?.getAttribute('href') ?? ''}`.trim();
    });
}

describe('AppBreadcrumb', () => {
  it('shows only the home icon on /beranda, as the current page', async () => {
    const { breadcrumb } = renderAt('/beranda');
    await screen.findByText('beranda');
    expect(crumbs(breadcrumb)).toEqual(['Beranda /beranda']);
    expect(within(breadcrumb).getByRole('link', { name: 'Beranda' })).toHaveAttribute('aria-current', 'page');
  });

  it('chains every level with cumulative links; the page itself is not a link', async () => {
    const { breadcrumb } = renderAt('/kelas/IF2102/pertemuan-1');
    await screen.findByText('pertemuan');
    expect(crumbs(breadcrumb)).toEqual([
      'Beranda /beranda',
      'Kelas Kuliah /kelas',
      // Named by the meeting page; the route's own title is 'Detail Kelas'.
      'Basis Data /kelas/IF2102',
      'Pertemuan',
    ]);
    expect(within(breadcrumb).getByText('Pertemuan')).toHaveAttribute('aria-current', 'page');
  });

  it('uses the label a page gives its own crumb, and the title again once the page is gone', async () => {
    const { router, breadcrumb } = renderAt('/kelas/IF2102');
    await screen.findByText('kelas');
    expect(crumbs(breadcrumb)).toEqual(['Beranda /beranda', 'Kelas Kuliah /kelas', 'Basis Data']);

    await act(() => router.navigate('/kelas/IF2102/profil'));
    await screen.findByText('profil');
    expect(crumbs(breadcrumb)).toEqual([
      'Beranda /beranda',
      'Kelas Kuliah /kelas',
      'Detail Kelas /kelas/IF2102',
      'Profil Kelas',
    ]);

    await act(() => router.navigate('/kelas'));
    await screen.findByText('daftar');
    expect(crumbs(breadcrumb)).toEqual(['Beranda /beranda', 'Kelas Kuliah']);
  });

  it('matches an id that needs encoding, given encoded (as pages build links) or from the address', async () => {
    function EncodedParent() {
      const { id = '' } = useParams();
      useCrumbLabel('Basis Data A', `/kelas/${encodeURIComponent(id)}`);
      useCrumbLabel('Pertemuan 1');
      return <p>encoded</p>;
    }
    const router = createMemoryRouter(
      [
        {
          element: <Shell />,
          children: [
            {
              path: 'kelas/:id',
              handle: { title: 'Detail Kelas' } satisfies RouteHandle,
              children: [
                {
                  path: ':meetingId',
                  handle: { title: 'Pertemuan' } satisfies RouteHandle,
                  element: <EncodedParent />,
                },
              ],
            },
          ],
        },
      ],
      { initialEntries: [`/kelas/${encodeURIComponent('TI 01/A')}/p%201`] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('encoded');
    const labels = crumbs(screen.getByRole('navigation', { name: 'Breadcrumb' })).map((c) =>
      c.replace(/ \/.*$/, ''),
    );
    expect(labels).toEqual(['Beranda', 'Basis Data A', 'Pertemuan 1']);
  });
});
