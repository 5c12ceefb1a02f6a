import { useEffect, useRef, useState } from 'react';
import { ScanOutlined } from '@ant-design/icons';
import { Button, Card, Result, Spin } from 'antd';
import { useSearchParams } from 'react-router';
import { qrAttendanceMessages, qrCodeFromScan } from '@lms/contract/qr-attendance.rules';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useCheckInByQr } from '../api/check-in-by-qr.ts';
import { QrScanner } from '../components/qr-scanner.tsx';

/**
 * /presensi-qr: where a meeting's QR code leads. With `?kode=…` (the phone's camera app opened the code)
 * the signed-in student is checked in at once; without it, or after a refusal, the page scans in itself.
 * The server decides everything (code age, class, college, meeting time); this page shows its answer.
 */
export function QrCheckInPage() {
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const kode = params.get('kode');
  const checkIn = useCheckInByQr();
  const [scanning, setScanning] = useState(!kode);
  const [unknownScan, setUnknownScan] = useState(false);
  const sent = useRef<string | null>(null);
  const isStudent = user.role === 'mahasiswa';

  useEffect(() => {
    if (!isStudent || !kode || sent.current === kode) return;
    sent.current = kode;
    setScanning(false);
    checkIn.mutate(kode);
  }, [isStudent, kode, checkIn]);

  const rescan = () => {
    checkIn.reset();
    sent.current = null;
    setUnknownScan(false);
    setParams({}, { replace: true });
    setScanning(true);
  };
  const onScan = (text: string) => {
    const found = qrCodeFromScan(text);
    if (!found) {
      setUnknownScan(true);
      setScanning(false);
      return;
    }
    setParams({ kode: found }, { replace: true });
  };
  const again = (
    <Button type="primary" icon={<ScanOutlined />} onClick={rescan}>
      Pindai Ulang
    </Button>
  );

  let body;
  if (!isStudent) body = <Result status="info" title={qrAttendanceMessages.studentsOnly} />;
  else if (unknownScan) body = <Result status="warning" title={qrAttendanceMessages.invalid} extra={again} />;
  else if (scanning) body = <QrScanner onScan={onScan} />;
  else if (checkIn.isPending || checkIn.isIdle) body = <Spin tip="Mencatat presensi…" />;
  else if (checkIn.isError)
    body = <Result status="error" title="Presensi gagal" subTitle={checkIn.error.message} extra={again} />;
  else {
    const { pertemuan } = checkIn.data;
    body = (
      <Result
        status="success"
        title={checkIn.data.pesan}
        subTitle={`${pertemuan.kelas_kuliah.mata_kuliah} · Kelas ${pertemuan.kelas_kuliah.nama} · Pertemuan ${pertemuan.nomor}: ${pertemuan.judul}`}
      />
    );
  }
  return (
    <Card title="Presensi Kode QR" data-testid="presensi-qr">
      {body}
    </Card>
  );
}
