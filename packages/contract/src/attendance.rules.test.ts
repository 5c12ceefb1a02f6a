import { describe, expect, it } from 'vitest';
import {
  canEditStudentAttendance,
  classAttendancePercent,
  describeEvidence,
  describeUnmetRequirement,
  effectiveMark,
  hasMeetingStarted,
  isComputedAttendanceMeeting,
  meetingsStillNeeded,
  progressTone,
  type FactEvidence,
} from './attendance.rules.ts';

const noParameters = {
  hadir_vidcon: false,
  kerjakan_kuis_ujian: false,
  kerjakan_tugas: false,
  posting_forum: false,
  unduh_materi: false,
};

describe('effectiveMark', () => {
  it('a stored mark wins over the progress, and QR marks say so', () => {
    const mark = effectiveMark({ presensi: 'I', source: 'manual' }, { completed: 2, required: 2 }, true, 80);
    expect(mark).toMatchObject({
      presensi: 'I',
      ada_presensi: true,
      is_hadir: false,
      sistem: false,
      progress: 1,
    });
    expect(effectiveMark({ presensi: 'H', source: 'qr' }, null, false, 80)).toMatchObject({
      is_hadir: true,
      is_qr_code: true,
    });
  });

  it('the system marks H at the minimum and A below it, only where attendance is computed', () => {
    expect(effectiveMark(null, { completed: 4, required: 5 }, true, 80)).toMatchObject({
      presensi: 'H',
      sistem: true,
      progress: 0.8,
    });
    expect(effectiveMark(null, { completed: 3, required: 5 }, true, 80)).toMatchObject({
      presensi: 'A',
      is_hadir: false,
      sistem: true,
    });
    expect(effectiveMark(null, { completed: 3, required: 5 }, false, 80)).toMatchObject({
      presensi: null,
      ada_presensi: false,
    });
    expect(effectiveMark(null, null, true, 80).ada_presensi).toBe(false);
    expect(effectiveMark(null, { completed: 0, required: 0 }, true, 80).ada_presensi).toBe(false);
  });
});

describe('meeting rules', () => {
  it('computes attendance only for online or mixed meetings with a parameter on', () => {
    const on = { ...noParameters, unduh_materi: true };
    expect(isComputedAttendanceMeeting({ jenis: 'online', parameter_kehadiran: on })).toBe(true);
    expect(isComputedAttendanceMeeting({ jenis: 'campuran', parameter_kehadiran: on })).toBe(true);
    expect(isComputedAttendanceMeeting({ jenis: 'offline', parameter_kehadiran: on })).toBe(false);
    expect(isComputedAttendanceMeeting({ jenis: 'online', parameter_kehadiran: noParameters })).toBe(false);
  });

  it('lets teachers and writing operators edit once the meeting started', () => {
    const now = new Date('2026-09-01T02:00:00Z');
    const later = { waktu_mulai: '2026-09-01T03:00:00Z', mulai_kuliah: null };
    expect(hasMeetingStarted(later, now)).toBe(false);
    expect(hasMeetingStarted({ ...later, mulai_kuliah: '2026-09-01T01:55:00Z' }, now)).toBe(true);
    expect(canEditStudentAttendance({ meetingStarted: true, isTeacher: true, operatorWrites: false })).toBe(
      true,
    );
    expect(canEditStudentAttendance({ meetingStarted: true, isTeacher: false, operatorWrites: true })).toBe(
      true,
    );
    expect(canEditStudentAttendance({ meetingStarted: false, isTeacher: true, operatorWrites: true })).toBe(
      false,
    );
    expect(canEditStudentAttendance({ meetingStarted: true, isTeacher: false, operatorWrites: false })).toBe(
      false,
    );
  });

  it('colours progress by the minimum, neutral for a person\u2019s mark or no presence', () => {
    expect(progressTone(effectiveMark(null, { completed: 1, required: 2 }, true, 80), 80)).toBe('danger');
    expect(progressTone(effectiveMark(null, { completed: 2, required: 2 }, true, 80), 80)).toBe('success');
    expect(progressTone(effectiveMark({ presensi: 'H', source: 'manual' }, null, true, 80), 80)).toBe(
      'neutral',
    );
    expect(progressTone(effectiveMark(null, null, true, 80), 80)).toBe('neutral');
  });
});

describe('class attendance', () => {
  it('is the share of held meetings attended, 100 with none held', () => {
    expect(classAttendancePercent(3, 4)).toBe(75);
    expect(classAttendancePercent(0, 0)).toBe(100);
    expect(classAttendancePercent(2, 3)).toBe(66.7);
  });

  it('counts the meetings still needed for an exam minimum, or null when out of reach', () => {
    expect(meetingsStillNeeded({ attended: 8, total: 14, remaining: 4, minPercent: 75 })).toBe(3);
    expect(meetingsStillNeeded({ attended: 11, total: 14, remaining: 1, minPercent: 75 })).toBe(0);
    expect(meetingsStillNeeded({ attended: 2, total: 14, remaining: 4, minPercent: 75 })).toBeNull();
  });
});

describe('describeEvidence', () => {
  const empty: FactEvidence = {
    kind: 'materi',
    opensAt: null,
    timing: null,
    downloadedAt: null,
    openedAt: null,
    watchedPercent: null,
    readSeconds: null,
    joinedAt: null,
    postCount: null,
    submittedAt: null,
    attemptedAt: null,
  };

  it('says what the student did in the college time zone', () => {
    expect(
      describeEvidence(
        { ...empty, downloadedAt: new Date('2026-09-01T02:12:00Z'), watchedPercent: 62 },
        'Asia/Jakarta',
      ),
    ).toEqual(['diunduh 09:12', 'ditonton 62%']);
    expect(describeEvidence({ ...empty, kind: 'forum', postCount: 3 }, 'Asia/Makassar')).toEqual([
      '3 komentar',
    ]);
  });

  it('says how late a vidcon join was', () => {
    const vidcon = { ...empty, kind: 'vidcon' as const, opensAt: new Date('2026-09-01T02:00:00Z') };
    expect(
      describeEvidence(
        { ...vidcon, joinedAt: new Date('2026-09-01T02:20:30Z'), timing: 'late' },
        'Asia/Jakarta',
      ),
    ).toEqual(['bergabung 20 menit terlambat']);
    expect(
      describeEvidence(
        { ...vidcon, joinedAt: new Date('2026-09-01T02:03:00Z'), timing: 'on_time' },
        'Asia/Jakarta',
      ),
    ).toEqual(['bergabung 09:03']);
  });
});

describe('describeUnmetRequirement', () => {
  const thresholds = { video_persen: 50, audio_persen: 40, ebook_detik: 60 };
  const fact = {
    kind: 'materi' as const,
    opensAt: null,
    timing: null,
    downloadedAt: null,
    openedAt: null,
    watchedPercent: null,
    readSeconds: null,
    joinedAt: null,
    postCount: null,
    submittedAt: null,
    attemptedAt: null,
    materialType: 'ebook' as const,
  };

  it('says nothing once done on time, and that a late one came after the deadline', () => {
    expect(describeUnmetRequirement({ ...fact, timing: 'on_time' }, thresholds)).toBeNull();
    expect(describeUnmetRequirement({ ...fact, timing: 'late' }, thresholds)).toBe(
      'Terlambat: diselesaikan setelah batas waktu',
    );
  });

  it("says which part of a material's rule is missing (issue 45: 'Belum' beside 'dibuka 18:50')", () => {
    expect(describeUnmetRequirement({ ...fact, openedAt: new Date() }, thresholds)).toBe(
      'Belum: sudah dibuka, tetapi belum ditandai "Sudah Baca" (dibaca minimal 60 detik)',
    );
    expect(describeUnmetRequirement(fact, thresholds)).toMatch(/^Belum: e-book belum dibuka/);
    expect(describeUnmetRequirement({ ...fact, materialType: 'video', watchedPercent: 40 }, thresholds)).toBe(
      'Belum: ditonton 40% dari minimal 50% (atau diunduh)',
    );
    expect(describeUnmetRequirement({ ...fact, materialType: 'audio' }, thresholds)).toBe(
      'Belum: belum diputar (didengar minimal 40% atau diunduh)',
    );
    expect(describeUnmetRequirement({ ...fact, materialType: 'archive' }, thresholds)).toBe(
      'Belum: file belum diunduh',
    );
    expect(describeUnmetRequirement({ ...fact, materialType: 'url' }, thresholds)).toBe(
      'Belum: tautan belum dibuka',
    );
  });

  it('names the missing step of the other kinds', () => {
    const of = (kind: 'tugas' | 'ujian' | 'forum' | 'vidcon', extra = {}) =>
      describeUnmetRequirement({ ...fact, kind, materialType: null, ...extra }, thresholds);
    expect(of('tugas')).toBe('Belum: tugas belum dikumpulkan');
    expect(of('ujian')).toBe('Belum: kuis/ujian belum dikerjakan');
    expect(of('ujian', { attemptedAt: new Date() })).toBe(
      'Belum: kuis/ujian sudah dimulai, tetapi belum dikumpulkan',
    );
    expect(of('forum', { postCount: 1 })).toBe('Belum: 1 komentar, belum mencapai minimal komentar forum');
    expect(of('vidcon')).toBe('Belum: belum bergabung ke vidcon');
  });
});
