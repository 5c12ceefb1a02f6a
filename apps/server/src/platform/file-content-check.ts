import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { fileExtension } from '@lms/contract/material.rules';
import type { StagedFile } from './file-storage.ts';

/**
 * What the content of a file of each accepted extension is detected as (file-type's names). The legacy
 * Office formats share one container (cfb); Ogg streams are named by their codec.
 */
const detectedAs: Record<string, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  mp4: ['mp4', 'm4v', 'mov'],
  mpeg: ['mpg', 'mp2', 'mp3'],
  webm: ['webm'],
  ogg: ['ogg', 'oga', 'ogv', 'opus', 'spx'],
  opus: ['opus', 'ogg', 'oga'],
  mp3: ['mp3'],
  wav: ['wav'],
  acc: ['aac'],
  zip: ['zip'],
  rar: ['rar'],
};

/** Content types to serve a file with, by its extension: what a browser needs to show or play it. */
const servedAs: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  mp4: 'video/mp4',
  mpeg: 'video/mpeg',
  webm: 'video/webm',
  ogg: 'video/ogg',
  opus: 'audio/ogg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  acc: 'audio/aac',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
};

/** A file that passed: its extension and the content type to serve it with. */
export interface CheckedFile {
  extension: string;
  contentType: string;
}

/**
 * Checks an uploaded file by its content, not only its name: the extension must be one of `allowed`
 * (else `extension`) and the bytes must be what that extension promises (else `content`). A staged upload
 * is read from its file only as far as the detection needs (its first bytes; a zip's first entries).
 */
export async function checkFileContent(
  fileName: string,
  content: Buffer | StagedFile,
  allowed: readonly string[],
): Promise<CheckedFile | { refused: 'extension' | 'content'; extension: string }> {
  const extension = fileExtension(fileName);
  if (!allowed.includes(extension) || !servedAs[extension]) return { refused: 'extension', extension };
  const detected = Buffer.isBuffer(content)
    ? await fileTypeFromBuffer(content)
    : await fileTypeFromFile(content.stagedPath);
  if (!detected || !detectedAs[extension]?.includes(detected.ext)) return { refused: 'content', extension };
  return { extension, contentType: servedAs[extension] };
}
