import {
  defaultUploadMaxBytes,
  fileTypeNotAllowedMessage,
  formatFileSize,
  isFileTooLarge,
  uploadTooLargeMessage,
} from '@lms/contract/format.rules';

/** The lower-case extension of a file name, or '' without one. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export interface UploadRules {
  /** Allowed extensions without the dot; empty or left out accepts any (spec 2 §5 "File uploader"). */
  accept?: readonly string[];
  /** Size limit in bytes; 10240 KB by default (spec 1 §5). */
  maxBytes?: number;
}

/**
 * Why a chosen file cannot be sent, or null: a wrong extension ('File type .{ext} is not allowed') or a
 * file over the limit ('Ukuran file tidak boleh lebih dari {N}MB.'), after which the caller clears it.
 */
export function uploadRefusal(file: Pick<File, 'name' | 'size'>, rules: UploadRules = {}): string | null {
  const extension = fileExtension(file.name);
  if (rules.accept?.length && !rules.accept.includes(extension)) {
    return fileTypeNotAllowedMessage(extension || file.name);
  }
  if (isFileTooLarge(file.size, rules.maxBytes ?? defaultUploadMaxBytes)) {
    return uploadTooLargeMessage(rules.maxBytes ?? defaultUploadMaxBytes);
  }
  return null;
}

/**
 * Each file of a multiple choice with its own refusal, null when it may be sent (spec 2 §5 "File
 * uploader"): there no input is cleared, a file over the limit is refused by name, 'Ukuran maksimal {size}'.
 */
export function uploadRefusals<T extends Pick<File, 'name' | 'size'>>(
  files: readonly T[],
  rules: UploadRules = {},
): { file: T; refusal: string | null }[] {
  const maxBytes = rules.maxBytes ?? defaultUploadMaxBytes;
  return files.map((file) => {
    const refusal = uploadRefusal(file, rules);
    if (refusal === null) return { file, refusal };
    const reason = isFileTooLarge(file.size, maxBytes)
      ? `Ukuran maksimal ${formatFileSize(maxBytes)}`
      : refusal;
    return { file, refusal: `${file.name}: ${reason}` };
  });
}

/**
 * The dialog's line for a send that failed (spec 2 §8): 'Unggah gagal: {message}', the message being the
 * server's (an `ApiError`'s) or the network's.
 */
export function uploadFailedMessage(error: unknown): string {
  const reason = error instanceof Error && error.message ? error.message : 'Terjadi kesalahan';
  return `Unggah gagal: ${reason}`;
}
