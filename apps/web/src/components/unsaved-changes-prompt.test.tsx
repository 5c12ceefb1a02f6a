import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { unsavedChangesTexts, UnsavedChangesPrompt } from './unsaved-changes-prompt.tsx';

// The dialog's code (antd's Modal) loads when it first opens: slow in a cold test worker.
configure({ asyncUtilTimeout: 15_000 });

/** A page with a form that becomes dirty, a link away and a link that only changes its query string. */
function SettingsPage() {
  const [dirty, setDirty] = useState(false);
  const [params] = useSearchParams();
  return (
    <div>
      <h1>Pengaturan {params.get('tab') ?? ''}</h1>
      <button type="button" onClick={() => setDirty(true)}>
        Ubah
      </button>
      <button type="button" onClick={() => setDirty(false)}>
        Simpan
      </button>
      <Link to="/beranda">Beranda</Link>
      <Link to="/konfigurasi?tab=log">Tab Log</Link>
      <UnsavedChangesPrompt when={dirty} />
    </div>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/konfigurasi', element: <SettingsPage /> },
      { path: '/beranda', element: <h1>Halaman Beranda</h1> },
    ],
    { initialEntries: ['/konfigurasi'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Whether the page asked the browser to confirm closing or reloading the tab. */
function unloadIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('UnsavedChangesPrompt', { timeout: 60_000 }, () => {
  it('lets a clean page go without asking', async () => {
    const router = renderApp();
    expect(unloadIsQuestioned()).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Beranda' }));
    expect(await screen.findByRole('heading', { name: 'Halaman Beranda' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/beranda');
  });

  it('holds a navigation with unsaved changes until the user chooses to stay or leave', async () => {
    const router = renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Ubah' }));
    expect(unloadIsQuestioned()).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Beranda' }));
    const dialog = await screen.findByRole('dialog', { name: unsavedChangesTexts.title });
    expect(dialog).toHaveTextContent(unsavedChangesTexts.body);
    fireEvent.click(screen.getByRole('button', { name: unsavedChangesTexts.stay }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/konfigurasi'));
    expect(screen.getByRole('heading', { name: /Pengaturan/ })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Beranda' }));
    fireEvent.click(await screen.findByRole('button', { name: unsavedChangesTexts.leave }));
    expect(await screen.findByRole('heading', { name: 'Halaman Beranda' })).toBeInTheDocument();
  });

  it('lets a change of query string (another tab of the page) through, and asks nothing once saved', async () => {
    const router = renderApp();
    fireEvent.click(screen.getByRole('button', { name: 'Ubah' }));
    fireEvent.click(screen.getByRole('link', { name: 'Tab Log' }));
    expect(await screen.findByRole('heading', { name: 'Pengaturan log' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(unloadIsQuestioned()).toBe(false));
    fireEvent.click(screen.getByRole('link', { name: 'Beranda' }));
    expect(await screen.findByRole('heading', { name: 'Halaman Beranda' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/beranda');
  });
});
