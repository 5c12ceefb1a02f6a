import { Card, Descriptions, Tag, Typography } from 'antd';
import { roleLabels } from '@lms/contract/role.schema';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';

/** /beranda: a welcome with the user's name, role and status; issue 3 builds the dashboard. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Selamat datang, {user.nama}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Ini adalah beranda LMS Anda. Kalender, pengumuman dan ringkasan kelas akan tampil di sini.
      </Typography.Paragraph>
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        size="small"
        items={[
          { key: 'username', label: 'Username', children: user.username },
          { key: 'role', label: 'Peran', children: roleLabels[user.role] },
          {
            key: 'status',
            label: 'Status',
            children: <Tag color={user.status === 'Aktif' ? 'green' : 'orange'}>{user.status}</Tag>,
          },
          ...(user.prodi
            ? [
                {
                  key: 'prodi',
                  label: 'Program Studi',
                  children: `${user.prodi.jenjang} ${user.prodi.nama}`,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
