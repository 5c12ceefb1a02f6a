import { fileTypeFromBuffer } from 'file-type';
import { parseBuffer } from 'music-metadata';
import { fileExtension, materialExtensions, type MaterialFileType } from '@lms/contract/material.rules';

/**
 * What the content of a file of each accepted extension is detected as (file-type's names). The legacy
 * Office formats share one container (cfb); Ogg streams are named by their codec.
 */
const detectedAs: Record<string, readonly string[]> = {
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

export interface CheckedMaterialFile {
  extension: string;
  contentType: string;
  /** Audio and video: the length in seconds, when the container says it. */
  durationSeconds: number | null;
}

/**
 * Checks an uploaded material by its content, not only its name: the extension must be accepted for the
 * type (else `extension`) and the bytes must be what that extension promises (else `content`).
 */
export async function checkMaterialFile(
  fileType: Exclude<MaterialFileType, 'url'>,
  fileName: string,
  bytes: Buffer,
): Promise<CheckedMaterialFile | { refused: 'extension' | 'content' }> {
  const extension = fileExtension(fileName);
  if (!materialExtensions[fileType].includes(extension)) return { refused: 'extension' };
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !detectedAs[extension]?.includes(detected.ext)) return { refused: 'content' };
  let contentType = servedAs[extension]!;
  // Audio in a container named for video (an .ogg or .webm audio track) is served as audio.
  if (fileType === 'audio' && contentType.startsWith('video/'))
    contentType = contentType.replace('video/', 'audio/');
  const durationSeconds =
    fileType === 'audio' || fileType === 'video' ? await readDuration(bytes, contentType) : null;
  return { extension, contentType, durationSeconds };
}

async function readDuration(bytes: Buffer, mimeType: string): Promise<number | null> {
  try {
    const { format } = await parseBuffer(bytes, { mimeType, size: bytes.length }, { duration: true });
    return format.duration && Number.isFinite(format.duration) ? format.duration : null;
  } catch {
    // A file the parser cannot read still plays in the browser; its percentage then stays unknown.
    return null;
  }
}
