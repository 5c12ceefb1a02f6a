import { z } from 'zod';
import { dataOf, pageMetaSchema, pageQuerySchema } from './api-envelope.schema.ts';
import {
  notificationChannels,
  notificationKinds,
  notificationPageMax,
  reminderLeadHourChoices,
  reminderLeadText,
} from './notification.rules.ts';

export const notificationKindSchema = z.enum(notificationKinds);
export const notificationChannelSchema = z.enum(notificationChannels);

/** One notification under the bell. */
export const notificationSchema = z.object({
  id: z.uuid(),
  jenis: notificationKindSchema,
  judul: z.string(),
  /** The web app's path of the thing it is about. */
  tautan: z.string(),
  sumber: z.object({ jenis: z.string(), id: z.string() }),
  dibuat_pada: z.string(),
  dibaca_pada: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /v2/lms/notifikasi: newest first. */
export const notificationListQuerySchema = pageQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(notificationPageMax).default(20),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  data: z.array(notificationSchema),
  meta: pageMetaSchema.extend({ belum_dibaca: z.number().int() }),
});
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

export const notificationIdParamsSchema = z.object({
  id: z.uuid({ message: 'Notifikasi tidak ditemukan.' }),
});

/** PUT …/dibaca and …/dibaca-semua: the caller's unread count after the change. */
export const unreadCountResponseSchema = dataOf(z.object({ belum_dibaca: z.number().int() }));

/** One choice: a kind on a channel, on or off. */
export const notificationPreferenceSchema = z.object({
  jenis: notificationKindSchema,
  kanal: notificationChannelSchema,
  aktif: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET /v2/lms/notifikasi/preferensi: every kind × channel, the user's choice or the default. */
export const notificationPreferencesResponseSchema = dataOf(z.array(notificationPreferenceSchema));

/** PUT /v2/lms/notifikasi/preferensi: the choices to change; others stay. */
export const notificationPreferencesInputSchema = z.object({
  preferensi: z
    .array(notificationPreferenceSchema)
    .min(1, 'Pilih setidaknya satu pengaturan.')
    .max(notificationKinds.length * notificationChannels.length),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/** GET and PUT /v2/lms/notifikasi/pengingat: the caller's reminder lead time; null follows the college's. */
export const reminderLeadResponseSchema = dataOf(
  z.object({
    /** The user's own lead time in hours, or null to follow the college's. */
    jam: z.number().int().nullable(),
    /** The college's lead time (Konfigurasi › Pengingat sebelum tenggat/ujian). */
    jam_kampus: z.number().int(),
  }),
);
export type ReminderLead = z.infer<typeof reminderLeadResponseSchema>['data'];

export const reminderLeadInputSchema = z.object({
  jam: z
    .number()
    .int()
    .refine((hours) => (reminderLeadHourChoices as readonly number[]).includes(hours), {
      message: `Pilih salah satu: ${reminderLeadHourChoices.map(reminderLeadText).join(', ')}.`,
    })
    .nullable(),
});
export type ReminderLeadInput = z.infer<typeof reminderLeadInputSchema>;
