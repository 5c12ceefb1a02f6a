import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toasts.tsx';
import { PushDeviceSetting } from './push-device-setting.tsx';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('../../../lib/api-client.ts', () => ({ apiClient: api }));

configure({ asyncUtilTimeout: 10_000 });

const publicKey = 'BE5NZL8S7BBQkSLmCvgPj-ToaHzlpfdLIpAjkrA2-BnKD7H5zaal3Ym-Vwt7JOEjFuSrUZvuKKipkNhbIfbnGgc';
const subscriptionJson = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/perangkat-1',
  keys: { p256dh: publicKey, auth: 'YQJMuRJZrrF1e4hjqDQDOw' },
};

/** A browser with a service worker and push: the subscription it holds, and what it was asked. */
function stubPushBrowser(permission: NotificationPermission = 'granted') {
  let current: PushSubscription | null = null;
  const made = {
    endpoint: subscriptionJson.endpoint,
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  } as unknown as PushSubscription;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = made;
      return made;
    }),
  };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ pushManager })) },
  });
  return { pushManager, made };
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <PushDeviceSetting />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  api.delete.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushDeviceSetting (issue 44)', () => {
  it('says so when the browser cannot take push, asking the server nothing', () => {
    show();
    expect(screen.getByText('Browser ini tidak mendukung notifikasi push.')).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('says so when the server has no push keys', async () => {
    stubPushBrowser();
    api.get.mockResolvedValue({ data: { data: { kunci_publik: null } } });
    show();
    expect(await screen.findByText('Notifikasi push belum disiapkan oleh kampus.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('turns push on with permission and the server key, posts the subscription, then turns it off', async () => {
    const { pushManager, made } = stubPushBrowser();
    api.get.mockResolvedValue({ data: { data: { kunci_publik: publicKey } } });
    api.post.mockResolvedValue({ data: { data: { perangkat: 1 } } });
    api.delete.mockResolvedValue({ data: { data: { dihapus: true } } });
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Aktifkan notifikasi push di perangkat ini' }),
    );
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/v2/lms/notifikasi/push/langganan', subscriptionJson),
    );
    const options = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect((options[0].applicationServerKey as Uint8Array).length).toBe(65);
    await userEvent.click(await screen.findByRole('button', { name: 'Matikan di perangkat ini' }));
    await waitFor(() => expect(made.unsubscribe).toHaveBeenCalled());
    expect(api.delete).toHaveBeenCalledWith(
      `/v2/lms/notifikasi/push/langganan?endpoint=${encodeURIComponent(subscriptionJson.endpoint)}`,
    );
    expect(
      await screen.findByRole('button', { name: 'Aktifkan notifikasi push di perangkat ini' }),
    ).toBeInTheDocument();
  });

  it('tells the user when they refused the permission, sending nothing', async () => {
    stubPushBrowser('denied');
    api.get.mockResolvedValue({ data: { data: { kunci_publik: publicKey } } });
    show();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Aktifkan notifikasi push di perangkat ini' }),
    );
    expect(await screen.findByText(/Izin notifikasi ditolak/)).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });
});
