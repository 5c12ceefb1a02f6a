import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDemoUniversity } from './demo-university.seed.ts';
import { demoMaterialFiles } from './material.seed.ts';

describe('demo meeting content', () => {
  it('ship their files with the sizes the seed states', () => {
    for (const file of Object.values(demoMaterialFiles)) {
      expect(statSync(new URL(`./files/${file.name}`, import.meta.url)).size, file.name).toBe(file.size);
    }
  });

  it('give every current class materials of several types, each with its activity', () => {
    const rows = buildDemoUniversity(new Date('2026-11-24T03:00:00Z'), 'hash');
    const current = rows.classes.filter((c) => c.periode === 20261).map((c) => c.id);
    for (const kelasId of current) {
      const types = new Set(rows.materials.filter((m) => m.kelasId === kelasId).map((m) => m.tipeFile));
      expect([...types].sort(), kelasId).toEqual(['archive', 'audio', 'ebook', 'url', 'video']);
    }
    const materialActivities = rows.activities.filter((a) => a.kind === 'materi').map((a) => a.contentId);
    expect(materialActivities.sort()).toEqual(rows.materials.map((m) => m.id).sort());
    // And one vidcon each, at a meeting that has not ended where there is one.
    expect(new Set(rows.vidcons.map((v) => v.kelasId))).toEqual(new Set(current));
    // And a forum open now with a discussion, its posters' facts recorded.
    expect(new Set(rows.forums.map((f) => f.kelasId))).toEqual(new Set(current));
    for (const forum of rows.forums) {
      expect(
        rows.forumPosts.filter((p) => p.forumId === forum.id).length,
        forum.kelasId,
      ).toBeGreaterThanOrEqual(2);
    }
    const forumActivities = new Set(rows.activities.filter((a) => a.kind === 'forum').map((a) => a.id));
    expect(rows.activityFacts.filter((f) => forumActivities.has(f.activityId)).length).toBe(
      rows.forumPosts.filter((p) => p.parentId).length,
    );
  });
});

describe('demo attendance', () => {
  it('computes every started meeting and marks ended lectures without activity, for each enrolled student', () => {
    const now = new Date('2026-11-24T03:00:00Z');
    const rows = buildDemoUniversity(now, 'hash');
    const current = new Set(rows.classes.filter((c) => c.periode === 20261).map((c) => c.id));
    const enrolled = (kelasId: string) => rows.classStudents.filter((s) => s.kelasId === kelasId).length;
    const started = rows.meetings.filter((m) => current.has(m.kelasId) && m.waktuMulai! <= now);
    expect(started.length).toBeGreaterThan(0);
    for (const meeting of started.slice(0, 40)) {
      const progress = rows.attendanceProgress.filter((p) => p.pertemuanId === meeting.id);
      expect(progress.length, meeting.id).toBe(enrolled(meeting.kelasId));
      for (const p of progress) expect(p.completed).toBeLessThanOrEqual(p.required);
      const marks = rows.studentAttendance.filter((a) => a.pertemuanId === meeting.id).length;
      const manual =
        progress[0]?.required === 0 && meeting.kategori === 'kuliah' && meeting.waktuSelesai! <= now;
      expect(marks, meeting.id).toBe(manual ? enrolled(meeting.kelasId) : 0);
    }
    // Completions are on time, of material activities of started meetings.
    const materialActivities = new Set(rows.activities.filter((a) => a.kind === 'materi').map((a) => a.id));
    const materialFacts = rows.activityFacts.filter((f) => materialActivities.has(f.activityId));
    expect(materialFacts.length).toBeGreaterThan(0);
    expect(materialFacts.every((f) => f.completed && f.timing === 'on_time' && f.completedAt! <= now)).toBe(
      true,
    );
  });
});
