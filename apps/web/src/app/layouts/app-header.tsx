import { MenuOutlined } from '@ant-design/icons';
import { PlainButton } from '../../components/plain-button.tsx';
import { NotificationBell } from '../../features/notification/components/notification-bell.tsx';
import { useRouteHandle } from '../../components/route-handle.ts';
import { defaultTimeZone, hourInZone } from '../../lib/date.ts';
import { useConfiguration } from '../../lib/queries/get-configuration.ts';
import { useCurrentUser } from '../../lib/queries/get-current-user.ts';
import { serverNow } from '../../lib/server-clock.ts';
import { AppBreadcrumb } from './app-breadcrumb.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { ServerClock } from './server-clock.tsx';

/** Greeting by the hour in the college's time zone. */
export function greetingFor(hour: number): string {
  if (hour >= 4 && hour < 11) return 'Selamat pagi';
  if (hour >= 11 && hour < 15) return 'Selamat siang';
  if (hour >= 15 && hour < 18) return 'Selamat sore';
  return 'Selamat malam';
}

/**
 * Header (spec 1 §2): title, greeting, breadcrumb, server time on wider screens, the notification bell,
 * profile menu.
 */
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

  return (
    <header className="app-header">
      <div className="app-header-row">
        {isPhone ? (
          <PlainButton
            variant="text"
            icon={<MenuOutlined />}
            aria-label="Buka menu"
            onClick={onOpenMenu}
            className="menu-button"
          />
        ) : null}
        <div className="app-header-title">
          {/* Plain elements, not antd Typography: it would bring its editor and tooltip to every page. */}
          <h1 className="app-title">{title}</h1>
          <span className="app-greeting">
            {greetingFor(hourInZone(serverNow(), timeZone))}, {firstName}
          </span>
        </div>
        {isPhone ? null : <ServerClock />}
        <NotificationBell />
        <ProfileMenu compact={isPhone} onActAsStudent={onActAsStudent} />
      </div>
      <AppBreadcrumb />
    </header>
  );
}
