import { TeamOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { PlainCard } from '../../../components/plain-card.tsx';
import { Link } from 'react-router';
import { useClassGroups } from '../api/get-class-groups.ts';

/** The class page's Kelompok card: how many groups, and the way to the groups screen. */
export function ClassGroupsCard({ classId }: { classId: string }) {
  const groups = useClassGroups(classId);
  const data = groups.data;
  return (
    <PlainCard title="Kelompok" size="small">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {data
          ? `${data.kelompok.length} kelompok · ${data.tanpa_kelompok.length} mahasiswa belum berkelompok`
          : 'Memuat…'}
      </Typography.Paragraph>
      <Link to={`/kelas/${encodeURIComponent(classId)}/kelompok`}>
        <Button icon={<TeamOutlined />}>{data?.akses.ubah ? 'Kelola Kelompok' : 'Lihat Kelompok'}</Button>
      </Link>
    </PlainCard>
  );
}
