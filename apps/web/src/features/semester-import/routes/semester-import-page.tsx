import { useState } from 'react';
import { Alert, Button, Card, Flex, Popconfirm, Progress, Select, Table, Tag, Typography } from 'antd';
import {
  ClockCircleOutlined,
  CloudDownloadOutlined,
  DownloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  semesterImportEntities,
  semesterImportEntityLabels,
  semesterImportStatusLabels,
  type SemesterImport,
  type SemesterImportStatus,
} from '@lms/contract/semester-import.schema';
import { canWriteArea } from '@lms/contract/permission.rules';
import { formatPeriodLabel, nextPeriodCode } from '@lms/contract/period.rules';
import { FilePickButton } from '../../../components/file-pick-button.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCurrentSemester } from '../../../lib/queries/get-current-semester.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { usePeriods } from '../../../lib/queries/list-periods.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import {
  useDownloadSemesterTemplate,
  useLatestSemesterImport,
  useSemesterImportActions,
} from '../api/semester-import.ts';
import { SiakadSyncForm } from '../components/siakad-sync-form.tsx';

const statusColors: Record<SemesterImportStatus, string> = {
  memproses: 'processing',
  pratinjau: 'blue',
  ditolak: 'red',
  menerapkan: 'processing',
  diterapkan: 'green',
  dibatalkan: 'default',
  gagal: 'red',
};

const number = (n: number) => n.toLocaleString('id-ID');

/**
 * Periods SIAKAD may be asked for, newest first: odd, even and short terms of two years ago to next
 * year, the college's own periods, and the one after its latest (the next semester to load).
 */
function periodChoices(known: number[], now = new Date()): number[] {
  const year = now.getFullYear();
  const codes = new Set(known);
  for (let y = year + 1; y >= year - 2; y--) for (const term of [3, 2, 1]) codes.add(y * 10 + term);
  if (known.length > 0) codes.add(nextPeriodCode(Math.max(...known)));
  return [...codes].sort((a, b) => b - a);
}

/** /muat-semester: template, upload, the job's progress, the preview, and Terapkan / Batal. */
export function SemesterImportPage() {
  const user = useCurrentUser();
  const canWrite = canWriteArea(user.permissions, 'data_master');
  const latest = useLatestSemesterImport();
  const actions = useSemesterImportActions();
  const template = useDownloadSemesterTemplate();
  const currentSemester = useCurrentSemester();
  const [chosenPeriod, setChosenPeriod] = useState<number>();
  const periods = usePeriods();
  const choices = periodChoices(periods.data?.map((p) => p.kode) ?? []);
  const current = currentSemester.data?.periode;
  const period = chosenPeriod ?? (current && choices.includes(current) ? current : undefined);

  if (latest.isPending) return <PageLoader />;
  if (latest.isError)
    return (
      <Alert
        type="error"
        showIcon
        message="Data muat semester gagal dimuat"
        description={latest.error.message}
      />
    );

  const load = latest.data;
  const busy = load?.status === 'memproses' || load?.status === 'menerapkan';
  const failure =
    actions.upload.error ??
    actions.readSiakad.error ??
    actions.apply.error ??
    actions.cancel.error ??
    template.error;

  return (
    <Flex vertical gap={16}>
      <Card title="Muat Semester">
        <Typography.Paragraph>
          Muat periode, program studi, mata kuliah, dosen, mahasiswa, kelas beserta jadwal dan ruangan,
          pengajar, dan peserta kelas dari file Excel atau langsung dari SIAKAD. Setiap baris dikenali dari ID
          SIAKAD-nya, sehingga memuat data yang sama dua kali tidak mengubah apa pun. Tidak ada data yang
          berubah sebelum Anda memilih Terapkan.
        </Typography.Paragraph>
        <Flex gap={24} wrap>
          <Flex vertical gap={8} style={{ flex: '1 1 280px' }}>
            <Typography.Text strong>Dari File Excel</Typography.Text>
            <Flex gap={8} wrap>
              <Button
                icon={<DownloadOutlined />}
                loading={template.isPending}
                onClick={() => template.mutate()}
              >
                Unduh Template
              </Button>
              {canWrite && (
                <FilePickButton
                  accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  inputLabel="File Muat Semester"
                  onPick={(file) => actions.upload.mutate(file)}
                  type="primary"
                  icon={<UploadOutlined />}
                  disabled={busy}
                  loading={actions.upload.isPending}
                >
                  Unggah File
                </FilePickButton>
              )}
            </Flex>
          </Flex>
          <Flex vertical gap={8} style={{ flex: '1 1 280px' }}>
            <Typography.Text strong>Dari SIAKAD</Typography.Text>
            {canWrite && (
              <Flex gap={8} wrap>
                <Select
                  aria-label="Periode SIAKAD"
                  placeholder="Pilih periode"
                  style={{ minWidth: 220, flex: '1 1 220px' }}
                  value={period}
                  onChange={setChosenPeriod}
                  options={choices.map((code) => ({
                    value: code,
                    label: `${formatPeriodLabel(code)} (${code})`,
                  }))}
                />
                <Button
                  type="primary"
                  icon={<CloudDownloadOutlined />}
                  disabled={busy || period === undefined}
                  loading={actions.readSiakad.isPending}
                  onClick={() => period !== undefined && actions.readSiakad.mutate(period)}
                >
                  Baca dari SIAKAD
                </Button>
              </Flex>
            )}
            <SiakadSyncForm canWrite={canWrite} />
          </Flex>
        </Flex>
        {failure && <Alert style={{ marginTop: 12 }} type="error" showIcon message={failure.message} />}
      </Card>
      {load && (
        <LoadCard
          load={load}
          canWrite={canWrite}
          applying={actions.apply.isPending}
          cancelling={actions.cancel.isPending}
          onApply={() => actions.apply.mutate(load.id)}
          onCancel={() => actions.cancel.mutate(load.id)}
        />
      )}
    </Flex>
  );
}

function LoadCard(props: {
  load: SemesterImport;
  canWrite: boolean;
  applying: boolean;
  cancelling: boolean;
  onApply(): void;
  onCancel(): void;
}) {
  const { load } = props;
  const isPhone = useIsPhone();
  const percent = load.progres.total > 0 ? Math.floor((load.progres.selesai / load.progres.total) * 100) : 0;
  const summaryRows = semesterImportEntities.map((entity) => ({
    entity,
    label: semesterImportEntityLabels[entity],
    ...(load.ringkasan?.[entity] ?? { baru: 0, berubah: 0, sama: 0, dihapus: 0 }),
  }));
  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Text ellipsis style={{ maxWidth: 260 }}>
            {load.nama_file}
          </Typography.Text>
          <Tag color={statusColors[load.status]}>{semesterImportStatusLabels[load.status]}</Tag>
          {load.terjadwal && <Tag icon={<ClockCircleOutlined />}>Dimulai otomatis</Tag>}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {load.status === 'memproses' && <Progress percent={100} status="active" showInfo={false} />}
        {load.status === 'menerapkan' && (
          <Progress
            percent={percent}
            status="active"
            format={() => `${number(load.progres.selesai)} / ${number(load.progres.total)}`}
          />
        )}
        {load.pesan && (
          <Alert type={load.status === 'diterapkan' ? 'success' : 'error'} showIcon message={load.pesan} />
        )}
        {load.status === 'diterapkan' && (
          <Alert type="success" showIcon message="Perubahan telah diterapkan." />
        )}
        {load.terjadwal && load.status === 'pratinjau' && (
          <Alert
            type="info"
            showIcon
            message="Sinkron otomatis menunggu keputusan Anda"
            description="Ada data yang akan dilepas dari kelas, sehingga perubahan tidak diterapkan otomatis. Periksa daftar di bawah, lalu pilih Terapkan atau Batal."
          />
        )}
        {load.ringkasan &&
          (isPhone ? (
            <Flex vertical gap={8} role="list" aria-label="Ringkasan perubahan">
              {summaryRows.map((row) => (
                <div key={row.entity} role="listitem">
                  <Typography.Text strong>{row.label}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">
                    {number(row.baru)} baru · {number(row.berubah)} berubah · {number(row.sama)} sama ·{' '}
                    {number(row.dihapus)} dihapus
                  </Typography.Text>
                </div>
              ))}
            </Flex>
          ) : (
            <Table
              size="small"
              rowKey="entity"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={summaryRows}
              columns={[
                { title: 'Data', dataIndex: 'label' },
                { title: 'Baru', dataIndex: 'baru', align: 'right', render: number },
                { title: 'Berubah', dataIndex: 'berubah', align: 'right', render: number },
                { title: 'Sama', dataIndex: 'sama', align: 'right', render: number },
                { title: 'Dihapus', dataIndex: 'dihapus', align: 'right', render: number },
              ]}
            />
          ))}
        {load.jumlah_masalah > 0 && (
          <div>
            <Typography.Title level={5}>Masalah pada data ({number(load.jumlah_masalah)})</Typography.Title>
            {load.jumlah_masalah > load.masalah.length && (
              <Typography.Paragraph type="secondary">
                Menampilkan {number(load.masalah.length)} masalah pertama.
              </Typography.Paragraph>
            )}
            <Table
              size="small"
              rowKey={(p) => `${p.lembar}-${p.baris}-${p.kolom}-${p.pesan}`}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              dataSource={load.masalah}
              columns={[
                { title: 'Lembar', dataIndex: 'lembar' },
                { title: 'Baris', dataIndex: 'baris', align: 'right' },
                { title: 'Kolom', dataIndex: 'kolom' },
                { title: 'Masalah', dataIndex: 'pesan' },
              ]}
            />
          </div>
        )}
        {load.jumlah_penghapusan > 0 && (
          <div>
            <Typography.Title level={5}>
              Akan dilepas dari kelas ({number(load.jumlah_penghapusan)})
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              Mahasiswa yang dikeluarkan dari kelas tetap menyimpan tugas, kehadiran, dan nilainya.
            </Typography.Paragraph>
            <Table
              size="small"
              rowKey={(r) => `${r.entitas}-${r.kelas}-${r.kunci}`}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              dataSource={load.penghapusan}
              columns={[
                {
                  title: 'Jenis',
                  dataIndex: 'entitas',
                  render: (e: keyof typeof semesterImportEntityLabels) => semesterImportEntityLabels[e],
                },
                { title: 'Kelas', dataIndex: 'kelas' },
                { title: 'NIM / NIDN', dataIndex: 'kunci' },
                { title: 'Nama', dataIndex: 'nama' },
              ]}
            />
          </div>
        )}
        {props.canWrite && load.status === 'pratinjau' && (
          <Flex gap={8} wrap>
            <Popconfirm
              title="Terapkan perubahan ini?"
              description="Data akan diubah sesuai pratinjau di atas."
              okText="Terapkan"
              cancelText="Kembali"
              onConfirm={props.onApply}
            >
              <Button type="primary" loading={props.applying}>
                Terapkan
              </Button>
            </Popconfirm>
            <Button loading={props.cancelling} onClick={props.onCancel}>
              Batal
            </Button>
          </Flex>
        )}
        {props.canWrite && load.status === 'ditolak' && (
          <Flex gap={8} wrap>
            <Button loading={props.cancelling} onClick={props.onCancel}>
              Tutup Pratinjau
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
