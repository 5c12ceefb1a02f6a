import type { QueryKey } from '@tanstack/react-query';
import type { MeetingDetail } from '@lms/contract/meeting.schema';
import { examKeys } from './query-keys/exam-query-keys.ts';
import { forumKeys } from './query-keys/forum-query-keys.ts';
import { materialKeys } from './query-keys/material-query-keys.ts';
import { taskKeys } from './query-keys/task-query-keys.ts';
import { vidconKeys } from './query-keys/vidcon-query-keys.ts';
import { serializeParams } from './query-string.ts';

/** A kind of a meeting's content: the keys of its counts (materials, tasks, quizzes and exams, …). */
export type MeetingContentKind = keyof MeetingDetail['count_activity'];

/** A meeting page's ids: its class only where the path names it (/kelas/{id}/{meetingId}). */
export interface MeetingPageIds {
  meetingId: string;
  classId?: string;
}

/** The list a content block draws with: its GET (an answer `{ data }`) and the query key it is kept under. */
export interface MeetingContentList {
  url: string;
  queryKey: QueryKey;
}

/** A meeting holds a handful of materials; one page of this size shows them all. */
export const meetingMaterialLimit = 100;

/** A meeting's materials: a list of its class, asked for with the meeting's id. */
export function meetingMaterialsList(classId: string, meetingId: string) {
  const params = serializeParams({ id_pertemuan: meetingId, per_page: meetingMaterialLimit });
  return {
    url: `/v2/lms/kelas_kuliah/${encodeURIComponent(classId)}/materi?${params}`,
    queryKey: materialKeys.meetingList(classId, meetingId),
  };
}

/**
 * The meeting page's content kinds and the list each one's block draws with: its feature's query, the
 * route's loader (app/page-prefetch.ts) and the early entry (first-screens.ts) all take the URL and key
 * from here. Plain data without React, as the early entry runs before the app; the blocks themselves
 * (label, icon, component) are app/meeting-content-registry.tsx. In the order the page asks for them: a
 * class's list last, and only where the path names the class (null otherwise).
 */
export const meetingContentLists = {
  tugas: ({ meetingId }: MeetingPageIds) => ({
    url: `/v2/lms/pertemuan/${meetingId}/tugas`,
    queryKey: taskKeys.meetingList(meetingId),
  }),
  ujian: ({ meetingId }: MeetingPageIds) => ({
    url: `/v2/lms/pertemuan/${meetingId}/ujian`,
    queryKey: examKeys.meetingList(meetingId),
  }),
  forum: ({ meetingId }: MeetingPageIds) => ({
    url: `/v2/lms/pertemuan/${meetingId}/forum`,
    queryKey: forumKeys.meetingList(meetingId),
  }),
  vidcon: ({ meetingId }: MeetingPageIds) => ({
    url: `/v2/lms/pertemuan/${meetingId}/vidcon`,
    queryKey: vidconKeys.meetingList(meetingId),
  }),
  materi: ({ meetingId, classId }: MeetingPageIds) =>
    classId === undefined ? null : meetingMaterialsList(classId, meetingId),
} satisfies Record<MeetingContentKind, (ids: MeetingPageIds) => MeetingContentList | null>;

/** The lists a meeting page asks for, in order. */
export function meetingContentListsOf(ids: MeetingPageIds): MeetingContentList[] {
  return Object.values(meetingContentLists).flatMap((listOf) => listOf(ids) ?? []);
}
