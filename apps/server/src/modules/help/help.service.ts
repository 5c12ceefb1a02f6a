import { htmlHasText } from '@lms/contract/announcement.schema';
import type { HelpArticle, HelpArticleInput, HelpListResponse } from '@lms/contract/help.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { badRequest, notFound } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
import type { LoadedResource } from '../../platform/resource-access.ts';
import {
  listChanges,
  recordChanges,
  type ActivityCaller,
  type ChangeFields,
} from '../activity-log/activity-log.api.ts';
import { assertCanEditHelp, canEditHelp } from './help.policy.ts';
import {
  deleteHelpArticle,
  findHelpArticleById,
  findHelpArticles,
  insertHelpArticle,
  updateHelpArticle,
  type HelpArticleRow,
  type HelpArticleValues,
} from './help.repository.ts';

function present(row: HelpArticleRow): HelpArticle {
  return {
    id: row.id,
    kategori: row.kategori,
    judul: row.judul,
    isi: sanitizeRichText(row.isi),
    urutan: row.urutan,
    updated_at: row.updatedAt.toISOString(),
  };
}

function valuesOf(input: HelpArticleInput): HelpArticleValues {
  const isi = sanitizeRichText(input.isi);
  if (!htmlHasText(isi)) {
    throw badRequest('validation_failed', 'Data yang dikirim tidak valid. isi: Isi wajib diisi.', {
      fields: [{ field: 'isi', message: 'Isi wajib diisi.' }],
    });
  }
  return { kategori: input.kategori, judul: input.judul, isi, urutan: input.urutan };
}

/** The help area's answer for an article its college does not hold. */
export const helpNotFound = () => notFound('Bantuan tidak ditemukan.');

/**
 * An article of the caller's college; anyone signed in reads it and the route's operator area decides
 * who changes it. The help resource's loader.
 */
export async function loadHelpResource(
  db: Db,
  actor: Actor,
  _college: College,
  id: string,
): Promise<LoadedResource<HelpArticleRow> | null> {
  const row = await findHelpArticleById(db, actor.collegeId, id);
  return row ? { row, canRead: true, canWrite: true } : null;
}

/**
 * The fields a help page's write is audited on. The body is long HTML: the log says only that it
 * changed ('(diubah)'), as for a secret.
 */
const helpFields: ChangeFields = {
  kategori: 'Kategori',
  judul: 'Judul',
  isi: { label: 'Isi', rahasia: true },
  urutan: 'Urutan',
};

/** Records what a write changed on a help page, old → new (nothing when nothing changed). */
async function auditHelp(
  db: Db,
  caller: ActivityCaller,
  jenis: 'tambah_bantuan' | 'ubah_bantuan' | 'hapus_bantuan',
  before: HelpArticle | null,
  after: HelpArticle | null,
) {
  const page = (after ?? before)!;
  const verb = { tambah_bantuan: 'Menambahkan', ubah_bantuan: 'Mengubah', hapus_bantuan: 'Menghapus' }[jenis];
  await recordChanges(
    db,
    caller,
    jenis,
    `${verb} bantuan ${page.kategori}: ${page.judul}`,
    listChanges(before, after, helpFields),
    { id_bantuan: page.id },
  );
}

/** GET /v2/lms/bantuan. */
export async function listHelp(db: Db, actor: Actor, search?: string): Promise<HelpListResponse> {
  const rows = await findHelpArticles(db, actor.collegeId, search);
  return { data: rows.map(present), akses: { ubah: canEditHelp(actor) } };
}

/** POST /v2/lms/bantuan; recorded in the activity log with its fields. */
export async function createHelp(
  db: Db,
  caller: ActivityCaller,
  input: HelpArticleInput,
): Promise<HelpArticle> {
  const { actor } = caller;
  assertCanEditHelp(actor);
  const id = await insertHelpArticle(db, actor.collegeId, actor.userId, valuesOf(input));
  const created = present((await findHelpArticleById(db, actor.collegeId, id))!);
  await auditHelp(db, caller, 'tambah_bantuan', null, created);
  return created;
}

/** PUT /v2/lms/bantuan/{id}; the activity log records what changed, old → new. */
export async function editHelp(
  db: Db,
  caller: ActivityCaller,
  before: HelpArticleRow,
  input: HelpArticleInput,
): Promise<HelpArticle> {
  const { actor } = caller;
  const { id } = before;
  assertCanEditHelp(actor);
  const values = valuesOf(input);
  if (!(await updateHelpArticle(db, actor.collegeId, id, values))) throw helpNotFound();
  const after = present((await findHelpArticleById(db, actor.collegeId, id))!);
  await auditHelp(db, caller, 'ubah_bantuan', present(before), after);
  return after;
}

/** DELETE /v2/lms/bantuan/{id}; the activity log keeps what was removed. */
export async function removeHelp(db: Db, caller: ActivityCaller, before: HelpArticleRow): Promise<void> {
  const { actor } = caller;
  assertCanEditHelp(actor);
  if (!(await deleteHelpArticle(db, actor.collegeId, before.id))) throw helpNotFound();
  await auditHelp(db, caller, 'hapus_bantuan', present(before), null);
}
