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
    expect(rows.activityFacts.length).toBe(rows.forumPosts.filter((p) => p.parentId).length);
  });
});
