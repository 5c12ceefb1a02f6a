import { List, Space, Tag, Typography } from 'antd';
import type { Vidcon } from '@lms/contract/vidcon.schema';
import { formatDateTime } from '../../../lib/date.ts';

/** Who joined a vidcon and when; students late or on time, lecturers tagged Dosen. */
export function VidconJoinList({
  joins,
  timeZone,
}: {
  joins: Vidcon['daftar_join_detail'];
  timeZone: string;
}) {
  return (
    <List
      size="small"
      locale={{ emptyText: 'Belum ada peserta yang bergabung.' }}
      dataSource={joins}
      renderItem={(j) => (
        <List.Item>
          <Space wrap size={[8, 0]}>
            <Typography.Text>{j.nama}</Typography.Text>
            <Typography.Text type="secondary">{j.username}</Typography.Text>
            <Typography.Text type="secondary">{formatDateTime(j.waktu_join, timeZone)}</Typography.Text>
            {j.role === 'mahasiswa' ? (
              <Tag color={j.terlambat ? 'orange' : 'green'}>{j.terlambat ? 'Terlambat' : 'Tepat Waktu'}</Tag>
            ) : (
              <Tag>Dosen</Tag>
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}
