import { createBrowserRouter, data, redirect, type RouteObject } from 'react-router';
import type { RouteHandle } from '../components/route-handle.ts';
import { unmatchedRouteMessage } from '../components/status-page.tsx';
import { readTokens } from '../lib/session/token-store.ts';
import { accessRestrictionMiddleware, authMiddleware, oauthCodeMiddleware } from './middleware.ts';
import { prefetchClassPage, prefetchDashboardPage, prefetchMeetingPage } from './page-prefetch.ts';
import { DefaultLayout } from './layouts/default-layout.tsx';
import { PageTitleFrame } from './page-title.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { safeTarget } from '../lib/safe-target.ts';

/**
 * `children` inside antd's provider (components/antd-scope.tsx), which loads with them: every page but the
 * first screens (dashboard, class and meeting pages) and /oauth uses antd, and those and the shell do not
 * load it (docs/web.md "Plain first screen").
 */
function withAntd(children: RouteObject[]): RouteObject {
  return {
    lazy: async () => ({ Component: (await import('../components/antd-scope.tsx')).AntdScopeRoute }),
    children,
  };
}

/**
 * An attendance area: its list page, a class's recap under it, and a meeting's attendance page under
 * that (Kehadiran › class › Pertemuan n), for lecturers (`dosen`) or operators (`operator`).
 */
function attendanceRoutes(
  path: string,
  title: string,
  classTitle: string,
  listPage: 'AttendanceHomeRoute' | 'OperatorAttendanceListRoute',
  meetingType: 'dosen' | 'operator',
): RouteObject {
  const pages = () => import('./attendance-routes.tsx');
  return {
    path,
    handle: { title } satisfies RouteHandle,
    children: [
      { index: true, lazy: async () => ({ Component: (await pages())[listPage] }) },
      {
        path: ':id',
        handle: { title: classTitle } satisfies RouteHandle,
        children: [
          { index: true, lazy: async () => ({ Component: (await pages()).ClassAttendanceRoute }) },
          {
            path: ':meetingId',
            handle: { title: 'Pertemuan' } satisfies RouteHandle,
            lazy: async () => {
              const { MeetingAttendanceRoute } = await pages();
              return { Component: () => <MeetingAttendanceRoute type={meetingType} /> };
            },
          },
        ],
      },
    ],
  };
}

/**
 * Kelas Kuliah, a class and the pages under it. The class and meeting pages are drawn without antd
 * (first screens, as the dashboard); the others use it.
 */
const classPages: RouteObject = {
  path: 'kelas',
  handle: { title: 'Kelas Kuliah' } satisfies RouteHandle,
  children: [
    withAntd([
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/class/routes/class-list-page.tsx')).ClassListPage,
        }),
      },
    ]),
    {
      path: ':id',
      handle: { title: 'Detail Kelas' } satisfies RouteHandle,
      children: [
        {
          index: true,
          loader: prefetchClassPage,
          lazy: async () => ({
            Component: (await import('./class-route.tsx')).ClassRoute,
          }),
        },
        withAntd([
          {
            path: 'profil',
            handle: { title: 'Profil Kelas' } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/class/routes/class-profile-page.tsx')).ClassProfilePage,
            }),
          },
          {
            path: 'kelompok',
            handle: { title: 'Kelompok' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./task-routes.tsx')).ClassGroupsRoute }),
          },
          {
            path: 'tugas/:activityId',
            handle: { title: 'Tugas' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./task-routes.tsx')).ClassTaskRoute }),
          },
          {
            // The grade recap's way to an exam's results (spec 3 §2): the exam's page in its class.
            path: 'ujian/:activityId',
            handle: { title: 'Detail Ujian' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./exam-routes.tsx')).ExamDetailRoute }),
          },
        ]),
        {
          path: ':meetingId',
          handle: { title: 'Pertemuan' } satisfies RouteHandle,
          children: [
            {
              index: true,
              loader: ({ params }) => prefetchMeetingPage(params.meetingId!, params.id),
              lazy: async () => ({
                Component: (await import('./meeting-route.tsx')).MeetingRoute,
              }),
            },
            withAntd([
              {
                path: 'kehadiran',
                handle: { title: 'Kehadiran Kelas' } satisfies RouteHandle,
                lazy: async () => {
                  const { MeetingAttendanceRoute } = await import('./attendance-routes.tsx');
                  return { Component: () => <MeetingAttendanceRoute type="kelas" /> };
                },
              },
            ]),
          ],
        },
      ],
    },
  ],
};

/** Operators' way to a meeting (from their meeting table): the same plain meeting page. */
const operatorMeetingPage: RouteObject = {
  path: 'pertemuan/:id',
  handle: { title: 'Pertemuan' } satisfies RouteHandle,
  loader: ({ params }) => prefetchMeetingPage(params.id!),
  lazy: async () => ({
    Component: (await import('./meeting-route.tsx')).MeetingRoute,
  }),
};

/** The shell's pages that use antd: all but the dashboard, the class page and the meeting page. */
const antdShellPages: RouteObject[] = [
  attendanceRoutes('kehadiran', 'Kehadiran', 'Detail Kehadiran', 'AttendanceHomeRoute', 'dosen'),
  attendanceRoutes(
    'kehadiran-peserta',
    'Kehadiran Peserta',
    'Kelas',
    'OperatorAttendanceListRoute',
    'operator',
  ),
  {
    path: 'nilai',
    handle: { title: 'Nilai' } satisfies RouteHandle,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./grade-routes.tsx')).GradeHomeRoute }) },
      {
        path: ':id',
        handle: { title: 'Rekap Nilai Kelas' } satisfies RouteHandle,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./grade-routes.tsx')).GradeRecapRoute }),
          },
          {
            path: 'demo-siakad',
            handle: { title: 'Demo Siakad' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('./grade-routes.tsx')).DemoSiakadRoute }),
          },
        ],
      },
    ],
  },
  {
    path: 'jadwal',
    handle: { title: 'Jadwal' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/schedule/routes/timetable-page.tsx')).TimetablePage,
    }),
  },
  {
    path: 'bank-soal',
    handle: { title: 'Bank Soal' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/question-bank/routes/bank-list-page.tsx')).BankListPage,
        }),
      },
      {
        path: ':id',
        handle: { title: 'Detail Bank Soal' } satisfies RouteHandle,
        lazy: async () => ({
          Component: (await import('../features/question-bank/routes/bank-detail-page.tsx')).BankDetailPage,
        }),
      },
    ],
  },
  {
    path: 'pengaturan',
    handle: { title: 'Pengaturan' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/settings/routes/settings-page.tsx')).SettingsPage,
    }),
  },
  {
    path: 'pengumuman',
    handle: { title: 'Pengumuman' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/announcements/routes/announcements-page.tsx')).AnnouncementsPage,
    }),
  },
  {
    path: 'konfigurasi',
    handle: { title: 'Konfigurasi' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('./configuration-route.tsx')).ConfigurationRoute,
    }),
  },
  {
    path: 'pengguna',
    handle: { title: 'Pengguna' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/accounts/routes/accounts-page.tsx')).AccountsPage,
    }),
  },
  {
    path: 'muat-semester',
    handle: { title: 'Muat Semester' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/semester-import/routes/semester-import-page.tsx'))
        .SemesterImportPage,
    }),
  },
  {
    path: 'hak-akses-operator',
    handle: { title: 'Hak Akses Operator' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/operator-rights/routes/operator-rights-page.tsx'))
        .OperatorRightsPage,
    }),
  },
  {
    path: 'profil',
    handle: { title: 'Profil Saya' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./profile-route.tsx')).ProfileRoute }),
  },
  {
    path: 'bantuan',
    handle: { title: 'Bantuan' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('../features/help/routes/help-page.tsx')).HelpPage }),
  },
  {
    path: 'forum',
    handle: { title: 'Forum' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/forum/routes/forum-page.tsx')).ForumPage,
    }),
  },
  {
    path: 'tugas',
    handle: { title: 'Tugas' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/task/routes/task-list-page.tsx')).TaskListPage,
        }),
      },
      {
        path: ':id',
        handle: { title: 'Detail Tugas' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./task-routes.tsx')).TaskDetailRoute }),
      },
    ],
  },
  {
    path: 'ujian',
    handle: { title: 'Kuis/Ujian' } satisfies RouteHandle,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/exam/routes/exam-list-page.tsx')).ExamListPage,
        }),
      },
      {
        path: ':id',
        handle: { title: 'Detail Ujian' } satisfies RouteHandle,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('./exam-routes.tsx')).ExamDetailRoute }),
          },
          {
            path: 'soal',
            handle: { title: 'Pengerjaan Ujian' } satisfies RouteHandle,
            lazy: async () => ({
              Component: (await import('../features/exam/routes/exam-taking-page.tsx')).ExamTakingPage,
            }),
          },
        ],
      },
    ],
  },
  {
    path: 'vidcon',
    handle: { title: 'Vidcon' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/vidcon/routes/vidcon-list-page.tsx')).VidconListPage,
    }),
  },
  {
    path: 'presensi-qr',
    handle: { title: 'Presensi QR' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/qr-attendance/routes/qr-check-in-page.tsx')).QrCheckInPage,
    }),
  },
  {
    path: 'berita/:id?',
    handle: { title: 'Berita' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/announcements/routes/news-page.tsx')).NewsPage,
    }),
  },
];

/**
 * Pages inside the default layout (side menu and header); every route of spec 1 §2. Routes nest by
 * path, so the breadcrumb chains their titles (Beranda › Kelas Kuliah › class › meeting); a page under
 * a parent is the parent's index route.
 */
const shellPages: RouteObject[] = [
  { index: true, loader: () => redirect('/beranda') },
  {
    path: 'beranda',
    handle: { title: 'Beranda' } satisfies RouteHandle,
    loader: prefetchDashboardPage,
    lazy: async () => ({
      Component: (await import('../features/dashboard/routes/dashboard-page.tsx')).DashboardPage,
    }),
  },
  classPages,
  operatorMeetingPage,
  {
    // Plain, as the meeting page whose material cards it shows: it must open offline from the phone.
    path: 'materi-tersimpan',
    handle: { title: 'Materi Tersimpan' } satisfies RouteHandle,
    lazy: async () => ({
      Component: (await import('../features/material/routes/kept-materials-page.tsx')).KeptMaterialsPage,
    }),
  },
  withAntd(antdShellPages),
];

/**
 * The route tree: every route sits in the page-title frame (spec 1 §2), then middleware in the order of
 * spec 1 §4 (oauth-code, auth, access-restriction).
 */
export const routes: RouteObject[] = [
  {
    Component: PageTitleFrame,
    children: [
      withAntd([
        {
          // Stands in for SIAKAD during development and tests: it receives SIAKAD's codes, so it sits
          // outside the oauth-code middleware, which would otherwise take them for the LMS's own.
          path: '/dev',
          handle: { title: 'Halaman Pengembang' } satisfies RouteHandle,
          lazy: async () => ({ Component: (await import('../features/dev/routes/dev-page.tsx')).DevPage }),
          ErrorBoundary: RouteErrorBoundary,
        },
      ]),
      {
        id: 'root',
        middleware: [oauthCodeMiddleware],
        ErrorBoundary: RouteErrorBoundary,
        // Nothing while the first page's code and answers come: index.html's static frame of the shell and
        // a page stays until React draws here (docs/web.md "Before the app starts").
        HydrateFallback: () => null,
        children: [
          {
            path: 'login',
            loader: ({ request }) => {
              // Already signed in: straight on to where the visitor wanted to go.
              if (readTokens()) throw redirect(safeTarget(new URL(request.url).searchParams.get('redirect')));
              return null;
            },
            // The sign-in page is its own entry (login.html); this route only loads it.
            lazy: async () => ({
              Component: (await import('../features/auth/routes/login-reload-page.tsx')).LoginReloadPage,
            }),
          },
          {
            // Plain: every sign-in passes through it (its loader finishes the sign-in).
            path: 'oauth',
            lazy: async () => {
              const page = await import('../features/auth/routes/oauth-page.tsx');
              return { Component: page.OAuthPage, loader: page.oauthLoader };
            },
          },
          {
            middleware: [authMiddleware],
            children: [
              withAntd([
                {
                  path: 'sso',
                  lazy: async () => ({
                    Component: (await import('../features/sso/routes/sso-page.tsx')).SsoPage,
                  }),
                },
              ]),
              {
                middleware: [accessRestrictionMiddleware],
                children: [
                  withAntd([
                    {
                      path: 'forbidden/:idPertemuan?',
                      lazy: async () => ({
                        Component: (await import('../features/access-restriction/routes/forbidden-page.tsx'))
                          .ForbiddenPage,
                      }),
                    },
                  ]),
                  {
                    Component: DefaultLayout,
                    children: [{ ErrorBoundary: RouteErrorBoundary, children: shellPages }],
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            loader: () => {
              throw data(unmatchedRouteMessage, { status: 404, statusText: 'Not Found' });
            },
          },
        ],
      },
    ],
  },
];

/** Creates the browser router. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
