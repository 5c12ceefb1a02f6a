import { badRequest } from './app-error.ts';
import { checkFileContent } from './file-content-check.ts';
import type { FileStore } from './file-storage.ts';
import type { UploadedFile } from './multipart-form.ts';

/** A stored upload as the areas' file tables keep it. */
export interface PrivateUpload {
  fileKey: string;
  fileName: string;
  fileSize: number;
  contentType: string;
}

/** The messages of a refused file: an extension not allowed, or bytes that are not what it promises. */
export interface UploadRefusals {
  extension(extension: string, fileName: string): string;
  content(extension: string, fileName: string): string;
}

/**
 * Checks every upload by its content against `allowed` (`file_tidak_valid` with the area's message), then
 * stores them under new private keys: nothing is stored unless every file passes, and what was stored is
 * removed again when a later one fails to store.
 */
export async function storePrivateUploads(
  files: FileStore,
  collegeId: string,
  uploads: UploadedFile[],
  allowed: readonly string[],
  refusals: UploadRefusals,
): Promise<PrivateUpload[]> {
  const checked = [];
  for (const upload of uploads) {
    const result = await checkFileContent(upload.fileName, upload, allowed);
    if ('refused' in result) {
      throw badRequest('file_tidak_valid', refusals[result.refused](result.extension, upload.fileName));
    }
    checked.push({ upload, contentType: result.contentType });
  }
  const stored: PrivateUpload[] = [];
  try {
    for (const { upload, contentType } of checked) {
      const file = await files.put(upload, {
        collegeId,
        contentType,
        fileName: upload.fileName,
        private: true,
      });
      stored.push({ fileKey: file.key, fileName: upload.fileName, fileSize: file.size, contentType });
    }
  } catch (error) {
    for (const file of stored) await files.delete(file.fileKey);
    throw error;
  }
  return stored;
}
