import { useState } from 'react';
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { calendarFeedRoles } from '@lms/contract/calendar-feed.rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { currentUserQuery } from '../../../lib/queries/get-current-user.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useCalendarFeed, useIssueCalendarFeed } from '../api/calendar-feed.ts';

/** Copies text; falls back to selecting a field and `execCommand` where the Clipboard API is missing. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return document.execCommand?.('copy') ?? false;
  }
}

function Explanation() {
  return (
    <>
      <Typography.Paragraph>
        Tambahkan pertemuan, ujian, batas tugas dan vidcon kelas Anda ke Google Calendar atau kalender ponsel.
        Kalender yang berlangganan diperbarui sendiri.
      </Typography.Paragraph>
      <ul style={{ paddingInlineStart: 20, marginBottom: 12 }}>
        <li>
          <Typography.Text strong>Google Calendar</Typography.Text>: di komputer, buka Kalender lain › tanda
          tambah › <Typography.Text strong>Tambah dari URL</Typography.Text>, lalu tempel tautan.
        </li>
        <li>
          <Typography.Text strong>iPhone</Typography.Text>: Pengaturan › Kalender › Akun › Tambah Akun ›
          Lainnya › <Typography.Text strong>Tambah Langganan</Typography.Text> Kalender, lalu tempel tautan.
        </li>
      </ul>
      <Typography.Paragraph type="secondary">
        Jaga kerahasiaan tautan ini: siapa pun yang memilikinya dapat melihat jadwal kelas Anda.
      </Typography.Paragraph>
    </>
  );
}

/**
 * Kalender › Langganan kalender: a private iCal URL for Google Calendar and phone calendars. Only the
 * token's hash is stored, so the full URL shows once, when made or reset; Atur ulang tautan replaces it
 * and the old one stops working at once.
 */
export function CalendarFeedCard({ acting }: { acting: boolean }) {
  const { message } = useToasts();
  const timeZone = useTimeZone();
  const role = useQuery(currentUserQuery).data?.role;
  const hasFeed = !!role && (calendarFeedRoles as readonly string[]).includes(role);
  const feed = useCalendarFeed(hasFeed);
  const issue = useIssueCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const [field, setField] = useState<HTMLInputElement | null>(null);

  if (!hasFeed) return null;
  const data = feed.data;

  const run = async (reset: boolean) => {
    try {
      await issue.mutateAsync(reset);
      setConfirming(false);
      if (reset) void message.success('Tautan baru dibuat. Tautan lama tidak berlaku lagi.');
    } catch (error) {
      void message.error((error as Error).message);
      throw error;
    }
  };

  return (
    <Card title="Kalender">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Langganan kalender
      </Typography.Title>
      <Explanation />
      {!data ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : acting ? (
        <Alert type="info" showIcon message="Tautan kalender tidak dapat dibuat saat Login Akun Lain." />
      ) : data.tautan ? (
        <>
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8 }}>
            <Input
              readOnly
              value={data.tautan}
              aria-label="Tautan kalender"
              ref={(input) => setField(input?.input ?? null)}
              onFocus={(event) => event.target.select()}
              style={{ flex: '1 1 220px', minWidth: 0 }}
            />
            <Button
              type="primary"
              icon={<CopyOutlined />}
              onClick={async () => {
                const copied = await copyText(data.tautan!, field);
                if (copied) void message.success('Tautan disalin.');
                else void message.error('Tautan tidak dapat disalin. Salin dari kotak di samping.');
              }}
            >
              Salin tautan
            </Button>
          </div>
          <Typography.Paragraph type="warning">
            Simpan tautan ini sekarang: demi keamanan, tautan lengkap hanya ditampilkan sekali.
          </Typography.Paragraph>
        </>
      ) : data.aktif ? (
        <Typography.Paragraph>
          Tautan kalender aktif sejak {formatDateTime(data.dibuat_pada, timeZone)}. Demi keamanan, tautan
          lengkap hanya ditampilkan saat dibuat; jika tautan hilang atau tersebar, atur ulang tautan.
        </Typography.Paragraph>
      ) : null}
      {data && !acting ? (
        data.aktif ? (
          <Button icon={<ReloadOutlined />} onClick={() => setConfirming(true)}>
            Atur ulang tautan
          </Button>
        ) : (
          <Button type="primary" loading={issue.isPending} onClick={() => void run(false).catch(() => {})}>
            Buat tautan kalender
          </Button>
        )
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Atur ulang tautan"
        confirmText="Atur Ulang"
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => run(true)}
      >
        Tautan lama langsung tidak berlaku: kalender yang berlangganan dengan tautan lama berhenti diperbarui
        dan perlu ditambahkan lagi dengan tautan baru. Lanjutkan?
      </ConfirmDialog>
    </Card>
  );
}
