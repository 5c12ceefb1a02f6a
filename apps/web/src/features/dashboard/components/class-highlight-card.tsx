import { Avatar, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { classStatusLabels, labelOf } from '@lms/contract/class.rules';
import type { ClassListItem, ClassTeacher } from '@lms/contract/class.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { ClassBanner } from '../../../components/class-banner.tsx';

const statusColors: Record<string, string> = {
  akan_dimulai: 'blue',
  berlangsung: 'green',
  selesai: 'default',
};

/** A teacher's full name with titles: 'Dr. Budi Santoso, S.Kom., M.Kom.'. */
export function teacherFullName(
  t: Pick<ClassTeacher, 'gelar_depan' | 'nama_pengajar' | 'gelar_akademik'>,
): string {
  const name = [t.gelar_depan, t.nama_pengajar].filter(Boolean).join(' ');
  return t.gelar_akademik ? `${name}, ${t.gelar_akademik}` : name;
}

/** A class on the dashboard: status, banner, course id and name, period, class type, first teacher. */
export function ClassHighlightCard({ item }: { item: ClassListItem }) {
  const teacher = item.pengajar[0];
  return (
    <Link
      to={`/kelas/${encodeURIComponent(item.id)}`}
      className="dashboard-class"
      aria-label={item.mata_kuliah.nama}
    >
      <ClassBanner bannerUrl={item.banner_url} colorIdx={item.banner_color_idx} height={96}>
        <Tag color={statusColors[item.status] ?? 'default'} className="dashboard-class__status">
          {labelOf(classStatusLabels, item.status)}
        </Tag>
      </ClassBanner>
      <div className="dashboard-class__body">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {item.mata_kuliah.kode === item.mata_kuliah.id
            ? item.mata_kuliah.id
            : `${item.mata_kuliah.kode} (${item.mata_kuliah.id})`}
        </Typography.Text>
        <Typography.Text strong className="dashboard-class__name">
          {item.mata_kuliah.nama}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          Periode {formatPeriodLabel(item.periode)}
        </Typography.Text>
        <Typography.Text style={{ fontSize: 13 }}>
          Kelas {item.kelas.nama} · {item.kelas.jenis.nama}
        </Typography.Text>
        <div className="dashboard-class__teacher">
          <Avatar size={24} src={teacher?.avatar_url ?? undefined} icon={<UserOutlined />} />
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
            {teacher ? teacherFullName(teacher) : '-'}
          </Typography.Text>
        </div>
      </div>
    </Link>
  );
}
