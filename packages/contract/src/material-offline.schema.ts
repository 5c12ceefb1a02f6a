import { z } from 'zod';
import { maxOfflineRecords, maxOfflineRecordSeconds, offlineRecordKinds } from './material-offline.rules.ts';

/** One record of what the phone saw offline; `dibuka_pada` is the device's clock, kept for the log only. */
export const offlineRecordSchema = z.object({
  jenis: z.enum(offlineRecordKinds),
  detik: z.number().min(0).max(maxOfflineRecordSeconds),
  dibuka_pada: z.iso.datetime({ offset: true }),
});

/** POST /v2/lms/materi/{id}/luring: the evidence recorded offline on one kept material. */
export const offlineSyncSchema = z.object({
  catatan: z
    .array(offlineRecordSchema)
    .min(1, 'Catatan luring wajib diisi.')
    .max(maxOfflineRecords, `Maksimal ${maxOfflineRecords} catatan sekali kirim.`),
});
export type OfflineSync = z.infer<typeof offlineSyncSchema>;
