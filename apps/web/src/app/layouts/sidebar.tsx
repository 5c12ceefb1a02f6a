import { Link, useLocation } from 'react-router';
import { roleLabels } from '@lms/contract/role.rules';
import { CollegeLogo } from '../../components/college-logo.tsx';
import { PlainTag } from '../../components/plain-tag.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { rememberedCollegeName } from '../../lib/college.ts';
import { useConfiguration } from '../../lib/queries/get-configuration.ts';
import { useCurrentSemester } from '../../lib/queries/get-current-semester.ts';
import { useCurrentUser } from '../../lib/queries/get-current-user.ts';
import { activeMenuPath, menuForUser, type MenuItem } from '../menus.ts';
import { menuIcons } from './menu-icons.tsx';

/**
 * The menu as a list of links (real addresses: they open in a new tab, show where they lead). The
 * menu roles are those antd's Menu gave it; antd's Menu itself, with its overflow and tooltip code,
 * cost the first screen about 20 KB gzip for a list that never collapses or pops up.
 */
function MenuList({
  items,
  active,
  onNavigate,
  nested = false,
}: {
  items: MenuItem[];
  active: string | undefined;
  onNavigate?: () => void;
  nested?: boolean;
}) {
  return (
    <ul role="menu" aria-label={nested ? undefined : 'Menu'} className="sidebar-menu">
      {items.map((item) => (
        <li key={item.path} role="none">
          <Link
            to={item.path}
            role="menuitem"
            className={item.path === active ? 'sidebar-menu-item is-active' : 'sidebar-menu-item'}
            aria-current={item.path === active ? 'page' : undefined}
            onClick={onNavigate}
          >
            <span className="sidebar-menu-icon" aria-hidden>
              {menuIcons[item.icon]}
            </span>
            {item.label}
          </Link>
          {item.children?.length ? (
            <MenuList items={item.children} active={active} onNavigate={onNavigate} nested />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Sidebar content (spec 1 §2): college, user card with status and period, and the menu. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const period = useCurrentSemester().data;
  const collegeName = useConfiguration().data?.nama ?? rememberedCollegeName() ?? '';
  const { pathname } = useLocation();
  const items = menuForUser(user);
  const active = activeMenuPath(items, pathname);

  return (
    <nav aria-label="Menu utama" className="sidebar">
      <div className="sidebar-college">
        <CollegeLogo size={40} />
        <strong className="sidebar-college-name">{collegeName}</strong>
      </div>
      <div className="sidebar-user">
        <UserAvatar size={56} src={user.foto_url} alt={user.nama} />
        <div style={{ minWidth: 0 }}>
          <strong className="sidebar-user-name">{user.nama}</strong>
          <span className="sidebar-user-role">
            {roleLabels[user.role]} · {user.username}
          </span>
          <div className="sidebar-tags">
            <PlainTag color={user.status === 'Aktif' ? 'green' : 'orange'}>{user.status}</PlainTag>
            {period ? <PlainTag color="blue">Periode {period.label}</PlainTag> : null}
          </div>
        </div>
      </div>
      <MenuList items={items} active={active} onNavigate={onNavigate} />
    </nav>
  );
}
