import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';
import { lectureModeSchema } from './class.schema.ts';
import { meetingCategorySchema, meetingStatusSchema } from './meeting.schema.ts';
import { calendarEventKindValues, calendarMaxDays } from './dashboard.rules.ts';

const isoInstant = z.iso.datetime({ offset: true, message: 'Waktu harus ISO 8601 dengan Z atau offset.' });

/** GET /v2/lms/kalender?start=&end=: events that overlap [start, end). */
export const calendarQuerySchema = z
  .object({ start: isoInstant, end: isoInstant })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), {
    message: 'Waktu akhir harus setelah waktu mulai.',
    path: ['end'],
  })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= calendarMaxDays * 86_400_000, {
    message: `Rentang waktu paling lama ${calendarMaxDays} hari.`,
    path: ['end'],
  });
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** One event of the user's calendar. */
export const calendarEventSchema = z.object({
  /** Unique within the answer: `{jenis}:{id}`. */
  id: z.string(),
  jenis: z.enum(calendarEventKindValues),
  judul: z.string(),
  waktu_mulai: isoInstant,
  waktu_selesai: isoInstant,
  /** Where the event opens in the web app. */
  tautan: z.string(),
  kelas: z.object({
    id: z.string(),
    nama: z.string(),
    mata_kuliah: z.object({ id: z.string(), kode: z.string(), nama: z.string() }),
  }),
  /** Meetings only. */
  pertemuan: z
    .object({
      id: z.string(),
      nomor: z.number().int(),
      kategori: meetingCategorySchema,
      jenis: lectureModeSchema,
      status: meetingStatusSchema,
      ruangan: z.string().nullable(),
    })
    .nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarResponseSchema = z.object({
  data: z.array(calendarEventSchema),
  meta: z.object({ total_items: z.number().int(), terpotong: z.boolean() }),
});
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;

/**
 * GET /v2/lms/statistik_beranda: the dashboard tiles, counted in the caller's classes (operators with read
 * on kelas_kuliah: every class of the college). A count is null for a caller who may not read what the
 * tile counts (operators without read on kelas_kuliah): the dashboard leaves that tile out.
 */
export const dashboardStatisticsSchema = z.object({
  /** Students: open tasks not yet handed in; lecturers and operators: submissions to grade. */
  tugas: z.number().int().nullable(),
  /** Students: quizzes and exams open or upcoming not yet done; others: those not yet closed. */
  ujian: z.number().int().nullable(),
  /** Forums open now. */
  forum: z.number().int().nullable(),
  /** Video conferences today or later. */
  vidcon: z.number().int().nullable(),
});
export type DashboardStatistics = z.infer<typeof dashboardStatisticsSchema>;
export const dashboardStatisticsResponseSchema = dataOf(dashboardStatisticsSchema);
