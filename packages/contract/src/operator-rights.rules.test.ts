import { describe, expect, it } from 'vitest';
import { completePermissions, levelsOfArea, refuseOperatorRightsChange } from './operator-rights.rules.ts';
import type { OperatorPermissions } from './permission.rules.ts';

const writer: OperatorPermissions = { data_sistem: 'write', bank_soal: 'read', kelas_kuliah: 'write' };
const actor = { userId: 'a', permissions: writer, scope: null };
const target = {
  userId: 'b',
  permissions: { bank_soal: 'no_access' } as OperatorPermissions,
  scope: null,
  isActive: true,
};
const fields = (refusals: { field: string }[]) => refusals.map((r) => r.field);

describe('operator rights changes', () => {
  it('lets an operator give another up to their own level on each area', () => {
    const next = {
      permissions: { bank_soal: 'read', kelas_kuliah: 'write' } as OperatorPermissions,
      scope: null,
      isActive: true,
    };
    expect(refuseOperatorRightsChange({ actor, target, next })).toEqual([]);
  });

  it('refuses a level above the actor’s own on a changed area, and only there', () => {
    const next = {
      permissions: { bank_soal: 'write', laporan: 'read' } as OperatorPermissions,
      scope: null,
      isActive: true,
    };
    expect(fields(refuseOperatorRightsChange({ actor, target, next }))).toEqual([
      'hak_akses.bank_soal',
      'hak_akses.laporan',
    ]);
    // A level the target already had stays, even above the actor's.
    const had = { ...target, permissions: { laporan: 'write' } as OperatorPermissions };
    const keep = {
      permissions: { laporan: 'write', bank_soal: 'read' } as OperatorPermissions,
      scope: null,
      isActive: true,
    };
    expect(refuseOperatorRightsChange({ actor, target: had, next: keep })).toEqual([]);
  });

  it('never lets a weaker operator take away what they lack, or lock a stronger one out', () => {
    const stronger = {
      ...target,
      permissions: { laporan: 'write', bank_soal: 'read' } as OperatorPermissions,
    };
    const lowered = {
      permissions: { laporan: 'read', bank_soal: 'read' } as OperatorPermissions,
      scope: null,
      isActive: true,
    };
    expect(fields(refuseOperatorRightsChange({ actor, target: stronger, next: lowered }))).toEqual([
      'hak_akses.laporan',
    ]);
    const off = { permissions: stronger.permissions, scope: null, isActive: false };
    expect(fields(refuseOperatorRightsChange({ actor, target: stronger, next: off }))).toEqual(['is_active']);
    // An operator within the actor's levels may be deactivated.
    const within = { ...target, permissions: { bank_soal: 'read' } as OperatorPermissions };
    const withinOff = { permissions: within.permissions, scope: null, isActive: false };
    expect(refuseOperatorRightsChange({ actor, target: within, next: withinOff })).toEqual([]);
  });

  it('never lets an operator raise their own rights or scope, or deactivate themselves', () => {
    const self = { userId: 'a', permissions: writer, scope: null, isActive: true };
    const raise = {
      permissions: { ...writer, laporan: 'read' } as OperatorPermissions,
      scope: null,
      isActive: true,
    };
    expect(fields(refuseOperatorRightsChange({ actor, target: self, next: raise }))).toEqual([
      'hak_akses.laporan',
    ]);
    const scope = { permissions: writer, scope: 'A:T', isActive: true };
    expect(fields(refuseOperatorRightsChange({ actor, target: self, next: scope }))).toEqual(['lingkup']);
    const off = { permissions: writer, scope: null, isActive: false };
    expect(fields(refuseOperatorRightsChange({ actor, target: self, next: off }))).toEqual(['is_active']);
    // Lowering one's own level is allowed.
    const lower = {
      permissions: { ...writer, kelas_kuliah: 'read' } as OperatorPermissions,
      scope: null,
      isActive: true,
    };
    expect(refuseOperatorRightsChange({ actor, target: self, next: lower })).toEqual([]);
  });

  it('keeps privileged scopes and privileged operators to privileged actors', () => {
    const give = { permissions: target.permissions, scope: 'A:B', isActive: true };
    expect(fields(refuseOperatorRightsChange({ actor, target, next: give }))).toEqual(['lingkup']);
    const privileged = { ...actor, scope: 'A:T' };
    expect(refuseOperatorRightsChange({ actor: privileged, target, next: give })).toEqual([]);
    const admin = { ...target, scope: 'A:T' };
    const off = { permissions: target.permissions, scope: 'A:T', isActive: false };
    expect(fields(refuseOperatorRightsChange({ actor, target: admin, next: off }))).toEqual(['id']);
    expect(refuseOperatorRightsChange({ actor: privileged, target: admin, next: off })).toEqual([]);
  });

  it('never gives write on bantuan, and names every area with a missing one as no_access', () => {
    expect(levelsOfArea('bantuan')).toEqual(['no_access', 'read']);
    const next = { permissions: { bantuan: 'write' } as OperatorPermissions, scope: null, isActive: true };
    const all = { ...actor, permissions: { bantuan: 'write' } as OperatorPermissions };
    expect(fields(refuseOperatorRightsChange({ actor: all, target, next }))).toEqual(['hak_akses.bantuan']);
    expect(completePermissions(null).laporan).toBe('no_access');
    expect(Object.keys(completePermissions({}))).toHaveLength(8);
  });
});
