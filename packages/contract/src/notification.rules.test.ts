import { describe, expect, it } from 'vitest';
import { reminderLeadInputSchema } from './notification.schema.ts';
import {
  defaultNotificationChoice,
  notificationChannels,
  notificationKindLabels,
  notificationKinds,
  reminderLeadText,
  timeAgoText,
  unreadBadgeText,
} from './notification.rules.ts';

describe('notification rules', () => {
  it('starts everyone with every kind in the app, and exam and deadline reminders also by email and push', () => {
    for (const kind of notificationKinds) expect(defaultNotificationChoice(kind, 'in_app')).toBe(true);
    for (const channel of notificationChannels) {
      expect(defaultNotificationChoice('pengingat_ujian', channel)).toBe(true);
      expect(defaultNotificationChoice('pengingat_tenggat', channel)).toBe(true);
    }
    expect(defaultNotificationChoice('forum', 'email')).toBe(false);
    expect(defaultNotificationChoice('tugas', 'push')).toBe(false);
  });

  it('labels every kind in Indonesian', () => {
    expect(Object.keys(notificationKindLabels).sort()).toEqual([...notificationKinds].sort());
    expect(notificationKindLabels.tugas).toBe('Tugas baru');
  });

  it('says how long ago in Indonesian', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const ago = (seconds: number) => timeAgoText(new Date(now.getTime() - seconds * 1000), now);
    expect(ago(10)).toBe('Baru saja');
    expect(ago(5 * 60)).toBe('5 menit yang lalu');
    expect(ago(3 * 3600)).toBe('3 jam yang lalu');
    expect(ago(2 * 86_400)).toBe('2 hari yang lalu');
    expect(ago(14 * 86_400)).toBe('2 minggu yang lalu');
    expect(ago(60 * 86_400)).toBe('2 bulan yang lalu');
    expect(ago(800 * 86_400)).toBe('2 tahun yang lalu');
    // A clock a little ahead of the server's is not "in the future".
    expect(ago(-30)).toBe('Baru saja');
  });

  it('keeps the badge to one small circle', () => {
    expect(unreadBadgeText(7)).toBe('7');
    expect(unreadBadgeText(100)).toBe('99+');
  });

  it('names a reminder lead in hours below a day and in days from a whole day', () => {
    expect(reminderLeadText(1)).toBe('1 jam');
    expect(reminderLeadText(12)).toBe('12 jam');
    expect(reminderLeadText(48)).toBe('2 hari');
    expect(reminderLeadText(168)).toBe('7 hari');
    expect(reminderLeadText(30)).toBe('30 jam');
  });

  it('takes a reminder lead from the list, or null to follow the college', () => {
    expect(reminderLeadInputSchema.safeParse({ jam: 48 }).success).toBe(true);
    expect(reminderLeadInputSchema.safeParse({ jam: null }).success).toBe(true);
    const refused = reminderLeadInputSchema.safeParse({ jam: 5 });
    expect(refused.error?.issues[0]?.message).toBe(
      'Pilih salah satu: 1 jam, 3 jam, 6 jam, 12 jam, 1 hari, 2 hari, 3 hari, 7 hari.',
    );
    expect(reminderLeadInputSchema.safeParse({}).success).toBe(false);
  });
});
