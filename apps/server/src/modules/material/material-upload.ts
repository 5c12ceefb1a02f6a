import { createReadStream } from 'node:fs';
import { materialExtensions, type MaterialFileType } from '@lms/contract/material.rules';
import { checkFileContent, type CheckedFile } from '../../platform/file-content-check.ts';
import type { StagedFile } from '../../platform/file-storage.ts';

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
  upload: StagedFile,
): Promise<CheckedMaterialFile | { refused: 'extension' | 'content' }> {
  const checked = await checkFileContent(fileName, upload, materialExtensions[fileType]);
  if ('refused' in checked) return checked;
  let contentType = checked.contentType;
  // Audio in a container named for video (an .ogg or .webm audio track) is served as audio.
  if (fileType === 'audio' && contentType.startsWith('video/'))
    contentType = contentType.replace('video/', 'audio/');
  const durationSeconds =
    fileType === 'audio' || fileType === 'video' ? await readDuration(upload, contentType) : null;
  return { extension: checked.extension, contentType, durationSeconds };
}

async function readDuration(upload: StagedFile, mimeType: string): Promise<number | null> {
  try {
    // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
    const { parseStream } = await import('music-metadata');
    // Streamed from the staged file: a video of hundreds of MB never sits in memory.
    const { format } = await parseStream(
      createReadStream(upload.stagedPath),
      { mimeType, size: upload.size },
      { duration: true },
    );
    return format.duration && Number.isFinite(format.duration) ? format.duration : null;
  } catch {
    // A file the parser cannot read still plays in the browser; its percentage then stays unknown.
    return null;
  }
}
