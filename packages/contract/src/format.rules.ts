/**
 * Display formatters of spec 1 §5 and §9, as pure rules (no zod, no I/O), shared by the web app and
 * by server exports.
 */

/** A value a formatter may be given: numbers, numeric strings, or nothing. */
export type NumericInput = number | string | null | undefined;

function toNumber(value: NumericInput): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return Number.isFinite(value) ? value : null;
}

/** Units of file sizes, in steps of 1000 (spec 1 §9). */
export const fileSizeUnits = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * File size in B, KB, MB or GB, steps of 1000, at most two decimals without trailing zeros:
 * 999 → '999 B', 1500 → '1.5 KB', 2_345_678 → '2.35 MB'. GB is the largest unit.
 */
export function formatFileSize(bytes: NumericInput): string {
  let n = Math.max(0, toNumber(bytes) ?? 0);
  let unit = 0;
  while (n >= 1000 && unit < fileSizeUnits.length - 1) {
    n /= 1000;
    unit += 1;
  }
  const shown = unit === 0 ? String(Math.round(n)) : String(Number(n.toFixed(2)));
  return `${shown} ${fileSizeUnits[unit]}`;
}

/** Percentages with one decimal (spec 1 §9): 75 → '75.0%', 66.666 → '66.7%'. */
export function formatPercent(value: NumericInput): string {
  return `${(toNumber(value) ?? 0).toFixed(1)}%`;
}

/** Upload limits count 1,000,000 bytes per MB (spec 1 §9). */
export const bytesPerMb = 1_000_000;

/** The upload size limit when the caller sets none: 10240 KB (spec 1 §5), KB being 1024 bytes. */
export const defaultUploadMaxBytes = 10240 * 1024;

/** Whether a file is larger than the limit. */
export function isFileTooLarge(sizeBytes: number, maxBytes = defaultUploadMaxBytes): boolean {
  return sizeBytes > maxBytes;
}

/**
 * The message when a chosen file is over the limit (spec 1 §5), with bytes / 1,000,000 to two decimals:
 * 10_485_760 → 'Ukuran file tidak boleh lebih dari 10.49MB.'
 */
export function uploadTooLargeMessage(maxBytes = defaultUploadMaxBytes): string {
  return `Ukuran file tidak boleh lebih dari ${(maxBytes / bytesPerMb).toFixed(2)}MB.`;
}

/** The refusal of a file by its extension (spec 2 §5 "Simple upload control"), letter for letter. */
export function fileTypeNotAllowedMessage(extension: string): string {
  return `File type .${extension} is not allowed`;
}

/** The refusal of a file whose bytes are not what its extension promises. */
export function fileContentInvalidMessage(extension: string): string {
  return `Isi berkas tidak sesuai dengan format .${extension}.`;
}

/** An outside link as opened: without http(s) it gets the https prefix (spec 2 §5). */
export function externalLinkHref(url: string): string {
  const trimmed = url.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
