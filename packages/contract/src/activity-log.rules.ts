// Zod-free on purpose (see permission.rules.ts): the log's filter panel needs only these options.
import { uploadFileKinds, type UploadFileKind } from './college-settings.rules.ts';

/** The `is_valid` filter of the activity log, spec 1 §9 letter for letter. */
export const validationFilterLabels = { true: 'Sudah Validasi', false: 'Belum Validasi' } as const;

/**
 * File kinds of the activity log's `kind` filter (spec 1 §9): the upload kinds but the profile photo and
 * forum attachments, which the log does not record.
 */
export const logFileKinds = uploadFileKinds.filter(
  (kind): kind is Exclude<UploadFileKind, 'foto_profil' | 'lampiran_forum'> =>
    kind !== 'foto_profil' && kind !== 'lampiran_forum',
);
