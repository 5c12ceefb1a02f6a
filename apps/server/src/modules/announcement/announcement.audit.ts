import { publicationStatusLabels, type Announcement, type News } from '@lms/contract/announcement.schema';
import {
  listChanges,
  localTimeText,
  recordChanges,
  type ActivityCaller,
  type ChangeFields,
} from '../activity-log/activity-log.api.ts';
import type { Db } from '../../db/database.ts';

type Write = 'tambah' | 'ubah' | 'hapus';
const verbs: Record<Write, string> = { tambah: 'Menambahkan', ubah: 'Mengubah', hapus: 'Menghapus' };

/**
 * The fields an announcement's write is audited on, times in the college's zone. The body is long
 * HTML: the log says only that it changed.
 */
function announcementFields(timeZone: string): ChangeFields {
  return {
    judul: 'Judul',
    isi: { label: 'Isi', tanpaNilai: true },
    tanggal_publish: { label: 'Tanggal Terbit', tampil: localTimeText(timeZone) },
    status: { label: 'Status', tampil: (v) => publicationStatusLabels[v as Announcement['status']] ?? v },
  };
}

/** A news article's: an announcement's, its summary and its cover (only '(diubah)' / '(dihapus)'). */
function newsFields(timeZone: string): ChangeFields {
  const { judul, ...rest } = announcementFields(timeZone);
  return {
    judul: judul!,
    ringkasan: 'Ringkasan',
    gambar_url: { label: 'Gambar Sampul', tanpaNilai: true },
    ...rest,
  };
}

/**
 * Records an operator's write of an announcement (Tambah/Ubah/Hapus Pengumuman) with what it changed,
 * old → new; nothing when nothing changed. Only operators write these (announcement.policy.ts).
 */
export async function auditAnnouncement(
  db: Db,
  caller: ActivityCaller,
  timeZone: string,
  write: Write,
  before: Announcement | null,
  after: Announcement | null,
): Promise<void> {
  const item = (after ?? before)!;
  await recordChanges(
    db,
    caller,
    `${write}_pengumuman`,
    `${verbs[write]} pengumuman: ${item.judul}`,
    listChanges(before, after, announcementFields(timeZone)),
    { id_pengumuman: item.id },
  );
}

/** As auditAnnouncement, for news (Tambah/Ubah/Hapus Berita). */
export async function auditNews(
  db: Db,
  caller: ActivityCaller,
  timeZone: string,
  write: Write,
  before: News | null,
  after: News | null,
): Promise<void> {
  const item = (after ?? before)!;
  await recordChanges(
    db,
    caller,
    `${write}_berita`,
    `${verbs[write]} berita: ${item.judul}`,
    listChanges(before, after, newsFields(timeZone)),
    { id_berita: item.id },
  );
}
