import type { ClassListItem } from '@lms/contract/class.schema';

// Apart from the profile's details (antd Typography): the Data Kelas card on the class page, drawn
// without antd, lists the slots too.

/** Day names from Sunday (jadwal.hari 0–6, spec 1 §9). */
const dayNames = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'] as const;

/** A weekly slot as text: 'Senin, 08:00 - 10:30 · Gedung A R.101 · Sesi 1'. */
export function formatScheduleSlot(slot: ClassListItem['jadwal'][number]): string {
  const parts = [
    `${dayNames[slot.hari] ?? '-'}, ${slot.jam_mulai.slice(0, 5)} - ${slot.jam_selesai.slice(0, 5)}`,
  ];
  if (slot.ruangan) parts.push(slot.ruangan.nama);
  if (slot.sesi) parts.push(slot.sesi.nama);
  return parts.join(' · ');
}
