import { useQuery } from '@tanstack/react-query';
import { NotificationOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { formatDate } from '../../../lib/date.ts';
import { dashboardAnnouncementsQuery } from '../api/dashboard-page-queries.ts';
import { DashboardPanel } from './dashboard-panel.tsx';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { LoadingLines } from '../../../components/loading-lines.tsx';

/** Pengumuman: the two newest announcements, each opening /pengumuman?index={n}; Lihat Semua opens the list. */
export function AnnouncementCard() {
  const timeZone = useTimeZone();
  const query = useQuery(dashboardAnnouncementsQuery);
  return (
    <DashboardPanel
      title="Pengumuman"
      extra={<Link to="/pengumuman">Lihat Semua</Link>}
      className="dashboard-announcements"
    >
      {query.isPending ? (
        <LoadingLines rows={3} />
      ) : query.isError ? (
        <PlainAlert type="error" title="Pengumuman gagal dimuat" description={query.error.message} />
      ) : query.data.data.length === 0 ? (
        <EmptyState description="Belum ada pengumuman untuk Anda." />
      ) : (
        <ul className="dashboard-announcements__list">
          {query.data.data.map((item, index) => (
            <li key={item.id}>
              <Link to={`/pengumuman?index=${index}`} className="dashboard-announcement">
                <span className="dashboard-announcement__icon" aria-hidden>
                  <NotificationOutlined />
                </span>
                <span style={{ minWidth: 0 }}>
                  <strong className="dashboard-announcement__title">{item.judul}</strong>
                  <span className="dashboard-muted" style={{ fontSize: 12 }}>
                    {formatDate(item.tanggal_publish, timeZone)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
