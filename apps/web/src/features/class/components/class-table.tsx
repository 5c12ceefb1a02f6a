import { Button, Table, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ClassListItem } from '@lms/contract/class.schema';
import { rowNumber } from '@lms/contract/pagination.rules';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { emptyTableLocale } from '../../../components/empty-state.tsx';

function prodiLabel(p: { nama: string; jenjang: string }): string {
  return `${p.jenjang} ${p.nama}`;
}

/**
 * The operators' class table of spec 2 §2: No, Periode, Mata Kuliah, Kelas, Pengajar, SKS, Peserta,
 * Pertemuan, Prodi Matkul, Prodi Kelas, and Unduh BAP and Lihat; a row leads to /kelas/{id}.
 */
export function ClassTable({
  items,
  page,
  pageSize,
  loading,
  onDownloadBap,
}: {
  items: ClassListItem[];
  page: number;
  pageSize: number;
  loading: boolean;
  /** Opens the BAP modal for a row (Unduh BAP). */
  onDownloadBap(item: ClassListItem): void;
}) {
  const navigate = useNavigate();
  const open = (id: string) => void navigate(`/kelas/${encodeURIComponent(id)}`);
  return (
    <Table<ClassListItem>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={items}
      pagination={false}
      scroll={{ x: 1300 }}
      locale={emptyTableLocale}
      onRow={(item) => ({ onClick: () => open(item.id), style: { cursor: 'pointer' } })}
      columns={[
        {
          title: 'No',
          key: 'no',
          fixed: 'left',
          width: 48,
          render: (_v, _item, index) => rowNumber(page, pageSize, index),
        },
        {
          title: 'Periode',
          key: 'periode',
          width: 100,
          render: (_v, item) => formatPeriodLabel(item.periode),
        },
        {
          title: 'Mata Kuliah',
          key: 'mata_kuliah',
          width: 180,
          render: (_v, item) => (
            <div style={{ display: 'flex', flexDirection: 'column' }}>
              <Typography.Text strong>{item.mata_kuliah.nama}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {item.mata_kuliah.kode}
              </Typography.Text>
            </div>
          ),
        },
        {
          title: 'Kelas',
          key: 'kelas',
          width: 84,
          render: (_v, item) => `${item.kelas.nama} ${item.kelas.jenis.nama}`,
        },
        {
          title: 'Pengajar',
          key: 'pengajar',
          width: 200,
          render: (_v, item) =>
            item.pengajar.length ? (
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {item.pengajar.map((t) => (
                  <li key={t.id}>{formatTeacherName(t)}</li>
                ))}
              </ul>
            ) : (
              '-'
            ),
        },
        { title: 'SKS', key: 'sks', width: 60, align: 'center', render: (_v, item) => item.mata_kuliah.sks },
        {
          title: 'Peserta',
          key: 'peserta',
          width: 80,
          align: 'center',
          render: (_v, item) => item.jumlah_peserta,
        },
        {
          title: 'Pertemuan',
          key: 'pertemuan',
          width: 92,
          align: 'center',
          render: (_v, item) => item.jumlah_pertemuan,
        },
        {
          title: 'Prodi Matkul',
          key: 'prodi_matkul',
          width: 124,
          render: (_v, item) => prodiLabel(item.mata_kuliah.prodi),
        },
        {
          title: 'Prodi Kelas',
          key: 'prodi_kelas',
          width: 150,
          render: (_v, item) => (item.prodi_kelas.length ? item.prodi_kelas.map(prodiLabel).join(', ') : '-'),
        },
        {
          title: 'Aksi',
          key: 'aksi',
          width: 236,
          fixed: 'right',
          render: (_v, item) => (
            <div style={{ display: 'flex', gap: 8 }}>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                aria-label={`Unduh BAP ${item.mata_kuliah.nama} kelas ${item.kelas.nama}`}
                onClick={(event) => {
                  event.stopPropagation();
                  onDownloadBap(item);
                }}
              >
                Unduh BAP
              </Button>
              <Button
                size="small"
                icon={<EyeOutlined />}
                aria-label={`Lihat ${item.mata_kuliah.nama} kelas ${item.kelas.nama}`}
                onClick={(event) => {
                  event.stopPropagation();
                  open(item.id);
                }}
              >
                Lihat
              </Button>
            </div>
          ),
        },
      ]}
    />
  );
}
