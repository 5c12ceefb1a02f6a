import type { LoaderFunctionArgs } from 'react-router';
import { defaultPageSize } from '@lms/contract/pagination.rules';
import { getClassQuery } from '../features/class/api/get-class.ts';
import { prefetchDashboard } from '../features/dashboard/api/dashboard-page-queries.ts';
import { meetingExamsQuery } from '../features/exam/api/list-meeting-exams.ts';
import { meetingForumsQuery } from '../features/forum/api/list-meeting-forums.ts';
import { meetingMaterialsQuery } from '../features/material/api/list-meeting-materials.ts';
import { meetingQuery } from '../features/meeting/api/get-meeting.ts';
import { classTasksQuery } from '../features/task/api/list-my-tasks.ts';
import { meetingTasksQuery } from '../features/task/api/list-meeting-tasks.ts';
import { classGroupsQuery } from '../features/task-group/api/get-class-groups.ts';
import { meetingVidconsQuery } from '../features/vidcon/api/list-meeting-vidcons.ts';
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
  void queryClient.prefetchQuery(meetingTasksQuery(meetingId));
  void queryClient.prefetchQuery(meetingExamsQuery(meetingId));
  void queryClient.prefetchQuery(meetingForumsQuery(meetingId));
  void queryClient.prefetchQuery(meetingVidconsQuery(meetingId));
  if (classId) void queryClient.prefetchQuery(meetingMaterialsQuery(classId, meetingId));
  return null;
}
