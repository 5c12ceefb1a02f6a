// Zod-free on purpose (see permission.rules.ts); the dashboard's first screen uses these.

/** The longest range the calendar answers in one call (a month view with its spill-over weeks). */
export const calendarMaxDays = 62;

/** At most this many events in one answer; `meta.terpotong` says when more exist. */
export const calendarMaxEvents = 500;

/** Kinds of calendar events: meetings now; exams, task deadlines and vidcons when those areas exist. */
export const calendarEventKindValues = ['pertemuan', 'ujian', 'tugas', 'vidcon'] as const;
export type CalendarEventKind = (typeof calendarEventKindValues)[number];

export const calendarEventKindLabels: Record<CalendarEventKind, string> = {
  pertemuan: 'Pertemuan',
  ujian: 'Kuis/Ujian',
  tugas: 'Tugas',
  vidcon: 'Vidcon',
};
