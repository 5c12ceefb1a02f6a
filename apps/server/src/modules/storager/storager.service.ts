import { readCollegeSettings } from '@lms/contract/college-settings.schema';
import { fileTooLargeMessage } from '@lms/contract/material.rules';
import { optionImageExtensions, questionBankMessages } from '@lms/contract/question-bank.rules';
import { storagerDirs } from '@lms/contract/question-bank.schema';
import type { Db } from '../../db/database.ts';
import { isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { AppError, badRequest, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { checkFileContent } from '../../platform/file-content-check.ts';
import { fileUrl, type FileStore } from '../../platform/file-storage.ts';
import type { UploadedFile } from '../../platform/multipart-form.ts';
import { fileKeyOfUrl } from '../../platform/file-url.ts';
import { deleteUpload, findUpload, insertUpload } from './storager.repository.ts';

type StoragerDir = (typeof storagerDirs)[number];

/** The largest image a folder takes: the question attachment setting of its area (MB × 1,000,000). */
export function storagerLimit(college: College, dir: StoragerDir) {
  const sizes = readCollegeSettings(college).pengaturan_sistem.ukuran_max_file;
  const maxBytes = (dir === 'bank_soal' ? sizes.soal_bank_soal : sizes.soal_ujian) * 1_000_000;
  return { maxBytes, tooLarge: new AppError(413, 'file_terlalu_besar', fileTooLargeMessage(maxBytes)) };
}

/** The folder field of an upload form; anything else is refused. */
export function parseStoragerDir(value: string | undefined): StoragerDir {
  const dir = (value ?? '').replace(/^\/+|\/+$/g, '').split('/')[0];
  if (!storagerDirs.includes(dir as StoragerDir))
    throw badRequest('dir_tidak_valid', 'Folder unggahan tidak dikenal (bank_soal atau ujian).');
  return dir as StoragerDir;
}

/**
 * POST /v2/storager: an option image (png, jpg, jpeg checked by content), stored for the college and
 * recorded with its uploader; answers its url.
 */
export async function uploadImage(
  db: Db,
  store: FileStore,
  actor: Actor,
  form: { fields: Record<string, string>; file: UploadedFile | undefined },
): Promise<{ url: string }> {
  if (form.fields.service_id && form.fields.service_id !== 'lms')
    throw badRequest('service_tidak_valid', 'service_id harus lms.');
  const dir = parseStoragerDir(form.fields.dir);
  if (!form.file) throw badRequest('file_tidak_valid', questionBankMessages.fileNotChosen);
  const checked = await checkFileContent(form.file.fileName, form.file, optionImageExtensions);
  if ('refused' in checked) throw badRequest('file_tidak_valid', questionBankMessages.imageType);
  const stored = await store.put(form.file, {
    collegeId: actor.collegeId,
    contentType: checked.contentType,
    fileName: form.file.fileName,
  });
  await insertUpload(db, { fileKey: stored.key, collegeId: actor.collegeId, uploadedBy: actor.userId, dir });
  return { url: fileUrl(stored.key, actor.collegeId) };
}

/**
 * DELETE /v2/storager?url=: removes an uploaded image of this college; only its uploader or an operator
 * with write on the folder's area (bank_soal, or kelas_kuliah for exams) may. Unknown urls answer 404.
 */
export async function deleteImage(db: Db, store: FileStore, actor: Actor, url: string): Promise<void> {
  const key = fileKeyOfUrl(url, actor.collegeId);
  const upload = key ? await findUpload(db, actor.collegeId, key) : undefined;
  if (!key || !upload) throw new AppError(404, 'file_not_found', 'Berkas tidak ditemukan');
  const area = upload.dir === 'bank_soal' ? 'bank_soal' : 'kelas_kuliah';
  if (upload.uploadedBy !== actor.userId && !isOperatorWriting(actor, area)) throw forbidden();
  if (await deleteUpload(db, actor.collegeId, key)) await store.delete(key);
}
