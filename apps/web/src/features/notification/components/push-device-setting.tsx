import { Alert, Button } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pushMessages } from '@lms/contract/notification-push.schema';
import { useToasts } from '../../../components/toasts.tsx';
import {
  disableDevicePush,
  enableDevicePush,
  fetchPushPublicKey,
  findDeviceSubscription,
  isPushSupported,
} from '../api/push-device.ts';

const deviceKey = ['notifications', 'push-device'] as const;

/**
 * Push on this device (browser or installed app): on asks permission and subscribes with the server's
 * key; off unsubscribes. Says plainly when the browser cannot, or the installation has no push keys.
 */
export function PushDeviceSetting() {
  const supported = isPushSupported();
  const { message } = useToasts();
  const queryClient = useQueryClient();
  const device = useQuery({
    queryKey: deviceKey,
    enabled: supported,
    queryFn: async () => {
      const [publicKey, subscription] = await Promise.all([fetchPushPublicKey(), findDeviceSubscription()]);
      return { publicKey, on: !!subscription };
    },
  });
  const change = useMutation({
    mutationFn: async (on: boolean) => {
      if (!on) return disableDevicePush().then(() => 'off' as const);
      return enableDevicePush(device.data!.publicKey!);
    },
    onSuccess: (result) => {
      if (result === 'denied') return void message.error(pushMessages.denied);
      if (result === 'unsupported') return void message.error(pushMessages.unsupported);
      void message.success(
        result === 'on' ? pushMessages.enabled : 'Notifikasi push dimatikan di perangkat ini.',
      );
      void queryClient.invalidateQueries({ queryKey: deviceKey });
    },
    onError: () => void message.error(pushMessages.failed),
  });

  let body;
  if (!supported) body = <Alert type="info" showIcon title={pushMessages.unsupported} />;
  else if (device.isPending) body = null;
  else if (device.isError) body = <Alert type="error" showIcon title={pushMessages.failed} />;
  else if (!device.data.publicKey) body = <Alert type="info" showIcon title={pushMessages.notConfigured} />;
  else if (device.data.on)
    body = (
      <div className="push-device-actions">
        <span>{pushMessages.enabled}</span>
        <Button loading={change.isPending} onClick={() => change.mutate(false)}>
          {pushMessages.disable}
        </Button>
      </div>
    );
  else
    body = (
      <Button type="primary" loading={change.isPending} onClick={() => change.mutate(true)}>
        {pushMessages.enable}
      </Button>
    );
  return (
    <section className="push-device-setting" aria-labelledby="push-device-title">
      <h3 id="push-device-title">Notifikasi push di perangkat ini</h3>
      {body}
    </section>
  );
}
