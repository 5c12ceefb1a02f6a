import { useEffect, useState } from 'react';
import { QrcodeOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import type { LectureMode } from '@lms/contract/class.rules';
import { canWriteArea } from '@lms/contract/permission.rules';
import { isQrMeeting, qrMaxAgeSeconds } from '@lms/contract/qr-attendance.rules';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useMeetingQrCode } from '../api/get-meeting-qr-code.ts';
import { useQrCodeRule } from '../api/get-qr-code-rule.ts';
import { QrCodeImage } from './qr-code-image.tsx';

/** Seconds left until the shown code is replaced, ticking every second. */
function useSecondsLeft(
  nextAt: string | undefined,
  serverTime: string | undefined,
  receivedAt: number,
): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!nextAt || !serverTime) return null;
  // The server's clock decides; the difference to this device's clock is taken when the code arrived.
  const skew = Date.parse(serverTime) - receivedAt;
  return Math.max(0, Math.ceil((Date.parse(nextAt) - (now + skew)) / 1000));
}

/**
 * The QR check-in panel of an offline or mixed meeting (spec 2 §6), for the class's lecturers and
 * operators with write while the college takes attendance by QR. The code changes every 30 seconds; a
 * student's phone camera opens the address it holds (our /presensi-qr page). `meeting` is any meeting
 * object with its id and kind (the meeting page's detail or the attendance page's `pertemuan`).
 */
export function QrCodePanel({ meeting }: { meeting: { id: string; nomor?: number; jenis: LectureMode } }) {
  const user = useCurrentUser();
  const mayShow =
    user.role === 'dosen' || (user.role === 'operator' && canWriteArea(user.permissions, 'kelas_kuliah'));
  const applies = mayShow && isQrMeeting(meeting.jenis);
  const rule = useQrCodeRule(applies);
  const [shown, setShown] = useState(false);
  const code = useMeetingQrCode(meeting.id, applies && shown && rule.data?.status === true);
  const secondsLeft = useSecondsLeft(code.data?.berganti_pada, code.data?.server_time, code.dataUpdatedAt);
  if (!applies || !rule.data?.status) return null;

  const label = `Kode QR presensi pertemuan${meeting.nomor ? ` ${meeting.nomor}` : ''}`;
  let body;
  if (!shown) {
    body = (
      <Button type="primary" icon={<QrcodeOutlined />} onClick={() => setShown(true)}>
        Tampilkan Kode QR
      </Button>
    );
  } else if (code.isPending) {
    body = <Spin />;
  } else if (code.isError) {
    body = <Alert type="error" showIcon title={code.error.message} />;
  } else {
    body = (
      <Space orientation="vertical" align="center" size={8} style={{ width: '100%' }}>
        <div data-testid="qr-presensi" data-qr-url={code.data.url}>
          <QrCodeImage text={code.data.url} label={label} />
        </div>
        <Typography.Text strong>
          Kode berganti dalam {secondsLeft ?? code.data.interval_detik} detik
        </Typography.Text>
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          Mahasiswa memindai kode ini dengan kamera ponsel selama pertemuan berlangsung. Kode yang lebih lama
          dari {qrMaxAgeSeconds} detik ditolak, jadi foto atau tangkapan layar tidak dapat dipakai kemudian.
        </Typography.Text>
        <Button onClick={() => setShown(false)}>Sembunyikan Kode QR</Button>
      </Space>
    );
  }
  return (
    <Card title="Presensi Kode QR" data-testid="panel-qr">
      {body}
    </Card>
  );
}
