import { HomeOutlined, MenuOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Typography } from 'antd';
import { Link } from 'react-router';
import { useRouteHandle } from '../../components/route-handle.ts';
import { defaultTimeZone, hourInZone } from '../../lib/date.ts';
import { useConfiguration } from '../../lib/queries/get-configuration.ts';
import { useCurrentUser } from '../../lib/queries/get-current-user.ts';
import { serverNow } from '../../lib/server-clock.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { ServerClock } from './server-clock.tsx';

/** Greeting by the hour in the college's time zone. */
export function greetingFor(hour: number): string {
  if (hour >= 4 && hour < 11) return 'Selamat pagi';
  if (hour >= 11 && hour < 15) return 'Selamat siang';
  if (hour >= 15 && hour < 18) return 'Selamat sore';
  return 'Selamat malam';
}

/** Header (spec 1 §2): title, greeting, breadcrumb, server time on wider screens, profile menu. */
export function AppHeader({
  isPhone,
  onOpenMenu,
  onActAsStudent,
}: {
  isPhone: boolean;
  onOpenMenu: () => void;
  onActAsStudent: () => void;
}) {
  const user = useCurrentUser();
  const handle = useRouteHandle();
  const timeZone = useConfiguration().data?.time_zone ?? defaultTimeZone;
  const title = handle?.title ?? 'LMS Mahasiswa';
  const firstName = user.nama.split(' ')[0];

  const crumbs = [
    {
      key: 'home',
      title: (
        <Link to="/beranda" aria-label="Beranda">
          <HomeOutlined />
        </Link>
      ),
    },
    ...(handle?.parent
      ? [{ key: 'parent', title: <Link to={handle.parent.path}>{handle.parent.title}</Link> }]
      : []),
    ...(handle && handle.title !== 'Beranda' ? [{ key: 'page', title: handle.title }] : []),
  ];

  return (
    <header className="app-header">
      <div className="app-header-row">
        {isPhone ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label="Buka menu"
            onClick={onOpenMenu}
            className="menu-button"
          />
        ) : null}
        <div className="app-header-title">
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary" className="app-greeting">
            {greetingFor(hourInZone(serverNow(), timeZone))}, {firstName}
          </Typography.Text>
        </div>
        {isPhone ? null : <ServerClock />}
        <ProfileMenu compact={isPhone} onActAsStudent={onActAsStudent} />
      </div>
      <Breadcrumb items={crumbs} className="app-breadcrumb" />
    </header>
  );
}
