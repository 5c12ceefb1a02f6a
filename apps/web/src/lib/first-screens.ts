import { calendarMonthRange, localMonthOf } from '@lms/contract/dashboard.rules';
import { dashboardPageSize, defaultPageSize } from '@lms/contract/pagination.rules';
import { meetingContentListsOf } from './meeting-content-lists.ts';
import { serializeParams } from './query-string.ts';

// The screens a visit most often opens on (a bookmark, a link in a chat, a reload): the dashboard, a
// class page and a meeting page. The early entry (early-main.ts) starts their code and their answers while
// the app's libraries still download: without it both wait for the app to run and match the route, one
// slow round trip after another. Their routes are in app/router.tsx; the answers are those their route
// loaders ask for (app/page-prefetch.ts), built the same way, which app/page-prefetch.test.ts checks.
// A path that differs from the router's only means that nothing is asked for early.

/** A first screen: its build files' key (build/early-requests.plugin.ts) and the GETs it draws with. */
export interface FirstScreen {
  screen: 'dashboard' | 'class' | 'meeting';
  requests: string[];
}

/** Items of the dashboard's Pengumuman card (spec 1 §9). */
export const dashboardAnnouncementCount = 2;
/** Tasks a class page's task monitoring card lists. */
export const classTasksFirstPage = { page: 1, per_page: 50 };

/** Class sub-pages that are not meetings (`/kelas/{id}/profil`, ...). */
const classSubPages = new Set(['profil', 'kelompok', 'tugas']);

/** The meeting, then its content blocks' lists (lib/meeting-content-lists.ts). */
function meetingRequests(meetingId: string, classId?: string): string[] {
  const lists = meetingContentListsOf({ meetingId, classId }).map((list) => list.url);
  return [`/v2/lms/pertemuan/${meetingId}`, ...lists];
}

/** The first screen a path opens, with the answers it asks for when it draws; null for any other path. */
export function matchFirstScreen(pathname: string): FirstScreen | null {
  const parts = pathname.split('/').filter(Boolean).map(decodeSegment);
  if (parts.includes(null)) return null;
  const [area, id, meetingId, more] = parts as string[];
  if (area === 'beranda' && !id) {
    return {
      screen: 'dashboard',
      requests: [
        '/v2/lms/statistik_beranda',
        `/v2/lms/pengumuman?${serializeParams({ page: 1, per_page: dashboardAnnouncementCount })}`,
      ],
    };
  }
  if (area === 'pertemuan' && id && !meetingId) return { screen: 'meeting', requests: meetingRequests(id) };
  if (area !== 'kelas' || !id || more) return null;
  const classPath = `/v2/lms/kelas_kuliah/${encodeURIComponent(id)}`;
  if (!meetingId) {
    return {
      screen: 'class',
      requests: [
        classPath,
        `${classPath}/pertemuan?${serializeParams({ page: 1, per_page: defaultPageSize })}`,
        `/v2/lms/tugas?${serializeParams({ ...classTasksFirstPage, id_kelas_kuliah: id })}`,
        `${classPath}/kelompok`,
      ],
    };
  }
  if (classSubPages.has(meetingId)) return null;
  return { screen: 'meeting', requests: meetingRequests(meetingId, id) };
}

/**
 * The dashboard's answers that wait for the college's zone and the current period (its LCP is this
 * month's calendar): this month's events, and the period's classes for those whose dashboard lists them
 * (`listsClasses`: the early entry leaves operators, whose card depends on their rights, to the page).
 */
export function dashboardFollowUpRequests(context: {
  timeZone: string;
  periode: number | null;
  listsClasses: boolean;
  now?: number;
}): string[] {
  const { start, end } = calendarMonthRange(
    localMonthOf(context.now ?? Date.now(), context.timeZone),
    context.timeZone,
  );
  const requests = [`/v2/lms/kalender?${serializeParams({ start, end })}`];
  if (context.listsClasses && context.periode !== null) {
    requests.push(
      `/v2/lms/kelas_kuliah?${serializeParams({ page: 1, per_page: dashboardPageSize, periode: context.periode })}`,
    );
  }
  return requests;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
