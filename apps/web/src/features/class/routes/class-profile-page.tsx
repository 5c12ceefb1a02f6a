import { Button, Card, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { ClassBanner } from '../../../components/class-banner.tsx';
import { useClassCrumbLabel } from '../../../components/class-crumb.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useClass } from '../api/get-class.ts';
import { ClassLoadError } from '../components/class-load-error.tsx';
import { ClassProfileDetails } from '../components/class-profile-details.tsx';
import '../components/class.css';

/** /kelas/{id}/profil: the read-only class profile; a failed load shows 'NO DATA' (spec 2 §8). */
export function ClassProfilePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const isPhone = useIsPhone();
  const klass = useClass(id);
  // The parent crumb (/kelas/{id}) is the class, as on the class page.
  useClassCrumbLabel(klass.data, id);
  if (klass.error && !klass.data)
    return <ClassLoadError error={klass.error} onRetry={() => void klass.refetch()} />;
  if (!klass.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const detail = klass.data;
  return (
    <Card styles={{ body: { padding: 0 } }} style={{ overflow: 'hidden', maxWidth: 960 }}>
      <ClassBanner
        bannerUrl={detail.banner_url}
        colorIdx={detail.banner_color_idx}
        height={isPhone ? 120 : 150}
      >
        <div className="class-hero__content">
          <h2 className="class-hero__title">{detail.mata_kuliah.nama}</h2>
          <Typography.Text style={{ color: 'rgba(255,255,255,0.92)' }}>
            {detail.mata_kuliah.kode} · Kelas {detail.kelas.nama} {detail.kelas.jenis.nama} · Periode{' '}
            {formatPeriodLabel(detail.periode)}
          </Typography.Text>
        </div>
      </ClassBanner>
      <div style={{ padding: isPhone ? 16 : 24 }}>
        <ClassProfileDetails detail={detail} />
        <Button
          style={{ marginTop: 20 }}
          icon={<ArrowLeftOutlined />}
          onClick={() => void navigate(`/kelas/${encodeURIComponent(detail.id)}`)}
        >
          Kembali ke Kelas
        </Button>
      </div>
    </Card>
  );
}
