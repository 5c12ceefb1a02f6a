import { htmlHasText } from '@lms/contract/announcement.schema';
import type { HelpArticle, HelpArticleInput, HelpListResponse } from '@lms/contract/help.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { badRequest, notFound } from '../../platform/app-error.ts';
import { sanitizeRichText } from '../../platform/html-sanitizer.ts';
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

const notFoundMessage = 'Bantuan tidak ditemukan.';

/** GET /v2/lms/bantuan. */
export async function listHelp(db: Db, actor: Actor, search?: string): Promise<HelpListResponse> {
  const rows = await findHelpArticles(db, actor.collegeId, search);
  return { data: rows.map(present), akses: { ubah: canEditHelp(actor) } };
}

/** POST /v2/lms/bantuan. */
export async function createHelp(db: Db, actor: Actor, input: HelpArticleInput): Promise<HelpArticle> {
  assertCanEditHelp(actor);
  const id = await insertHelpArticle(db, actor.collegeId, actor.userId, valuesOf(input));
  return present((await findHelpArticleById(db, actor.collegeId, id))!);
}

/** PUT /v2/lms/bantuan/{id}. */
export async function editHelp(
  db: Db,
  actor: Actor,
  id: string,
  input: HelpArticleInput,
): Promise<HelpArticle> {
  assertCanEditHelp(actor);
  if (!(await updateHelpArticle(db, actor.collegeId, id, valuesOf(input)))) throw notFound(notFoundMessage);
  return present((await findHelpArticleById(db, actor.collegeId, id))!);
}

/** DELETE /v2/lms/bantuan/{id}. */
export async function removeHelp(db: Db, actor: Actor, id: string): Promise<void> {
  assertCanEditHelp(actor);
  if (!(await deleteHelpArticle(db, actor.collegeId, id))) throw notFound(notFoundMessage);
}
