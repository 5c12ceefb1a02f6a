import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Space, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { lectureModeLabels, type LectureMode } from '@lms/contract/class.rules';
import { recapFilterKeys, recapFilterLabels, type RecapFilterKey } from '@lms/contract/grade.rules';
import type { RecapComponent } from '@lms/contract/grade.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCrumbLabel } from '../../../components/route-handle.ts';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { exportGradeRecap, useGradeRecap } from '../api/get-grade-recap.ts';
import { ComponentModal } from '../components/component-modal.tsx';
import { GradeRecapLegend, GradeRecapTable } from '../components/grade-recap-table.tsx';
import { SendHistory } from '../components/send-history.tsx';
import { SendModal } from '../components/send-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';

const allShown = Object.fromEntries(recapFilterKeys.map((k) => [k, true])) as Record<RecapFilterKey, boolean>;

/**
 * /nilai/{id}: Rekap Nilai Kelas (spec 3 §2) for the class's lecturers and operators: header card with
 * Export Excel, the Tampilkan boxes, the table, the legend, the lock/window banner of §8, the component
 * modal, and sending to SIAKAD with its preview, progress and history. `siakadDemoPath` links the demo
 * SIAKAD's screen for operators who may use it.
 */
export function GradeRecapPage({
  role,
  siakadDemoPath,
}: {
  role: 'dosen' | 'operator';
  siakadDemoPath?: string;
}) {
  const { id = '' } = useParams();
  const isPhone = useIsPhone();
  const timeZone = useTimeZone();
  const { notification } = useToasts();
  const recap = useGradeRecap(id);
  const [shown, setShown] = useState(allShown);
  const [component, setComponent] = useState<RecapComponent | null>(null);
  const [sending, setSending] = useState(false);
  const [exporting, setExporting] = useState(false);
  const data = recap.data;
  useCrumbLabel(data ? `${data.kelas.mata_kuliah.nama} ${data.kelas.kelas.nama}` : undefined);

  if (recap.isPending) return <PageLoader />;
  if (recap.isError || !data) {
    return (
      <Card>
        <Typography.Title level={4} style={{ textAlign: 'center' }}>
          NO DATA
        </Typography.Title>
        {recap.isError ? (
          <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
            {normalizeApiError(recap.error).message}
          </Typography.Paragraph>
        ) : null}
      </Card>
    );
  }
  const k = data.kelas;
  const types = recapFilterKeys.filter((key) => key !== 'sikad_lebih_0' && key !== 'sikad_sama_0');
  const everyShown = recapFilterKeys.every((key) => shown[key]);
  const exportExcel = async () => {
    setExporting(true);
    try {
      await exportGradeRecap(id, shown);
    } catch (error) {
      notification.error({ title: normalizeApiError(error).message });
    } finally {
      setExporting(false);
    }
  };
  const window = data.waktu_entri_nilai;
  return (
    // Grids with minmax(0, 1fr): the wide table scrolls inside its card instead of widening the page.
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
      <Card
        title="Rekap Nilai Kelas"
        extra={
          <Button type="primary" onClick={() => void exportExcel()} loading={exporting}>
            Export Excel
          </Button>
        }
      >
        <Descriptions
          bordered
          size="small"
          column={isPhone ? 1 : 2}
          items={[
            { key: 'periode', label: 'Periode', children: formatPeriodLabel(k.periode) },
            { key: 'mk', label: 'Mata Kuliah', children: `${k.mata_kuliah.kode}-${k.mata_kuliah.nama}` },
            { key: 'kelas', label: 'Kelas', children: `${k.kelas.nama} ${k.kelas.jenis.nama}` },
            { key: 'kampus', label: 'Kampus', children: k.kampus?.nama ?? '-' },
            {
              key: 'mode',
              label: 'Mode Kuliah',
              children: k.mode ? (lectureModeLabels[k.mode as LectureMode] ?? '-') : '-',
            },
            {
              key: 'entri',
              label: 'Waktu Entri Nilai',
              children:
                window.start && window.end
                  ? `${formatDateTime(window.start, timeZone)} s.d. ${formatDateTime(window.end, timeZone)}`
                  : '-',
            },
          ]}
        />
      </Card>
      {data.akses.pesan ? (
        <Alert
          type={
            data.akses.nada === 'success' ? 'success' : data.akses.nada === 'warning' ? 'warning' : 'error'
          }
          showIcon
          title={data.akses.pesan}
        />
      ) : null}
      <Card
        title="Nilai Mahasiswa"
        extra={
          <Space wrap>
            {siakadDemoPath ? <Link to={siakadDemoPath}>Demo Siakad</Link> : null}
            <Button type="primary" disabled={!data.akses.kirim} onClick={() => setSending(true)}>
              Kirim ke Siakad
            </Button>
          </Space>
        }
      >
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 }}>
          <Space wrap align="center">
            <Typography.Text strong>Tampilkan:</Typography.Text>
            <Checkbox
              checked={everyShown}
              indeterminate={!everyShown && recapFilterKeys.some((key) => shown[key])}
              onChange={(e) =>
                setShown(
                  Object.fromEntries(recapFilterKeys.map((key) => [key, e.target.checked])) as Record<
                    RecapFilterKey,
                    boolean
                  >,
                )
              }
            >
              Semua
            </Checkbox>
            {[...types, 'sikad_lebih_0' as const, 'sikad_sama_0' as const].map((key) => (
              <Checkbox
                key={key}
                checked={shown[key]}
                onChange={(e) => setShown({ ...shown, [key]: e.target.checked })}
              >
                {recapFilterLabels[key]}
              </Checkbox>
            ))}
          </Space>
          <GradeRecapTable
            recap={data}
            shown={shown}
            role={role}
            onComponent={data.akses.atur_komponen ? setComponent : undefined}
          />
          <GradeRecapLegend />
        </div>
      </Card>
      <Card title="Riwayat Pengiriman ke Siakad">
        <SendHistory classId={id} />
      </Card>
      <ComponentModal classId={id} component={component} onClose={() => setComponent(null)} />
      <SendModal
        classId={id}
        open={sending}
        onClose={() => setSending(false)}
        onChooseActivities={
          data.akses.atur_komponen
            ? (componentId) => setComponent(data.header_sikad.find((k) => k.id === componentId) ?? null)
            : undefined
        }
      />
    </div>
  );
}
