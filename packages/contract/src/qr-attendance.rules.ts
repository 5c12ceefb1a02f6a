// Zod-free on purpose (see permission.rules.ts): the check-in page imports these.
import type { LectureMode } from './class.rules.ts';

/** A meeting's QR code changes every this many seconds. */
export const qrSlotSeconds = 30;
/** A code older than this is refused (a photo or screenshot passed on later). */
export const qrMaxAgeSeconds = 60;
/** The page a code opens; the phone's camera app opens it directly. */
export const qrCheckInPath = '/presensi-qr';

export const qrAttendanceMessages = {
  off: 'Presensi dengan kode QR tidak aktif.',
  invalid: 'Kode QR tidak valid.',
  expired: 'Kode QR sudah kedaluwarsa. Pindai kode QR yang sedang tampil di kelas.',
  otherCollege: 'Kode QR ini bukan untuk perguruan tinggi Anda.',
  notEnrolled: 'Anda tidak terdaftar di kelas pertemuan ini.',
  outsideTime: 'Presensi QR hanya dapat dilakukan selama waktu pertemuan berlangsung.',
  onlineMeeting: 'Kode QR hanya untuk pertemuan offline atau campuran.',
  studentsOnly: 'Presensi QR hanya untuk mahasiswa.',
  alreadyByQr: 'Anda sudah tercatat hadir melalui kode QR pada pertemuan ini.',
  manualExists: 'Kehadiran Anda pada pertemuan ini sudah diisi oleh pengajar.',
} as const;

/** "Presensi berhasil. Anda tercatat hadir pada pertemuan {n}." */
export const qrRecordedMessage = (nomor: number) =>
  `Presensi berhasil. Anda tercatat hadir pada pertemuan ${nomor}.`;

/** QR check-in applies to meetings held in a room: offline and mixed. */
export function isQrMeeting(jenis: LectureMode): boolean {
  return jenis !== 'online';
}

/** The 30-second slot an instant falls in; a code is signed for one slot. */
export function qrSlotOf(now: Date): number {
  return Math.floor(now.getTime() / (qrSlotSeconds * 1000));
}

/** When a slot begins and when its code is next replaced. */
export function qrSlotWindow(slot: number): { start: Date; next: Date } {
  const start = slot * qrSlotSeconds * 1000;
  return { start: new Date(start), next: new Date(start + qrSlotSeconds * 1000) };
}

/** A code of `slot` read at `now` is too old once a minute passed since its slot began. */
export function isQrSlotExpired(slot: number, now: Date): boolean {
  return now.getTime() - qrSlotWindow(slot).start.getTime() > qrMaxAgeSeconds * 1000;
}

/**
 * A student may check in while the meeting is under way (server time): from its scheduled start, or from
 * the lecture's actual start when the lecturer started it earlier, until the lecture's end when it was
 * ended, else until the scheduled end.
 */
export function isWithinQrCheckInTime(
  meeting: { waktuMulai: Date; waktuSelesai: Date; mulaiKuliah?: Date | null; selesaiKuliah?: Date | null },
  now: Date,
): boolean {
  const opens =
    meeting.mulaiKuliah && meeting.mulaiKuliah < meeting.waktuMulai
      ? meeting.mulaiKuliah
      : meeting.waktuMulai;
  const closes = meeting.selesaiKuliah ?? meeting.waktuSelesai;
  return now >= opens && now <= closes;
}

/** The address a QR code holds: our own check-in page with the code. */
export function qrCheckInUrl(baseUrl: string, kode: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${qrCheckInPath}?kode=${encodeURIComponent(kode)}`;
}

/** The code inside a scanned text: an address of our page (any host) or the bare code. */
export function qrCodeFromScan(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  // Parsed by hand: the contract runs without the DOM's or Node's URL types.
  const address = /^https?:\/\/[^/?#]+([^?#]*)(?:\?([^#]*))?/i.exec(trimmed);
  if (!address) return /^[\w.-]+$/.test(trimmed) ? trimmed : null;
  if (!(address[1] ?? '').endsWith(qrCheckInPath)) return null;
  for (const pair of (address[2] ?? '').split('&')) {
    const [name, value] = pair.split('=');
    if (name === 'kode' && value) return decodeURIComponent(value);
  }
  return null;
}
