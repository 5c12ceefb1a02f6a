import { Button, Card, Skeleton } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { ClassBanner } from '../../../components/class-banner.tsx';
import { useClass } from '../api/get-class.ts';
import { ClassLoadError } from '../components/class-load-error.tsx';
import { ClassProfileDetails } from '../components/class-profile-details.tsx';
import '../components/class.css';

/** /kelas/{id}/profil: the read-only class profile; a failed load shows 'NO DATA' (spec 2 §8). */
export function ClassProfilePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const klass = useClass(id);
  if (klass.error && !klass.data) return <ClassLoadError error={klass.error} onRetry={() => void klass.refetch()} />;
  if (!klass.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const detail = klass.data;
  return (
    <Card
      styles={{ body: { padding: 0 } }}
      style={{ overflow: 'hidden', maxWidth: 960 }}
      title={`Profil Kelas ${detail.mata_kuliah.nama} ${detail.kelas.nama}`}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate(`/kelas/${encodeURIComponent(detail.id)}`)}>
          Kembali
        </Button>
      }
    >
      <ClassBanner bannerUrl={detail.banner_url} colorIdx={detail.banner_color_idx} height={120} />
      <div style={{ padding: 20 }}>
        <ClassProfileDetails detail={detail} />
      </div>
    </Card>
  );
}
