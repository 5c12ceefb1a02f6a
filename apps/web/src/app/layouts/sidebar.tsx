import { UserOutlined } from '@ant-design/icons';
import { Avatar, Menu, Tag, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { roleLabels } from '@lms/contract/role.rules';
import { CollegeLogo } from '../../components/college-logo.tsx';
import { rememberedCollegeName } from '../../lib/college.ts';
import { useConfiguration } from '../../lib/queries/get-configuration.ts';
import { useCurrentSemester } from '../../lib/queries/get-current-semester.ts';
import { useCurrentUser } from '../../lib/queries/get-current-user.ts';
import { activeMenuPath, menuForUser } from '../menus.ts';
import { menuIcons } from './menu-icons.tsx';

/** Sidebar content (spec 1 §2): college, user card with status and period, and the menu. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const period = useCurrentSemester().data;
  const collegeName = useConfiguration().data?.nama ?? rememberedCollegeName() ?? '';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = menuForUser(user);
  const active = activeMenuPath(items, pathname);

  return (
    <nav aria-label="Menu utama" className="sidebar">
      <div className="sidebar-college">
        <CollegeLogo size={40} />
        <Typography.Text strong className="sidebar-college-name">
          {collegeName}
        </Typography.Text>
      </div>
      <div className="sidebar-user">
        <Avatar size={56} src={user.foto_url ?? undefined} icon={<UserOutlined />} alt={user.nama} />
        <div style={{ minWidth: 0 }}>
          <Typography.Text strong className="sidebar-user-name">
            {user.nama}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13, display: 'block' }}>
            {roleLabels[user.role]} · {user.username}
          </Typography.Text>
          <div className="sidebar-tags">
            <Tag color={user.status === 'Aktif' ? 'green' : 'orange'}>{user.status}</Tag>
            {period ? <Tag color="blue">Periode {period.label}</Tag> : null}
          </div>
        </div>
      </div>
      <Menu
        mode="inline"
        selectedKeys={active ? [active] : []}
        items={items.map((item) => ({
          key: item.path,
          icon: menuIcons[item.icon],
          label: item.label,
        }))}
        onClick={({ key }) => {
          void navigate(key);
          onNavigate?.();
        }}
        style={{ borderInlineEnd: 0 }}
      />
    </nav>
  );
}
