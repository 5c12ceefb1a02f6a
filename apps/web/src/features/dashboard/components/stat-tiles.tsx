import { useQuery } from '@tanstack/react-query';
import { CommentOutlined, FileDoneOutlined, FormOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardStatistics } from '@lms/contract/dashboard.schema';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { showsClassContent } from '../api/dashboard-page-queries.ts';
import { dashboardStatisticsQuery } from '../api/get-dashboard-statistics.ts';

interface Tile {
  key: keyof DashboardStatistics;
  label: string;
  route: string;
  icon: ReactNode;
  tone: string;
}

/** The statistics tiles of spec 1 §2, each linking to /{routeName}. */
export const statisticTiles: Tile[] = [
  { key: 'tugas', label: 'Tugas', route: '/tugas', icon: <FileDoneOutlined />, tone: 'blue' },
  { key: 'ujian', label: 'Kuis/Ujian', route: '/ujian', icon: <FormOutlined />, tone: 'violet' },
  { key: 'forum', label: 'Forum', route: '/forum', icon: <CommentOutlined />, tone: 'teal' },
  { key: 'vidcon', label: 'Vidcon', route: '/vidcon', icon: <VideoCameraOutlined />, tone: 'amber' },
];

/**
 * Tugas, Kuis/Ujian, Forum and Vidcon with the user's counts; a tile the server does not count for the
 * user (null: an operator without read on Kelas Kuliah) is left out, the row with it when none is left.
 */
export function StatTiles() {
  const allowed = showsClassContent(useCurrentUser());
  const query = useQuery({ ...dashboardStatisticsQuery, enabled: allowed });
  // The user's rights leave the row out before the answer comes; the answer's nulls decide per tile.
  const tiles = allowed ? statisticTiles.filter((tile) => query.data?.[tile.key] !== null) : [];
  if (tiles.length === 0) return null;
  return (
    // A CSS grid, not antd's Row and Col: their styles are ~87 KB of CSS generated in the page (issue 17).
    <div className="dashboard-tiles" role="list" aria-label="Ringkasan aktivitas">
      {tiles.map((tile) => (
        <div key={tile.key} role="listitem">
          <Link to={tile.route} className={`dashboard-tile dashboard-tile--${tile.tone}`}>
            <span className="dashboard-tile__icon" aria-hidden>
              {tile.icon}
            </span>
            <span className="dashboard-tile__text">
              <span className="dashboard-tile__count">{query.data?.[tile.key] ?? '–'}</span>
              <span className="dashboard-tile__label">{tile.label}</span>
            </span>
          </Link>
        </div>
      ))}
    </div>
  );
}
