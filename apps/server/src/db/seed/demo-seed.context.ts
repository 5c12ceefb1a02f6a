import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../database.ts';
import {
  campuses,
  courseEvaluationPlans,
  courseLearningPlans,
  courses,
  lectureSessions,
  periods,
  rooms,
} from '../schema/academic.schema.ts';
import { announcements, newsArticles } from '../schema/announcement.schema.ts';
import {
  classSchedules,
  classStudents,
  classStudyPrograms,
  classTeachers,
  classes,
} from '../schema/class.schema.ts';
import { colleges } from '../schema/college.schema.ts';
import { examAnswers, examAttempts, examGroups, examQuestions, exams } from '../schema/exam.schema.ts';
import { bankQuestions, questionBanks } from '../schema/question-bank.schema.ts';
import { activities, activityFacts, attendanceProgress } from '../schema/activity.schema.ts';
import { lecturerAttendance, studentAttendance } from '../schema/attendance.schema.ts';
import { programSignatories } from '../schema/bap.schema.ts';
import { forumJoins, forumPosts, forums } from '../schema/forum.schema.ts';
import { gradeComponentActivities } from '../schema/grade.schema.ts';
import { helpArticles } from '../schema/help.schema.ts';
import { taskGroupMembers, taskGroups, taskSubmissions, tasks } from '../schema/task.schema.ts';
import { materials } from '../schema/material.schema.ts';
import { vidcons } from '../schema/vidcon.schema.ts';
import { lecturers, students, users } from '../schema/identity.schema.ts';
import { meetingTeachers, meetings } from '../schema/meeting.schema.ts';
import { siakadDemoClasses, siakadDemoComponents } from '../schema/siakad.schema.ts';
import { studyPrograms } from '../schema/study-program.schema.ts';
import { SeededRandom, createStableUuid } from './seeded-random.ts';

/** Hours the college's zone (Asia/Jakarta, WIB) is ahead of UTC; WIB has no daylight saving. */
export const zoneOffsetMs = 7 * 3_600_000;
export const minuteMs = 60_000;
export const dayMs = 86_400_000;
export const weekMs = 7 * dayMs;
/** The week of the current period that holds `now` (0-based): meetings 1–6 lie before it. */
export const currentWeekIndex = 6;

type Row<T extends PgTable> = T['$inferInsert'];

/** Every row of the demo university, table by table, in insertion order. */
export interface DemoUniversityRows {
  colleges: Row<typeof colleges>[];
  studyPrograms: Row<typeof studyPrograms>[];
  users: Row<typeof users>[];
  students: Row<typeof students>[];
  lecturers: Row<typeof lecturers>[];
  periods: Row<typeof periods>[];
  campuses: Row<typeof campuses>[];
  rooms: Row<typeof rooms>[];
  lectureSessions: Row<typeof lectureSessions>[];
  courses: Row<typeof courses>[];
  courseLearningPlans: Row<typeof courseLearningPlans>[];
  courseEvaluationPlans: Row<typeof courseEvaluationPlans>[];
  classes: Row<typeof classes>[];
  classStudyPrograms: Row<typeof classStudyPrograms>[];
  classSchedules: Row<typeof classSchedules>[];
  classTeachers: Row<typeof classTeachers>[];
  classStudents: Row<typeof classStudents>[];
  meetings: Row<typeof meetings>[];
  meetingTeachers: Row<typeof meetingTeachers>[];
  announcements: Row<typeof announcements>[];
  newsArticles: Row<typeof newsArticles>[];
  helpArticles: Row<typeof helpArticles>[];
  materials: Row<typeof materials>[];
  vidcons: Row<typeof vidcons>[];
  forums: Row<typeof forums>[];
  forumPosts: Row<typeof forumPosts>[];
  forumJoins: Row<typeof forumJoins>[];
  exams: Row<typeof exams>[];
  examGroups: Row<typeof examGroups>[];
  examQuestions: Row<typeof examQuestions>[];
  examAttempts: Row<typeof examAttempts>[];
  examAnswers: Row<typeof examAnswers>[];
  tasks: Row<typeof tasks>[];
  taskGroups: Row<typeof taskGroups>[];
  taskGroupMembers: Row<typeof taskGroupMembers>[];
  taskSubmissions: Row<typeof taskSubmissions>[];
  activities: Row<typeof activities>[];
  activityFacts: Row<typeof activityFacts>[];
  attendanceProgress: Row<typeof attendanceProgress>[];
  studentAttendance: Row<typeof studentAttendance>[];
  lecturerAttendance: Row<typeof lecturerAttendance>[];
  programSignatories: Row<typeof programSignatories>[];
  siakadDemoClasses: Row<typeof siakadDemoClasses>[];
  siakadDemoComponents: Row<typeof siakadDemoComponents>[];
  gradeComponentActivities: Row<typeof gradeComponentActivities>[];
  questionBanks: Row<typeof questionBanks>[];
  bankQuestions: Row<typeof bankQuestions>[];
}

/** The demo tables in insertion order (parents before children). */
export const demoTables: { [K in keyof DemoUniversityRows]: PgTable } = {
  colleges,
  studyPrograms,
  users,
  students,
  lecturers,
  periods,
  campuses,
  rooms,
  lectureSessions,
  courses,
  courseLearningPlans,
  courseEvaluationPlans,
  classes,
  classStudyPrograms,
  classSchedules,
  classTeachers,
  classStudents,
  meetings,
  meetingTeachers,
  announcements,
  newsArticles,
  helpArticles,
  materials,
  vidcons,
  forums,
  forumPosts,
  forumJoins,
  exams,
  examGroups,
  examQuestions,
  examAttempts,
  examAnswers,
  tasks,
  taskGroups,
  taskGroupMembers,
  taskSubmissions,
  activities,
  activityFacts,
  attendanceProgress,
  studentAttendance,
  lecturerAttendance,
  programSignatories,
  siakadDemoClasses,
  siakadDemoComponents,
  gradeComponentActivities,
  questionBanks,
  bankQuestions,
};

/** Inserts demo rows table by table, parents first. */
export async function insertDemoRows(db: Db, rows: DemoUniversityRows): Promise<void> {
  for (const key of Object.keys(demoTables) as (keyof DemoUniversityRows)[]) {
    const list = rows[key] as Record<string, unknown>[];
    // Multi-row inserts in chunks well under PostgreSQL's 65,535 parameters per statement.
    for (let i = 0; i < list.length; i += 1000) {
      await db.insert(demoTables[key]).values(list.slice(i, i + 1000) as never);
    }
  }
}

/** Where each area seed adds its rows: one college's identity, clock and random stream. */
export interface DemoContext {
  rng: SeededRandom;
  collegeId: string;
  now: Date;
  createdAt: Date;
  passwordHash: string;
  currentPeriod: number;
  previousPeriod: number;
  rows: DemoUniversityRows;
  /** A stable uuid for a named row of this college. */
  uid(name: string): string;
  /** The study program id of a program key (`IF` → `demo-if`). */
  prodiId(key: string): string;
  /** Everything is placed on weeks counted from the Monday of the week of meeting 1 (`week0`). */
  calendar: { nowLocal: number; todayLocal: number; weekday: number; week0: number };
}

/** A context with no rows yet for one college; `seed` starts its random stream. */
export function createDemoContext(options: {
  collegeId: string;
  seed: number;
  now: Date;
  passwordHash: string;
  currentPeriod: number;
  previousPeriod: number;
}): DemoContext {
  const { collegeId, now } = options;
  const nowLocal = now.getTime() + zoneOffsetMs;
  const todayLocal = Math.floor(nowLocal / dayMs) * dayMs;
  const weekday = new Date(todayLocal).getUTCDay();
  const mondayLocal = todayLocal - ((weekday + 6) % 7) * dayMs;
  const empty = Object.fromEntries(Object.keys(demoTables).map((k) => [k, []]));
  return {
    rng: new SeededRandom(options.seed),
    collegeId,
    now,
    createdAt: now,
    passwordHash: options.passwordHash,
    currentPeriod: options.currentPeriod,
    previousPeriod: options.previousPeriod,
    rows: empty as unknown as DemoUniversityRows,
    uid: (name) => createStableUuid(`${collegeId}:${name}`),
    prodiId: (key) => `${collegeId}-${key.toLowerCase()}`,
    calendar: { nowLocal, todayLocal, weekday, week0: mondayLocal - currentWeekIndex * weekMs },
  };
}

/** Day offset of weekday `hari` (0 = Sunday) from the Monday of its week. */
export function dayOffset(hari: number): number {
  return ((hari + 6) % 7) * dayMs;
}

/** Local (WIB) wall-clock milliseconds → the instant. */
export function fromLocal(localMs: number): Date {
  return new Date(localMs - zoneOffsetMs);
}

/** Local (WIB) milliseconds → `YYYY-MM-DD`. */
export function localDateString(localMs: number): string {
  return new Date(localMs).toISOString().slice(0, 10);
}

/** Minutes since midnight → `HH:mm:ss`. */
export function timeString(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}

/** `HH:mm…` → minutes since midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/** Angkatan of students who take a course of `semester` in the period. */
export function cohortFor(periode: number, semester: number): number {
  const year = Math.floor(periode / 10);
  const term = periode % 10 === 1 ? 1 : 2;
  return year - Math.floor((semester - term) / 2);
}

/** A weekly time slot: weekday and local minutes. */
export interface Interval {
  hari: number;
  from: number;
  to: number;
}

/** Whether the slot overlaps any of the busy slots. */
export function overlaps(list: Interval[] | undefined, slot: Interval): boolean {
  return (list ?? []).some((b) => b.hari === slot.hari && b.from < slot.to && slot.from < b.to);
}
