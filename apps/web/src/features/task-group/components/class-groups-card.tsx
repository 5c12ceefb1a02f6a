import { TeamOutlined } from '@ant-design/icons';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { useClassGroups } from '../api/get-class-groups.ts';

/** The class page's Kelompok card: how many groups, and the way to the groups screen. */
export function ClassGroupsCard({ classId }: { classId: string }) {
  const groups = useClassGroups(classId);
  const data = groups.data;
  return (
    <PlainCard title="Kelompok" size="small">
      <p style={{ marginTop: 0, marginBottom: 8 }}>
        {data
          ? `${data.kelompok.length} kelompok · ${data.tanpa_kelompok.length} mahasiswa belum berkelompok`
          : 'Memuat…'}
      </p>
      <PlainButton to={`/kelas/${encodeURIComponent(classId)}/kelompok`} icon={<TeamOutlined />}>
        {data?.akses.ubah ? 'Kelola Kelompok' : 'Lihat Kelompok'}
      </PlainButton>
    </PlainCard>
  );
}
