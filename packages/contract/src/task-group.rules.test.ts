import { describe, expect, it } from 'vitest';
import {
  addMember,
  canDeleteMember,
  formRandomGroups,
  groupMemberMenu,
  makeLeader,
  normalizeLeader,
  removeMember,
  type GroupMemberRef,
} from './task-group.rules.ts';

const group: GroupMemberRef[] = [
  { id: 'a', jabatan: 'ketua' },
  { id: 'b', jabatan: 'anggota' },
  { id: 'c', jabatan: 'anggota' },
];
const leaders = (members: GroupMemberRef[]) => members.filter((m) => m.jabatan === 'ketua').map((m) => m.id);

describe('leader rules (spec 2 §4)', () => {
  it('making a member leader turns all others into anggota', () => {
    const next = makeLeader(group, 'c');
    expect(next.map((m) => m.jabatan)).toEqual(['anggota', 'anggota', 'ketua']);
  });
  it('removing the leader promotes the first remaining member', () => {
    expect(leaders(removeMember(group, 'a'))).toEqual(['b']);
    expect(leaders(removeMember(makeLeader(group, 'b'), 'b'))).toEqual(['a']);
  });
  it('removing another member keeps the leader', () => {
    expect(removeMember(group, 'b')).toEqual([group[0], group[2]]);
  });
  it('a new member joins as anggota, or as ketua of an empty group', () => {
    expect(addMember(group, { id: 'd', jabatan: 'ketua' }).at(-1)).toEqual({ id: 'd', jabatan: 'anggota' });
    expect(addMember([], { id: 'd', jabatan: 'anggota' })).toEqual([{ id: 'd', jabatan: 'ketua' }]);
  });
  it('a group keeps exactly one leader', () => {
    expect(
      leaders(
        normalizeLeader([
          { id: 'x', jabatan: 'anggota' },
          { id: 'y', jabatan: 'anggota' },
        ]),
      ),
    ).toEqual(['x']);
    expect(
      leaders(
        normalizeLeader([
          { id: 'x', jabatan: 'ketua' },
          { id: 'y', jabatan: 'ketua' },
        ]),
      ),
    ).toEqual(['x']);
    expect(normalizeLeader([])).toEqual([]);
  });
});

describe('member menu (spec 1 §6)', () => {
  const write = { enabled: true, canWrite: true };
  it('shows only when enabled and writable', () => {
    const member = { jabatan: 'anggota' as const, canDelete: true };
    expect(groupMemberMenu(member, write)).toEqual({ dropdown: true, makeLeader: true, remove: true });
    expect(groupMemberMenu(member, { enabled: false, canWrite: true }).dropdown).toBe(false);
    expect(groupMemberMenu(member, { enabled: true, canWrite: false })).toEqual({
      dropdown: false,
      makeLeader: false,
      remove: false,
    });
  });
  it('hides make-leader for the leader and remove when canDelete is false', () => {
    expect(groupMemberMenu({ jabatan: 'ketua', canDelete: true }, write)).toEqual({
      dropdown: true,
      makeLeader: false,
      remove: true,
    });
    expect(groupMemberMenu({ jabatan: 'anggota', canDelete: false }, write)).toEqual({
      dropdown: true,
      makeLeader: true,
      remove: false,
    });
    expect(groupMemberMenu({ jabatan: 'ketua', canDelete: false }, write).dropdown).toBe(false);
  });
  it('canDelete is false for a member who handed in for the group', () => {
    expect(canDeleteMember('a', new Set(['a']))).toBe(false);
    expect(canDeleteMember('b', new Set(['a']))).toBe(true);
  });
});

describe('random forming', () => {
  it('places every student once in groups whose sizes differ by at most one', () => {
    const students = Array.from({ length: 40 }, (_, i) => `s${i}`);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const groups = formRandomGroups(students, 6, random);
    expect(groups).toHaveLength(7);
    expect(groups.map((g) => g.nama)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `Kelompok ${n}`));
    expect(groups.flatMap((g) => g.anggota).sort()).toEqual([...students].sort());
    const sizes = groups.map((g) => g.anggota.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });
  it('refuses a group size under two', () => {
    expect(() => formRandomGroups(['a', 'b'], 1)).toThrow('minimal 2');
  });
});
