import { Button, Table, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { labelOf, lectureModeLabels } from '@lms/contract/class.rules';
import { meetingCategoryLabels } from '@lms/contract/meeting.rules';
import type { MeetingListItem } from '@lms/contract/meeting.schema';
import { rowNumber } from '@lms/contract/pagination.rules';
import { MeetingStatusTag } from '../../../components/meeting-status-tag.tsx';
import { formatDateTimeRange } from '../../../lib/date.ts';
import { emptyTableLocale } from '../../../components/empty-state.tsx';
import { operatorMeetingHref } from './class-meeting-href.ts';

/**
 * The operators' meeting table of spec 2 §2: No, Mata Kuliah, Kelas, Pertemuan, Judul, Jenis (category),
 * Metode (online/offline/campuran), Status, Waktu (college zone) and Lihat to /pertemuan/{id}. The
 * widths fit the full-width card at 1280 px; phones get cards instead (ClassMeetingsCard).
 */
export function ClassMeetingsTable({
  items,
  page,
  pageSize,
  loading,
  timeZone,
}: {
  items: MeetingListItem[];
  page: number;
  pageSize: number;
  loading: boolean;
  timeZone: string;
}) {
  const navigate = useNavigate();
  const open = (id: string) => void navigate(operatorMeetingHref(id));
  return (
    <Table<MeetingListItem>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={items}
      pagination={false}
      scroll={{ x: 920 }}
      locale={emptyTableLocale}
      onRow={(item) => ({ onClick: () => open(item.id), style: { cursor: 'pointer' } })}
      columns={[
        {
          title: 'No',
          key: 'no',
          fixed: 'left',
          width: 40,
          render: (_v, _item, index) => rowNumber(page, pageSize, index),
        },
        {
          title: 'Mata Kuliah',
          key: 'mata_kuliah',
          width: 96,
          render: (_v, item) => (
            <div style={{ display: 'flex', flexDirection: 'column' }}>
              <Typography.Text>{item.kelas_kuliah.mata_kuliah.nama}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {item.kelas_kuliah.mata_kuliah.kode}
              </Typography.Text>
            </div>
          ),
        },
        {
          title: 'Kelas',
          key: 'kelas',
          width: 76,
          render: (_v, item) => `${item.kelas_kuliah.kelas.nama} ${item.kelas_kuliah.kelas.jenis.nama}`,
        },
        {
          // The widest header; a break inside the word would look like a typo.
          title: <span style={{ whiteSpace: 'nowrap' }}>Pertemuan</span>,
          key: 'pertemuan',
          width: 108,
          align: 'center',
          render: (_v, item) => item.nomor,
        },
        {
          title: 'Judul',
          key: 'judul',
          width: 132,
          render: (_v, item) => <Typography.Text strong>{item.judul}</Typography.Text>,
        },
        {
          title: 'Jenis',
          key: 'jenis',
          width: 60,
          render: (_v, item) => labelOf(meetingCategoryLabels, item.kategori),
        },
        {
          title: 'Metode',
          key: 'metode',
          width: 76,
          render: (_v, item) => labelOf(lectureModeLabels, item.jenis),
        },
        {
          title: 'Status',
          key: 'status',
          width: 140,
          render: (_v, item) => <MeetingStatusTag status={item.status} />,
        },
        {
          title: 'Waktu',
          key: 'waktu',
          width: 108,
          render: (_v, item) => formatDateTimeRange(item.waktu_mulai, item.waktu_selesai, timeZone),
        },
        {
          title: 'Aksi',
          key: 'aksi',
          width: 84,
          fixed: 'right',
          render: (_v, item) => (
            <Button
              size="small"
              icon={<EyeOutlined />}
              aria-label={`Lihat Pertemuan ${item.nomor}`}
              onClick={(event) => {
                event.stopPropagation();
                open(item.id);
              }}
            >
              Lihat
            </Button>
          ),
        },
      ]}
    />
  );
}
