import { Avatar, Button, Card, Typography } from 'antd';
import { UnorderedListOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ClassListItem } from '@lms/contract/class.schema';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { ClassBanner } from '../../../components/class-banner.tsx';
import { ClassStatusTag } from './class-status-tag.tsx';

/** Where a class's meeting list is on its page. */
export function classMeetingsHref(id: string): string {
  return `/kelas/${encodeURIComponent(id)}#data-pertemuan`;
}

/**
 * A class card with its highlight data (spec 2 §2): status tag, banner, course id and name, period,
 * class type, first teacher; on phones also 'Pilih Pertemuan' to the class's meeting list.
 */
export function ClassCard({ item, showMeetingButton }: { item: ClassListItem; showMeetingButton: boolean }) {
  const navigate = useNavigate();
  const teacher = item.pengajar[0];
  const href = `/kelas/${encodeURIComponent(item.id)}`;
  return (
    <div data-testid="class-card" style={{ height: '100%' }}>
      <Card
        className="class-card"
        hoverable
        styles={{ body: { padding: 0 } }}
        style={{ overflow: 'hidden', height: '100%' }}
      >
        <Link
          to={href}
          aria-label={`${item.mata_kuliah.nama} kelas ${item.kelas.nama}`}
          className="class-card__link"
        >
          <ClassBanner bannerUrl={item.banner_url} colorIdx={item.banner_color_idx} height={104}>
            <span style={{ position: 'absolute', top: 12, left: 12 }}>
              <ClassStatusTag status={item.status} />
            </span>
          </ClassBanner>
          <div className="class-card__body">
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {item.mata_kuliah.id}
            </Typography.Text>
            <Typography.Text strong className="class-card__name">
              {item.mata_kuliah.nama}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              Periode {formatPeriodLabel(item.periode)}
            </Typography.Text>
            <Typography.Text style={{ fontSize: 13 }}>
              Kelas {item.kelas.nama} · {item.kelas.jenis.nama}
            </Typography.Text>
            <div className="class-card__teacher">
              <Avatar size={24} src={teacher?.avatar_url ?? undefined} icon={<UserOutlined />} />
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 13 }}>
                {teacher ? formatTeacherName(teacher) : '-'}
              </Typography.Text>
            </div>
          </div>
        </Link>
        {showMeetingButton ? (
          <div style={{ padding: '0 16px 16px' }}>
            <Button
              block
              icon={<UnorderedListOutlined />}
              onClick={() => void navigate(classMeetingsHref(item.id))}
            >
              Pilih Pertemuan
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
