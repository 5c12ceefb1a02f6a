import { describe, expect, it } from 'vitest';
import {
  activityKindDescriptions,
  activityKindLabels,
  activityKinds,
  activityKindsOfTile,
  activityTiming,
  attendanceProgress,
  countLectureActivities,
  countsForAttendance,
  dashboardTiles,
  emptyActivityCounts,
  isAttendanceComplete,
  lectureActivityKinds,
  lectureActivityKindsText,
  scoredActivityKinds,
  summarizeMeetingAttendance,
} from './activity.rules.ts';
import { dashboardStatisticsSchema } from './dashboard.schema.ts';
import { activityCountSchema, attendanceParametersSchema } from './meeting.schema.ts';

const allOff = {
  hadir_vidcon: false,
  kerjakan_kuis_ujian: false,
  kerjakan_tugas: false,
  posting_forum: false,
  unduh_materi: false,
};

describe('countsForAttendance', () => {
  it('needs both the item flag and the meeting parameter of its kind', () => {
    const params = { ...allOff, unduh_materi: true };
    expect(countsForAttendance({ kind: 'materi', countsForAttendance: true }, params)).toBe(true);
    expect(countsForAttendance({ kind: 'materi', countsForAttendance: false }, params)).toBe(false);
    expect(countsForAttendance({ kind: 'tugas', countsForAttendance: true }, params)).toBe(false);
    expect(
      countsForAttendance({ kind: 'tugas', countsForAttendance: true }, { ...allOff, kerjakan_tugas: true }),
    ).toBe(true);
  });

  it('never counts a text block', () => {
    const allOn = {
      hadir_vidcon: true,
      kerjakan_kuis_ujian: true,
      kerjakan_tugas: true,
      posting_forum: true,
      unduh_materi: true,
    };
    expect(countsForAttendance({ kind: 'teks', countsForAttendance: true }, allOn)).toBe(false);
  });

  it('maps every kind', () => {
    expect(Object.keys(emptyActivityCounts()).sort()).toEqual([...activityKinds].sort());
  });
});

describe('the activity kinds, each described once', () => {
  it('describes every kind and nothing else', () => {
    expect(Object.keys(activityKindDescriptions).sort()).toEqual([...activityKinds].sort());
  });

  it('names the kinds as the screens do', () => {
    expect(activityKindLabels).toEqual({
      materi: 'Materi',
      tugas: 'Tugas',
      ujian: 'Kuis/Ujian',
      forum: 'Forum',
      vidcon: 'Vidcon',
      teks: 'Teks',
    });
  });

  it("counts every kind in a meeting's count_activity but its own text", () => {
    expect(Object.keys(activityCountSchema.shape).sort()).toEqual(
      activityKinds.filter((kind) => kind !== 'teks').sort(),
    );
  });

  it('feeds every attendance parameter from exactly one kind, and a text block none', () => {
    const fed = activityKinds.map((kind) => activityKindDescriptions[kind].attendanceParameter);
    expect(fed.filter((p) => p !== null).sort()).toEqual(
      Object.keys(attendanceParametersSchema.shape).sort(),
    );
    expect(activityKindDescriptions.teks.attendanceParameter).toBeNull();
  });

  it('scores tasks, exams and forums (the grade recap)', () => {
    expect(scoredActivityKinds).toEqual(['tugas', 'ujian', 'forum']);
  });

  it('counts every kind but a text block as a lecture activity, and names them in the requirement', () => {
    expect(lectureActivityKinds).toEqual(['materi', 'tugas', 'ujian', 'forum', 'vidcon']);
    expect(countLectureActivities({ ...emptyActivityCounts(), materi: 2, vidcon: 1, teks: 7 })).toBe(3);
    expect(lectureActivityKindsText()).toBe('materi, tugas, kuis/ujian, forum atau vidcon');
  });

  it('counts each dashboard tile from its own kind, and every tile is in the statistics answer', () => {
    expect(Object.fromEntries(dashboardTiles.map((tile) => [tile, activityKindsOfTile(tile)]))).toEqual({
      tugas: ['tugas'],
      ujian: ['ujian'],
      forum: ['forum'],
      vidcon: ['vidcon'],
    });
    expect(Object.keys(dashboardStatisticsSchema.shape)).toEqual([...dashboardTiles]);
  });
});

describe('activityTiming', () => {
  const due = new Date('2026-09-01T10:00:00Z');
  it('is on time without a deadline, at the deadline and before it', () => {
    expect(activityTiming(null, new Date('2030-01-01T00:00:00Z'))).toBe('on_time');
    expect(activityTiming(due, due)).toBe('on_time');
    expect(activityTiming(due, new Date('2026-09-01T09:59:59Z'))).toBe('on_time');
  });
  it('is late after the deadline', () => {
    expect(activityTiming(due, new Date('2026-09-01T10:00:00.001Z'))).toBe('late');
  });
});

describe('attendance progress', () => {
  it('is the completed share, 0 when nothing counts', () => {
    expect(attendanceProgress(1, 4)).toBe(0.25);
    expect(attendanceProgress(0, 0)).toBe(0);
    expect(attendanceProgress(5, 4)).toBe(1);
  });

  it('is complete at the minimum percent, never when nothing counts', () => {
    expect(isAttendanceComplete(4, 5, 80)).toBe(true);
    expect(isAttendanceComplete(3, 5, 80)).toBe(false);
    expect(isAttendanceComplete(2, 3, 100)).toBe(false);
    expect(isAttendanceComplete(3, 3, 100)).toBe(true);
    expect(isAttendanceComplete(0, 0, 0)).toBe(false);
  });
});

describe('summarizeMeetingAttendance', () => {
  it('counts present students and averages progress over the whole enrolment', () => {
    // 10 students, 4 counting activities: 2 did all, 3 did 3 of 4, 1 did 1; 4 did nothing.
    const groups = [
      { completed: 4, students: 2 },
      { completed: 3, students: 3 },
      { completed: 1, students: 1 },
    ];
    expect(summarizeMeetingAttendance(groups, 10, 4, 75)).toEqual({ pesertaHadir: 5, progressPeserta: 45 });
    expect(summarizeMeetingAttendance(groups, 10, 4, 100)).toEqual({ pesertaHadir: 2, progressPeserta: 45 });
  });

  it('rounds progress to one decimal and is zero without students or counting activities', () => {
    expect(summarizeMeetingAttendance([{ completed: 1, students: 1 }], 3, 1, 80)).toEqual({
      pesertaHadir: 1,
      progressPeserta: 33.3,
    });
    expect(summarizeMeetingAttendance([], 0, 3, 80)).toEqual({ pesertaHadir: 0, progressPeserta: 0 });
    expect(summarizeMeetingAttendance([], 30, 0, 80)).toEqual({ pesertaHadir: 0, progressPeserta: 0 });
  });
});
