import { Suspense, useState } from 'react';
import { Outlet, useNavigate, useNavigation } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { useCurrentUser } from '../../lib/queries/get-current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useIsPhone } from '../../lib/use-is-phone.ts';
import { lazyWithAntd } from '../../components/lazy-with-antd.tsx';
import { useOfflineEvidenceSync } from '../../features/material/components/use-offline-evidence-sync.ts';
import { useOnlineStatus } from '../../features/material/components/use-online-status.ts';
import { AppHeader } from './app-header.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { PhoneMenu } from './phone-menu.tsx';
import { Sidebar } from './sidebar.tsx';
import { mainContentId, SkipLink } from './skip-link.tsx';
import { useLastActivePing } from './use-last-active-ping.ts';
import { useServerTimeEvents } from './use-server-time-events.ts';
import { useToasts } from '../../components/toasts.tsx';
import './default-layout.css';

// Only an operator acting as a student sees the banner (antd's Alert): not part of everyone's first load.
const ActingBanner = lazyWithAntd(
  async () => (await import('../../features/act-as-student/components/acting-banner.tsx')).ActingBanner,
);

// Loaded on the first click of Login Akun Lain: its list, pagination and search are not part of the
// first screen, and few users (operators with write on kelas_kuliah) ever open it.
const ActAsStudentModal = lazyWithAntd(
  async () =>
    (await import('../../features/act-as-student/components/act-as-student-modal.tsx')).ActAsStudentModal,
);

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
  // An operator acting for a student records nothing offline (the server refuses), so sends nothing.
  const student = user.role === 'mahasiswa' && !user.acting_operator;
  useOfflineEvidenceSync(user.id, student, useOnlineStatus());

  return (
    // Plain markup in antd Layout's arrangement: the shell is drawn before any antd code has loaded.
    <div className="app-shell">
      <SkipLink />
      {navigation.state === 'loading' ? <div className="route-progress" aria-hidden /> : null}
      {isPhone ? null : (
        <aside className="app-sider">
          <div className="app-sider__inner">
            <Sidebar />
          </div>
        </aside>
      )}
      <div className="app-main">
        {user.acting_operator ? (
          <Suspense fallback={null}>
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
          </Suspense>
        ) : null}
        <OfflineBanner student={student} />
        <AppHeader
          isPhone={isPhone}
          onOpenMenu={() => setMenuOpen(true)}
          onActAsStudent={() => {
            setActAsLoaded(true);
            setActAsOpen(true);
          }}
        />
        {/* tabIndex -1: the skip link's target takes focus, without being a stop of its own. */}
        <main id={mainContentId} tabIndex={-1} className="app-content">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {isPhone ? <PhoneMenu open={menuOpen} onClose={() => setMenuOpen(false)} /> : null}
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
    </div>
  );
}
