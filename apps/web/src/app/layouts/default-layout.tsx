import { Suspense, lazy, useState } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { Button, Layout, Modal } from 'antd';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { ActingBanner } from '../../features/act-as-student/components/acting-banner.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCurrentUser } from '../../lib/queries/get-current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useIsPhone } from '../../lib/use-is-phone.ts';
import { AppHeader } from './app-header.tsx';
import { Sidebar } from './sidebar.tsx';
import { useLastActivePing } from './use-last-active-ping.ts';
import { useServerTimeEvents } from './use-server-time-events.ts';
import './default-layout.css';
import { useToasts } from '../../components/toasts.tsx';

// Loaded on the first click of Login Akun Lain: its list, pagination and search are not part of the
// first screen, and few users (operators with write on kelas_kuliah) ever open it.
const ActAsStudentModal = lazy(async () => ({
  default: (await import('../../features/act-as-student/components/act-as-student-modal.tsx'))
    .ActAsStudentModal,
}));

/** Default layout (spec 1 §2): side menu (a full-screen modal on phones), header, acting banner. */
export function DefaultLayout() {
  const user = useCurrentUser();
  const isPhone = useIsPhone();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { message } = useToasts();
  const [menuOpen, setMenuOpen] = useState(false);
  const [actAsOpen, setActAsOpen] = useState(false);
  // Stays mounted once opened, so the closing animation plays.
  const [actAsLoaded, setActAsLoaded] = useState(false);
  useServerTimeEvents();
  useLastActivePing();

  return (
    <Layout className="app-shell">
      {navigation.state === 'loading' ? <div className="route-progress" aria-hidden /> : null}
      {isPhone ? null : (
        <Layout.Sider width={272} className="app-sider">
          <Sidebar />
        </Layout.Sider>
      )}
      <Layout>
        {user.acting_operator ? (
          <ActingBanner
            user={user}
            onReturned={(restored) => {
              if (restored) {
                void navigate('/beranda', { replace: true });
                void message.success('Anda kembali ke akun operator.');
              } else {
                void Promise.resolve(navigate('/login', { replace: true })).then(() => queryClient.clear());
              }
            }}
          />
        ) : null}
        <AppHeader
          isPhone={isPhone}
          onOpenMenu={() => setMenuOpen(true)}
          onActAsStudent={() => {
            setActAsLoaded(true);
            setActAsOpen(true);
          }}
        />
        <Layout.Content className="app-content">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      {isPhone ? (
        <Modal
          open={menuOpen}
          onCancel={() => setMenuOpen(false)}
          footer={null}
          closable={false}
          width="100%"
          className="phone-menu-modal"
          // A plain fade: zooming a full-screen panel stutters on low-end phones.
          transitionName="ant-fade"
          title={null}
          aria-label="Menu"
        >
          <Button
            type="text"
            icon={<CloseOutlined />}
            aria-label="Tutup menu"
            onClick={() => setMenuOpen(false)}
            className="phone-menu-close"
          />
          <Sidebar onNavigate={() => setMenuOpen(false)} />
        </Modal>
      ) : null}
      {actAsLoaded ? (
        <Suspense fallback={null}>
          <ActAsStudentModal
            open={actAsOpen}
            onClose={() => setActAsOpen(false)}
            onActing={() => {
              void navigate('/beranda', { replace: true });
              void message.success('Anda sekarang masuk sebagai mahasiswa.');
            }}
          />
        </Suspense>
      ) : null}
    </Layout>
  );
}
