import { describe, expect, it } from 'vitest';
import { rangeMessage, rangeRule } from './number-range.rules.ts';
import { markInputSchema } from './exam.schema.ts';
import { gradeInputSchema } from './task.schema.ts';
import { classUpdateFieldsSchema } from './class.schema.ts';
import { collegeSettingsSchema } from './college-settings.schema.ts';
import { capacityBelowEnrolmentMessage } from './class.rules.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

// Issue 45: numbers out of range were saved as the nearest bound; they are refused with the field's message.
describe('out-of-range numbers are refused, not clamped', () => {
  it('words the range', () => {
    expect(rangeMessage(0, 100)).toBe('Nilai harus antara 0 dan 100.');
    expect(rangeRule(0, 100)).toEqual({
      type: 'number',
      min: 0,
      max: 100,
      message: 'Nilai harus antara 0 dan 100.',
    });
    expect(capacityBelowEnrolmentMessage(40)).toBe(
      'Kapasitas tidak boleh kurang dari jumlah peserta saat ini (40).',
    );
  });

  it('refuses an essay mark of 150 or −1 and keeps 0 and 100', () => {
    expect(messageOf(markInputSchema.safeParse({ nilai: 150 }))).toBe('Nilai harus antara 0 dan 100.');
    expect(messageOf(markInputSchema.safeParse({ nilai: -1 }))).toBe('Nilai harus antara 0 dan 100.');
    expect(markInputSchema.parse({ nilai: 100 }).nilai).toBe(100);
    expect(markInputSchema.parse({ nilai: 0 }).nilai).toBe(0);
  });

  it('refuses a task score of 101, also for a group member', () => {
    expect(messageOf(gradeInputSchema.safeParse({ nilai: 101 }))).toBe('Nilai harus antara 0 dan 100.');
    const member = gradeInputSchema.safeParse({
      nilai: 80,
      nilai_anggota: [{ id_mahasiswa: '6f1c2b8e-7d0a-4c1e-9b2a-3d4e5f6a7b8c', nilai: 101 }],
    });
    expect(messageOf(member)).toBe('Nilai harus antara 0 dan 100.');
    expect(gradeInputSchema.parse({ nilai: 100 }).nilai).toBe(100);
  });

  it('refuses a class capacity of −5', () => {
    expect(messageOf(classUpdateFieldsSchema.safeParse({ kapasitas: -5 }))).toBe(
      'Nilai harus antara 0 dan 10000.',
    );
    expect(classUpdateFieldsSchema.parse({ kapasitas: '40' }).kapasitas).toBe(40);
  });

  it('refuses a minimum attendance of 150% and an upload limit of 0 MB', () => {
    const attendance = collegeSettingsSchema.safeParse({
      pembatasan_akses: { kehadiran_ujian: { persen_minimal: 150 } },
    });
    expect(attendance.success).toBe(false);
    expect(attendance.error!.issues[0]).toMatchObject({
      path: ['pembatasan_akses', 'kehadiran_ujian', 'persen_minimal'],
      message: 'Nilai harus antara 0 dan 100.',
    });
    const size = collegeSettingsSchema.safeParse({ pengaturan_sistem: { ukuran_max_file: { materi: 0 } } });
    expect(messageOf(size)).toBe('Batas ukuran harus lebih dari 0 MB.');
  });
});
