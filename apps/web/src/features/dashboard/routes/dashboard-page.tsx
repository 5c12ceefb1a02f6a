import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ClassHighlightCard } from '../../../components/class-highlight-card.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { useCurrentSemester } from '../../../lib/queries/get-current-semester.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { highlightClassesQuery } from '../api/list-highlight-classes.ts';
import { showsClassContent } from '../api/dashboard-page-queries.ts';
import { AnnouncementCard } from '../components/announcement-card.tsx';
import { CalendarCard } from '../components/calendar-card.tsx';
import { DashboardPanel } from '../components/dashboard-panel.tsx';
import { StatTiles } from '../components/stat-tiles.tsx';
import './dashboard.css';
import { LoadingLines } from '../../../components/loading-lines.tsx';

/** Kelas Kuliah on the dashboard: the user's classes of the current period (5, spec 1 §9). */
function ClassHighlights() {
  const user = useCurrentUser();
  const semester = useCurrentSemester();
  const allowed = showsClassContent(user);
  const periode = semester.data?.periode;
  const query = useQuery({ ...highlightClassesQuery(periode), enabled: allowed && periode !== undefined });
  // The cards render in a transition once they arrive: no long task on a slow phone (docs/web.md).
  const classes = useDeferredValue(query.data);
  if (!allowed) return null;

  let body;
  if (semester.isPending || (periode !== undefined && !classes && !query.isError)) {
    body = <LoadingLines />;
  } else if (query.isError) {
    body = <PlainAlert type="error" title="Kelas gagal dimuat" description={query.error.message} />;
  } else if (!classes || classes.data.length === 0) {
    body = <EmptyState description="Tidak ada kelas pada periode berjalan." />;
  } else {
    body = (
      <div className="dashboard-classes">
        {classes.data.map((item) => (
          <ClassHighlightCard key={item.id} item={item} linkClassName="dashboard-class" />
        ))}
      </div>
    );
  }
  return (
    <DashboardPanel
      title="Kelas Kuliah"
      extra={classes && classes.meta.total_items > 0 ? <Link to="/kelas">Lihat Semua</Link> : null}
    >
      {body}
    </DashboardPanel>
  );
}

/** /beranda: statistics tiles, Kalender with Keterangan, Pengumuman and the current classes. */
export function DashboardPage() {
  return (
    <div className="dashboard">
      <StatTiles />
      <div className="dashboard-columns">
        <ClassHighlights />
        <div className="dashboard-columns__side">
          <CalendarCard />
          <AnnouncementCard />
        </div>
      </div>
    </div>
  );
}
