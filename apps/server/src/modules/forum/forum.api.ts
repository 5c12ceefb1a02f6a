// What other areas may use of the forum area: reads only.
import type { Db } from '../../db/database.ts';
import { readFactsOfContents } from '../activity/activity.api.ts';
import { findMeetingForums } from './forum.repository.ts';

/** A forum of a meeting with each student's part in it (students without a post are absent). */
export interface MeetingForumCompletion {
  id: string;
  kelasId: string;
  judul: string;
  nomor: number;
  waktuMulai: Date;
  waktuSelesai: Date;
  minimalPost: number;
  /** By student id: their posts as recorded and whether they completed (posted minimal_post times). */
  students: Map<string, { posts: number; completed: boolean }>;
}

/**
 * A meeting's forums by start with who took part (the attendance page's forum list). Completion is the
 * activity model's fact, the same one the meeting's attendance counts: a post deleted later keeps it.
 * Two statements whatever the number of forums.
 */
export async function readMeetingForumCompletion(
  db: Db,
  collegeId: string,
  meetingId: string,
): Promise<MeetingForumCompletion[]> {
  const rows = await findMeetingForums(db, collegeId, meetingId);
  const facts = await readFactsOfContents(
    db,
    collegeId,
    rows.map((r) => ({ kind: 'forum' as const, contentId: r.id })),
  );
  const byForum = new Map(rows.map((r) => [r.id, new Map<string, { posts: number; completed: boolean }>()]));
  for (const f of facts) {
    byForum.get(f.contentId)?.set(f.mahasiswaId, { posts: f.postCount ?? 0, completed: f.completed });
  }
  return rows.map((r) => ({
    id: r.id,
    kelasId: r.kelasId,
    judul: r.judul,
    nomor: r.nomor,
    waktuMulai: r.waktuMulai,
    waktuSelesai: r.waktuSelesai,
    minimalPost: r.minimalPost,
    students: byForum.get(r.id)!,
  }));
}
