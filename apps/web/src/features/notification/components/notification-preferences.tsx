import { Alert, Checkbox, Skeleton } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationChannelLabels,
  notificationChannels,
  notificationKindLabels,
  notificationKinds,
  type NotificationChannel,
  type NotificationKind,
} from '@lms/contract/notification.rules';
import type { NotificationPreference } from '@lms/contract/notification.schema';
import { useToasts } from '../../../components/toasts.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { notificationPreferencesQuery, saveNotificationPreferences } from '../api/notifications.ts';
import { PushDeviceSetting } from './push-device-setting.tsx';
import { ReminderLeadSetting } from './reminder-lead-setting.tsx';
import './notification-preferences.css';

/**
 * Pengaturan Notifikasi: each kind on each channel, saved as it is ticked (email goes as a digest, push
 * to the devices turned on below), and a student's reminder lead time.
 */
export function NotificationPreferences() {
  const { message } = useToasts();
  // Reminders go to students only: their lead time is theirs to choose.
  const student = useCurrentUser().role === 'mahasiswa';
  const queryClient = useQueryClient();
  const query = useQuery(notificationPreferencesQuery());
  const save = useMutation({
    mutationFn: (choice: NotificationPreference) => saveNotificationPreferences({ preferensi: [choice] }),
    onSuccess: (choices) => {
      queryClient.setQueryData(notificationPreferencesQuery().queryKey, choices);
      void message.success('Pengaturan notifikasi disimpan.');
    },
    onError: (error) => void message.error((error as Error).message),
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError)
    return <Alert type="error" showIcon message="Pengaturan notifikasi tidak dapat dimuat." />;
  const isOn = (jenis: NotificationKind, kanal: NotificationChannel) =>
    query.data.find((p) => p.jenis === jenis && p.kanal === kanal)?.aktif ?? false;

  return (
    <div className="notification-preferences">
      <p className="notification-preferences-intro">
        Pilih pemberitahuan yang ingin Anda terima. Notifikasi di aplikasi tampil pada ikon lonceng di bagian
        atas.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">Jenis</th>
            {notificationChannels.map((kanal) => (
              <th scope="col" key={kanal}>
                {notificationChannelLabels[kanal]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {notificationKinds.map((jenis) => (
            <tr key={jenis}>
              <th scope="row">{notificationKindLabels[jenis]}</th>
              {notificationChannels.map((kanal) => (
                <td key={kanal}>
                  <Checkbox
                    checked={isOn(jenis, kanal)}
                    disabled={save.isPending}
                    aria-label={`${notificationKindLabels[jenis]} lewat ${notificationChannelLabels[kanal]}`}
                    onChange={(event) => save.mutate({ jenis, kanal, aktif: event.target.checked })}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {student ? <ReminderLeadSetting /> : null}
      <PushDeviceSetting />
    </div>
  );
}
