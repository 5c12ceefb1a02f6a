import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  CloudDownloadOutlined,
  DownOutlined,
  ExportOutlined,
  LogoutOutlined,
  UserOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { PlainButton } from '../../components/plain-button.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { useCurrentUser } from '../../lib/queries/get-current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { takeProviderSignOutUrl } from '../../lib/session/provider-session.ts';
import { signOut } from '../../lib/session/sign-out.ts';
import { offersActAsStudent, siakadSsoHref } from '../menus.ts';

interface ProfileMenuItem {
  key: string;
  label: string;
  icon: ReactNode;
  danger?: boolean;
  /** A line above the item. */
  divided?: boolean;
  onSelect: () => void;
}

/** Moves the focus between the items of an open menu with the arrow keys, Home and End. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]')];
  const current = items.indexOf(document.activeElement as HTMLButtonElement);
  const next: Record<string, number> = {
    ArrowDown: (current + 1) % items.length,
    ArrowUp: (current - 1 + items.length) % items.length,
    Home: 0,
    End: items.length - 1,
  };
  if (next[event.key] === undefined) return;
  event.preventDefault();
  items[next[event.key]!]?.focus();
}

/**
 * The profile dropdown (spec 1 §2): Profil Saya, Login Akun Lain, SIAKAD, Logout. A menu of buttons in
 * a panel under the trigger rather than antd's Dropdown or Popover, which bring antd's Menu or its
 * positioning engine (10–20 KB gzip) to every page's first load for four items.
 */
export function ProfileMenu({ compact, onActAsStudent }: { compact: boolean; onActAsStudent: () => void }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const area = useRef<HTMLDivElement>(null);

  // A press anywhere outside the trigger and the menu closes it, as a popover does.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!area.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const items: ProfileMenuItem[] = [
    { key: 'profil', icon: <UserOutlined />, label: 'Profil Saya', onSelect: () => void navigate('/profil') },
    // What a student keeps on the phone, reachable from every page, online or not (issue 44 §4).
    ...(user.role === 'mahasiswa' && !user.acting_operator
      ? [
          {
            key: 'materi-tersimpan',
            icon: <CloudDownloadOutlined />,
            label: 'Materi Tersimpan',
            onSelect: () => void navigate('/materi-tersimpan'),
          },
        ]
      : []),
    ...(offersActAsStudent(user)
      ? [
          {
            key: 'akun-lain',
            icon: <UserSwitchOutlined />,
            label: 'Login Akun Lain',
            onSelect: onActAsStudent,
          },
        ]
      : []),
    {
      key: 'siakad',
      icon: <ExportOutlined />,
      label: 'SIAKAD',
      onSelect: () => window.open(siakadSsoHref(user.role), '_blank', 'noopener'),
    },
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: 'Logout',
      danger: true,
      divided: true,
      onSelect: () =>
        void signOut()
          .then(() => {
            // A session from the campus provider ends there too; the provider sends the browser to /login.
            const providerSignOut = takeProviderSignOutUrl();
            if (providerSignOut) return window.location.assign(providerSignOut);
            return navigate('/login', { replace: true });
          })
          .then(() => queryClient.clear()),
    },
  ];

  const menu = (
    <ul
      role="menu"
      aria-label="Menu profil"
      className="profile-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          setOpen(false);
          trigger.current?.focus();
        } else moveFocus(event);
      }}
    >
      {items.map((item, index) => (
        <li key={item.key} role="none" className={item.divided ? 'profile-menu-divided' : undefined}>
          <button
            type="button"
            role="menuitem"
            className={item.danger ? 'profile-menu-item is-danger' : 'profile-menu-item'}
            // The first item takes the focus when the menu opens, as menus do.
            autoFocus={index === 0}
            onClick={() => {
              setOpen(false);
              item.onSelect();
            }}
          >
            {item.icon}
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );

  return (
    <div
      ref={area}
      className="profile-menu-area"
      // Tab out of the open menu closes it, as a press outside does. Only when the focus went to another
      // element: a press on an item in Safari, which focuses no button, blurs with no element to go to.
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <PlainButton
        ref={trigger}
        variant="text"
        className="profile-trigger"
        aria-label="Menu profil"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((isOpen) => !isOpen)}
      >
        <UserAvatar size={32} src={user.foto_url} alt="" />
        {compact ? null : <span className="profile-name">{user.nama}</span>}
        <DownOutlined style={{ fontSize: 11 }} />
      </PlainButton>
      {open ? <div className="profile-menu-panel">{menu}</div> : null}
    </div>
  );
}
