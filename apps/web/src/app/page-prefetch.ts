import type { LoaderFunctionArgs } from 'react-router';
import { defaultPageSize } from '@lms/contract/pagination.rules';
import { getClassQuery } from '../features/class/api/get-class.ts';
import { prefetchDashboard } from '../features/dashboard/api/dashboard-page-queries.ts';
import { meetingQuery } from '../features/meeting/api/get-meeting.ts';
import { classTasksQuery } from '../features/task/api/list-my-tasks.ts';
import { classGroupsQuery } from '../features/task-group/api/get-class-groups.ts';
import { apiClient } from '../lib/api-client.ts';
import { meetingContentListsOf } from '../lib/meeting-content-lists.ts';
import { queryClient } from '../lib/query-client.ts';
import { listClassMeetingsQuery } from '../lib/queries/list-class-meetings.ts';

// Route loaders of the first screens: they start the queries a page asks for when it draws at the moment
// the route matches, beside the download of the page's code. Without them a page's data goes out only
// after its code has arrived and run: one more round trip of a slow link before anything shows. They
// return at once (the page shows its own loading and errors); the cache hands the answers to the page.
// See docs/performance.md "Fifth round".

/** /beranda. */
export function prefetchDashboardPage(): null {
  void prefetchDashboard(queryClient);
  return null;
}

/** /kelas/{id}: the class and its cards (meetings' first page, task monitoring, groups). */
export function prefetchClassPage({ params }: LoaderFunctionArgs): null {
  const classId = params.id!;
  void queryClient.prefetchQuery(getClassQuery(classId));
  void queryClient.prefetchQuery(listClassMeetingsQuery(classId, { page: 1, per_page: defaultPageSize }));
  void queryClient.prefetchQuery(classTasksQuery(classId));
  void queryClient.prefetchQuery(classGroupsQuery(classId));
  return null;
}

/** A meeting page (/kelas/{id}/{meetingId}, /pertemuan/{id}): the meeting and its content blocks' lists. */
export function prefetchMeetingPage(meetingId: string, classId?: string): null {
  void queryClient.prefetchQuery(meetingQuery(meetingId));
  // Each block's list by its URL and key (lib/meeting-content-lists.ts), which its feature's query uses too:
  // the blocks' own code stays in the meeting page's chunk.
  for (const { url, queryKey } of meetingContentListsOf({ meetingId, classId })) {
    void queryClient.prefetchQuery({
      queryKey,
      queryFn: async () => (await apiClient.get<{ data: unknown }>(url)).data.data,
    });
  }
  return null;
}
