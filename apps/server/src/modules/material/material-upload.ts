import { materialExtensions, type MaterialFileType } from '@lms/contract/material.rules';
import { checkFileContent, type CheckedFile } from '../../platform/file-content-check.ts';

export interface CheckedMaterialFile extends CheckedFile {
  /** Audio and video: the length in seconds, when the container says it. */
  durationSeconds: number | null;
}

/**
 * Checks an uploaded material by its content (`checkFileContent` with the type's extensions) and reads
 * the length of audio and video.
 */
export async function checkMaterialFile(
  fileType: Exclude<MaterialFileType, 'url'>,
  fileName: string,
  bytes: Buffer,
): Promise<CheckedMaterialFile | { refused: 'extension' | 'content' }> {
  const checked = await checkFileContent(fileName, bytes, materialExtensions[fileType]);
  if ('refused' in checked) return checked;
  let contentType = checked.contentType;
  // Audio in a container named for video (an .ogg or .webm audio track) is served as audio.
  if (fileType === 'audio' && contentType.startsWith('video/'))
    contentType = contentType.replace('video/', 'audio/');
  const durationSeconds =
    fileType === 'audio' || fileType === 'video' ? await readDuration(bytes, contentType) : null;
  return { extension: checked.extension, contentType, durationSeconds };
}

async function readDuration(bytes: Buffer, mimeType: string): Promise<number | null> {
  try {
    // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
    const { parseBuffer } = await import('music-metadata');
    const { format } = await parseBuffer(bytes, { mimeType, size: bytes.length }, { duration: true });
    return format.duration && Number.isFinite(format.duration) ? format.duration : null;
  } catch {
    // A file the parser cannot read still plays in the browser; its percentage then stays unknown.
    return null;
  }
}
