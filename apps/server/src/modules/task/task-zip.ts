import { once } from 'node:events';
import { fileExtension } from '@lms/contract/material.rules';
import { safeEntryName, submissionEntryName } from '@lms/contract/task.rules';
import type { FileStore } from '../../platform/file-storage.ts';
import type { SubmissionFileRow, SubmissionRow } from './task.repository.ts';

/** A file name inside an entry folder, without path separators; duplicates numbered. */
function safeName(name: string, taken: Set<string>): string {
  const base = safeEntryName(name) || 'berkas';
  let candidate = base;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const ext = fileExtension(base);
    candidate = ext ? `${base.slice(0, -(ext.length + 1))} (${n}).${ext}` : `${base} (${n})`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The hand-ins of a task as one zip, streamed: a folder `nim - nama` per hand-in (a group's is named by
 * the member who handed in, after the group's name), holding its files and its text as `jawaban.html`.
 * Files are read from the store one at a time while the archive is sent, so memory stays flat;
 * `signal` ends the work when the download is abandoned.
 */
export async function streamSubmissionsZip(
  files: FileStore,
  entries: Array<{ submission: SubmissionRow; files: SubmissionFileRow[] }>,
  onError: (error: unknown) => void,
  signal: AbortSignal,
) {
  // Loaded when used, not at start (docs/operations.md "Libraries loaded when used").
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { zlib: { level: 6 } });
  archive.on('warning', onError);
  archive.on('error', onError);
  const fill = async () => {
    const folders = new Set<string>();
    for (const { submission, files: list } of entries) {
      const owner = submissionEntryName(submission.nim, submission.nama);
      const folder = safeName(
        submission.kelompokNama ? `${submission.kelompokNama} - ${owner}` : owner,
        folders,
      );
      const names = new Set<string>();
      if (submission.teks.trim()) {
        archive.append(submission.teks, { name: `${folder}/${safeName('jawaban.html', names)}` });
        await once(archive, 'entry', { signal });
      }
      for (const file of list) {
        const found = await files.get(file.fileKey);
        if (!found) continue;
        archive.append(found.stream, { name: `${folder}/${safeName(file.fileName, names)}` });
        await once(archive, 'entry', { signal });
      }
    }
    await archive.finalize();
  };
  // An abandoned download (signal) stops reading files; the archive is thrown away.
  fill().catch((error: unknown) => {
    if (!signal.aborted) onError(error);
    archive.abort();
  });
  return archive;
}
