import { describe, expect, it } from 'vitest';
import { accountAreaOf, isValidPhone, manageableRoles, usernamePattern } from './account.rules.ts';

describe('isValidPhone', () => {
  it('follows spec 1 §5', () => {
    expect(isValidPhone('081234567890')).toBe(true);
    expect(isValidPhone('0812-3456-78')).toBe(true);
    expect(isValidPhone('81234567890')).toBe(false);
    expect(isValidPhone('0812345')).toBe(false);
    expect(isValidPhone('0812//345678')).toBe(false);
  });
});

describe('who manages which accounts', () => {
  it('gives students and lecturers to data_master and operators to data_sistem', () => {
    expect(accountAreaOf('mahasiswa')).toBe('data_master');
    expect(accountAreaOf('dosen')).toBe('data_master');
    expect(accountAreaOf('operator')).toBe('data_sistem');
  });

  it('lists the roles an operator may see or change by their levels on those areas', () => {
    const rights = { data_master: 'write', data_sistem: 'read' } as const;
    expect(manageableRoles(rights, 'read')).toEqual(['mahasiswa', 'dosen', 'operator']);
    expect(manageableRoles(rights, 'write')).toEqual(['mahasiswa', 'dosen']);
    expect(manageableRoles({ data_sistem: 'write' }, 'write')).toEqual(['operator']);
    expect(manageableRoles(null, 'read')).toEqual([]);
  });

  it('takes usernames without spaces or other signs', () => {
    expect(usernamePattern.test('dosen.budi_01@kampus-a')).toBe(true);
    expect(usernamePattern.test('budi santoso')).toBe(false);
    expect(usernamePattern.test('budi;drop')).toBe(false);
  });
});
