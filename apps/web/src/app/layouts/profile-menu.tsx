import {
  DownOutlined,
  ExportOutlined,
  LogoutOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/queries/get-current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { signOut } from '../../lib/session/sign-out.ts';
import { offersActAsStudent, siakadSsoHref } from '../menus.ts';

/** The profile dropdown (spec 1 §2): Profil Saya, Login Akun Lain, SIAKAD, Logout. */
export function ProfileMenu({ compact, onActAsStudent }: { compact: boolean; onActAsStudent: () => void }) {
  const user = useCurrentUser();
  const navigate = useNavigate();

  const items: MenuProps['items'] = [
    { key: 'profil', icon: <UserOutlined />, label: 'Profil Saya' },
    ...(offersActAsStudent(user)
      ? [{ key: 'akun-lain', icon: <UserSwitchOutlined />, label: 'Login Akun Lain' }]
      : []),
    { key: 'siakad', icon: <ExportOutlined />, label: 'SIAKAD' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profil') void navigate('/profil');
    if (key === 'akun-lain') onActAsStudent();
    if (key === 'siakad') window.open(siakadSsoHref(user.role), '_blank', 'noopener');
    if (key === 'logout') {
      void signOut()
        .then(() => navigate('/login', { replace: true }))
        .then(() => queryClient.clear());
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="profile-trigger" aria-label="Menu profil">
        <Avatar size={32} src={user.foto_url ?? undefined} icon={<UserOutlined />} alt="" />
        {compact ? null : <span className="profile-name">{user.nama}</span>}
        <DownOutlined style={{ fontSize: 11 }} />
      </Button>
    </Dropdown>
  );
}
