/**
 * Notifications (notifikasi): the kinds of event a user hears of, the channels, their Indonesian labels
 * and the defaults a user starts with. No zod here: the header's bell is first-screen code.
 */

/** Kinds of notification. Reminders, chat and schedule changes are sent by areas built later. */
export const notificationKinds = [
  'materi',
  'tugas',
  'ujian',
  'forum',
  'vidcon',
  'nilai_tugas',
  'nilai',
  'pengumuman',
  'balasan_forum',
  'pesan_chat',
  'pengingat_tenggat',
  'pengingat_ujian',
  'ujian_berubah',
  'jadwal_berubah',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notificationKindLabels: Record<NotificationKind, string> = {
  materi: 'Materi baru',
  tugas: 'Tugas baru',
  ujian: 'Kuis/ujian baru',
  forum: 'Forum baru',
  vidcon: 'Video conference baru',
  nilai_tugas: 'Nilai tugas dipublikasikan',
  nilai: 'Nilai dipublikasikan',
  pengumuman: 'Pengumuman',
  balasan_forum: 'Balasan di forum',
  pesan_chat: 'Pesan chat',
  pengingat_tenggat: 'Pengingat tenggat tugas',
  pengingat_ujian: 'Pengingat ujian',
  ujian_berubah: 'Ujian dijeda, diperpanjang, atau dibuka kembali',
  jadwal_berubah: 'Jadwal pertemuan berubah',
};

/** Where a notification goes: the list in the app now; email and push are sent by areas built later. */
export const notificationChannels = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const notificationChannelLabels: Record<NotificationChannel, string> = {
  in_app: 'Di aplikasi',
  email: 'Email',
  push: 'Push',
};

/**
 * A user's choice before they change anything: everything in the app; exam and deadline reminders
 * also by email and push (missing those costs a grade). Announcements are not mailed unless chosen: one
 * would mail the whole college at once.
 */
export function defaultNotificationChoice(kind: NotificationKind, channel: NotificationChannel): boolean {
  if (channel === 'in_app') return true;
  return kind === 'pengingat_tenggat' || kind === 'pengingat_ujian';
}

/**
 * The lead times a user may choose for their deadline and exam reminders, in hours (issue 44 §1: the
 * college's setting, or the user's own). A short list: the reminder job records one event per lead in
 * use, so the choices bound the events per task or exam.
 */
export const reminderLeadHourChoices = [1, 3, 6, 12, 24, 48, 72, 168] as const;

/** "3 jam", "2 hari", "7 hari": a lead time as a user reads it. */
export function reminderLeadText(hours: number): string {
  return hours >= 24 && hours % 24 === 0 ? `${hours / 24} hari` : `${hours} jam`;
}

/** How many notifications one page of the list holds at most. */
export const notificationPageMax = 50;

/** The badge's text: the count, or 99+ so it stays one small circle. */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** "5 menit yang lalu": how long ago, in Indonesian, for the list. */
export function timeAgoText(at: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000));
  if (seconds < 60) return 'Baru saja';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} menit yang lalu`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} jam yang lalu`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} hari yang lalu`;
  if (days < 30) return `${Math.floor(days / 7)} minggu yang lalu`;
  if (days < 365) return `${Math.floor(days / 30)} bulan yang lalu`;
  return `${Math.floor(days / 365)} tahun yang lalu`;
}

export const notificationMessages = {
  notFound: 'Notifikasi tidak ditemukan.',
  empty: 'Belum ada notifikasi',
  markAll: 'Tandai semua sudah dibaca',
} as const;
