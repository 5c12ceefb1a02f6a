import { formatFileSize } from '@lms/contract/format.rules';

/*
 * An upload's progress in words, without antd: the app's bar (components/upload-progress.tsx) and the
 * exam page's own small entry (features/exam/taking) say it the same way.
 */

/** How much of an upload has gone (the request's `onUploadProgress`); `total` when the browser knows it. */
export interface UploadProgressValue {
  loaded: number;
  total?: number;
}

/** The share sent, 0–100, or null while the total is unknown. */
export function uploadPercent(progress: UploadProgressValue): number | null {
  if (!progress.total) return null;
  return Math.min(100, Math.max(0, Math.round((progress.loaded / progress.total) * 100)));
}

/** '1.2 MB dari 4.5 MB' (or '1.2 MB terkirim' while the total is unknown). */
export function uploadProgressText(progress: UploadProgressValue): string {
  return progress.total
    ? `${formatFileSize(progress.loaded)} dari ${formatFileSize(progress.total)}`
    : `${formatFileSize(progress.loaded)} terkirim`;
}
