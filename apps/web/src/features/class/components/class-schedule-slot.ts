import type { ClassListItem } from '@lms/contract/class.schema';

// Apart from the profile's details (antd Typography): the Data Kelas card on the class page, drawn
// without antd, lists the slots too.

/** Day names from Sunday (jadwal.hari 0–6, spec 1 §9). */
const dayNames = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;

/**
 * A weekly slot as text: 'Senin, 08:00 - 10:30 WITA · Gedung A R.101 · Sesi 1'. The slot's times are the
 * college's wall-clock times (in its current zone, as the clash finder reads them), so they carry the
 * zone's label (WIB, WITA, WIT) as meeting times do (issue 45).
 */
export function formatScheduleSlot(slot: ClassListItem['jadwal'][number], zoneLabel: string): string {
  const parts = [
    `${dayNames[slot.hari] ?? '-'}, ${slot.jam_mulai.slice(0, 5)} - ${slot.jam_selesai.slice(0, 5)} ${zoneLabel}`,
  ];
  if (slot.ruangan) parts.push(slot.ruangan.nama);
  if (slot.sesi) parts.push(slot.sesi.nama);
  return parts.join(' · ');
}
