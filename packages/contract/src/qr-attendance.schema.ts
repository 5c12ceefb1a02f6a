import { z } from 'zod';
import { dataOf } from './api-envelope.schema.ts';

/** GET /v2/lms/kehadiran_mahasiswa/pertemuan/{idPertemuan}/qr: the code shown in class now. */
export const meetingQrCodeSchema = z.object({
  kode: z.string(),
  /** What the QR image holds: our check-in page with the code. */
  url: z.string(),
  /** When the next code replaces this one. */
  berganti_pada: z.string(),
  interval_detik: z.number().int(),
  server_time: z.string(),
});
export type MeetingQrCode = z.infer<typeof meetingQrCodeSchema>;
export const meetingQrCodeResponseSchema = dataOf(meetingQrCodeSchema);

/** POST /v2/lms/kehadiran_mahasiswa/presensi_qr. */
export const qrCheckInInputSchema = z.object({ kode: z.string().min(1).max(2000) });
export type QrCheckInInput = z.infer<typeof qrCheckInInputSchema>;

export const qrCheckInResultSchema = z.object({
  /** A QR mark was written now (false: one already stood, by QR or by a person). */
  tercatat: z.boolean(),
  presensi: z.enum(['H', 'A', 'I', 'S']),
  sumber: z.enum(['manual', 'qr']),
  pesan: z.string(),
  pertemuan: z.object({
    id: z.string(),
    nomor: z.number().int(),
    judul: z.string(),
    kelas_kuliah: z.object({ id: z.string(), nama: z.string(), mata_kuliah: z.string() }),
  }),
});
export type QrCheckInResult = z.infer<typeof qrCheckInResultSchema>;
export const qrCheckInResponseSchema = dataOf(qrCheckInResultSchema);
