// Zod-free on purpose (see permission.rules.ts): the log's filter panel needs only these options.
import { uploadFileKinds, type UploadFileKind } from './college-settings.rules.ts';

/** The `is_valid` filter of the activity log, spec 1 §9 letter for letter. */
export const validationFilterLabels = { true: 'Sudah Validasi', false: 'Belum Validasi' } as const;

/**
 * File kinds of the activity log's `kind` filter (spec 1 §9): the upload kinds but the profile photo and
 * forum attachments, which the log does not record.
 */
export const logFileKinds = uploadFileKinds.filter(
  (kind): kind is Exclude<UploadFileKind, 'foto_profil' | 'lampiran_forum'> =>
    kind !== 'foto_profil' && kind !== 'lampiran_forum',
);

/**
 * One changed field of an operator's write, as entries carry it in `context.perubahan`: the field's
 * name, its Indonesian label and the values before and after. A secret (passwords, client secrets,
 * keys) is never stored: both values are `secretChangeText` and `rahasia` is true. Neither is a value
 * the log does not keep (a rich-text body, a picture): `rahasia` too, `baru` is `removedChangeText`
 * when it was removed.
 */
export interface ActivityChange {
  field: string;
  label: string;
  lama: unknown;
  baru: unknown;
  rahasia?: boolean;
}

/** What the log shows (and stores) for a secret that changed, instead of its values. */
export const secretChangeText = '(diubah)';

/** What the log shows for a value it does not keep (a news cover) that was removed. */
export const removedChangeText = '(dihapus)';

/** The `context.perubahan` of an entry, or [] when it has none (older entries, other kinds). */
export function readActivityChanges(context: Record<string, unknown> | null | undefined): ActivityChange[] {
  const list = context?.['perubahan'];
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is ActivityChange =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as ActivityChange).field === 'string' &&
      typeof (item as ActivityChange).label === 'string',
  );
}

/** A logged value as text: nothing '—', booleans 'Ya'/'Tidak', lists joined with commas. */
export function formatActivityValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Ya' : 'Tidak';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  if (Array.isArray(value)) return value.length ? value.map(formatActivityValue).join(', ') : '—';
  return JSON.stringify(value);
}

/** 'Kapasitas: 40 → 45'; a secret 'Client secret: (diubah)'; a removed picture 'Gambar Sampul: (dihapus)'. */
export function formatActivityChange(change: ActivityChange): string {
  if (change.rahasia) {
    return `${change.label}: ${change.baru === removedChangeText ? removedChangeText : secretChangeText}`;
  }
  return `${change.label}: ${formatActivityValue(change.lama)} → ${formatActivityValue(change.baru)}`;
}

/**
 * What an entry's context says beyond its detail, one line each, as the log screens and its export
 * show it: the changed fields ('Kapasitas: 40 → 45') and the scope of a recalculation
 * ('Cakupan: Periode 2026/2027 Ganjil · …').
 */
export function activityContextLines(context: Record<string, unknown> | null | undefined): string[] {
  const lines = readActivityChanges(context).map(formatActivityChange);
  const cakupan = context?.['cakupan'];
  if (typeof cakupan === 'string' && cakupan.trim()) lines.push(`Cakupan: ${cakupan.trim()}`);
  return lines;
}
