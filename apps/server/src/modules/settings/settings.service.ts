import type { OwnSettings, OwnSettingsUpdate, PasswordChange, Profile } from '@lms/contract/account.schema';
import {
  applySettingsUpdate,
  profilePhotoExtensions,
  uploadFileKinds,
} from '@lms/contract/college-settings.rules';
import {
  collegeSettingsSchema,
  readCollegeSettings,
  type CollegeSettings,
} from '@lms/contract/college-settings.schema';
import { bytesPerMb } from '@lms/contract/format.rules';
import { errorMessages } from '@lms/contract/error-messages';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, badRequest, unauthorized } from '../../platform/app-error.ts';
import { hashPassword, passwordMatches } from '../../platform/password-hash.ts';
import type { College } from '../../platform/college.repository.ts';
import { avatarUrl, sniffImageType, type FileStore } from '../../platform/file-storage.ts';
import { assertSomeKnownField, objectFieldNames } from '../../platform/input-guard.ts';
import type { UploadedFile } from '../../platform/multipart-form.ts';
import { parseInput } from '../../platform/parse-input.ts';
import {
  recordChanges,
  recordRequestActivity,
  type ActivityCaller,
} from '../activity-log/activity-log.api.ts';
import { parseSiakadUrl, SiakadAddressError, type SiakadPlatform } from '../siakad/siakad.api.ts';
import { listSettingChanges } from './settings.changes.ts';
import { assertActive, assertCanWriteConfiguration, assertOwnSession } from './settings.policy.ts';
import { presentOwnSettings, presentProfile } from './settings.presenter.ts';
import {
  findAccountUser,
  findProfile,
  replaceAvatarKey,
  updateCollegeSettings,
  updateContact,
  updatePasswordRevokingOthers,
} from './settings.repository.ts';

/** GET /v2/lms/pengaturan: the college's settings with defaults (every signed-in user; they drive the UI). */
export function getCollegeSettings(college: College): CollegeSettings {
  return readCollegeSettings(college);
}

/**
 * PUT /v2/lms/pengaturan: changes the settings the body names; what it leaves out keeps its stored value
 * (a partial or mistyped body must not reset the college). Keys other areas keep in the jsonb survive.
 * The activity log records what changed, old → new (docs/api/directory-and-log-filters.md); a save that
 * changed nothing records nothing. The caller invalidates the college cache so this instance sees the change
 * at once; other instances see it within their 30 s cache. A changed SIAKAD address (single sign-on)
 * must be on a host the platform allows; single sign-on checks it again when used. A changed upload limit
 * may not pass the platform's UPLOAD_MAX_MB (uploads are bounded by it anyway; a limit stored before
 * the platform lowered it does not block saving other settings).
 */
export async function saveCollegeSettings(
  db: Db,
  caller: ActivityCaller,
  college: College,
  platform: SiakadPlatform & { uploadMaxMb: number },
  body: unknown,
): Promise<CollegeSettings> {
  assertCanWriteConfiguration(caller.actor);
  // Validated here rather than by the route schema so the messages come as field errors.
  assertSomeKnownField(body ?? {}, objectFieldNames(collegeSettingsSchema) ?? []);
  const before = readCollegeSettings(college);
  const settings = parseInput(collegeSettingsSchema, applySettingsUpdate(before, body));
  const current = before.pengaturan_sistem.ukuran_max_file;
  const limits = settings.pengaturan_sistem.ukuran_max_file;
  const overPlatform = uploadFileKinds.filter(
    (kind) => limits[kind] !== current[kind] && limits[kind] > platform.uploadMaxMb,
  );
  if (overPlatform.length) {
    const message = `Maksimal ${platform.uploadMaxMb} MB (batas server).`;
    const fields = overPlatform.map((kind) => ({
      field: `pengaturan_sistem.ukuran_max_file.${kind}`,
      message,
    }));
    throw badRequest(
      'validation_failed',
      `${errorMessages.validation_failed} ${fields[0]!.field}: ${message}`,
      {
        fields,
      },
    );
  }
  const stored = (college.settings ?? {}) as Record<string, unknown>;
  const { time_zone, url_sikad_legacy, color_mode, ...sistemRest } = settings.pengaturan_sistem;
  if (url_sikad_legacy && url_sikad_legacy !== college.urlSikadLegacy) {
    try {
      parseSiakadUrl(platform, url_sikad_legacy);
    } catch (error) {
      if (!(error instanceof SiakadAddressError)) throw error;
      const field = 'pengaturan_sistem.url_sikad_legacy';
      throw badRequest('validation_failed', `${errorMessages.validation_failed} ${field}: ${error.message}`, {
        fields: [{ field, message: error.message }],
      });
    }
  }
  await updateCollegeSettings(db, college.id, {
    timeZone: time_zone,
    urlSikadLegacy: url_sikad_legacy,
    colorMode: color_mode,
    settings: {
      ...stored,
      pengaturan_sistem: { ...((stored.pengaturan_sistem ?? {}) as object), ...sistemRest },
      pengaturan_kelas: { ...((stored.pengaturan_kelas ?? {}) as object), ...settings.pengaturan_kelas },
      aturan_qr_code: settings.aturan_qr_code,
      pembatasan_akses: settings.pembatasan_akses,
      pengaturan_mahasiswa: settings.pengaturan_mahasiswa,
      bank_soal: settings.bank_soal,
    },
  });
  await recordChanges(
    db,
    caller,
    'ubah_konfigurasi',
    'Mengubah konfigurasi perguruan tinggi',
    listSettingChanges(before, settings),
  );
  return settings;
}

/** GET /v2/lms/profil: Data Diri of the signed-in user (the student's when an operator acts for them). */
export async function getProfile(db: Db, actor: Actor): Promise<Profile> {
  const row = await findProfile(db, actor.collegeId, actor.userId);
  if (!row?.user.isActive) throw unauthorized();
  return presentProfile(row);
}

/** The profile photo limit of the college, MB. */
export function photoLimitMb(college: College): number {
  return readCollegeSettings(college).pengaturan_sistem.ukuran_max_file.foto_profil;
}

/** The photo limit in bytes and the error a larger photo answers (spec 1 §5 wording). */
export function photoLimit(college: College): { maxBytes: number; tooLarge: AppError } {
  const mb = photoLimitMb(college);
  return {
    maxBytes: Math.round(mb * bytesPerMb),
    tooLarge: new AppError(413, 'foto_terlalu_besar', `Ukuran file tidak boleh lebih dari ${mb}MB.`),
  };
}

/** GET /v2/lms/pengaturan/me. */
export async function getOwnSettings(db: Db, actor: Actor, college: College): Promise<OwnSettings> {
  const user = await findAccountUser(db, actor.collegeId, actor.userId);
  assertActive(user);
  return presentOwnSettings(user as NonNullable<typeof user>, photoLimitMb(college), !!actor.actorUserId);
}

/** PUT /v2/lms/pengaturan/me: email and phone. */
export async function saveOwnContact(
  db: Db,
  actor: Actor,
  college: College,
  input: OwnSettingsUpdate,
): Promise<OwnSettings> {
  const user = await findAccountUser(db, actor.collegeId, actor.userId);
  assertActive(user);
  await updateContact(db, actor, input);
  return presentOwnSettings({ ...user!, ...input }, photoLimitMb(college), !!actor.actorUserId);
}

/**
 * PUT /v2/lms/pengaturan/password: checks the current password (argon2), stores the new hash and
 * revokes the user's other sign-ins (their refresh tokens; their access tokens end within 15 minutes).
 * This sign-in stays. Not while an operator acts for the student.
 */
export async function changePassword(
  db: Db,
  caller: ActivityCaller,
  sessionId: string,
  input: PasswordChange,
  now = new Date(),
): Promise<void> {
  const { actor } = caller;
  assertOwnSession(actor);
  const user = await findAccountUser(db, actor.collegeId, actor.userId);
  assertActive(user);
  if (!(await passwordMatches(user!.passwordHash, input.password_lama))) {
    throw badRequest('password_lama_salah', undefined, {
      fields: [{ field: 'password_lama', message: 'Password lama salah.' }],
    });
  }
  await updatePasswordRevokingOthers(db, actor, await hashPassword(input.password_baru), sessionId, now);
  await recordRequestActivity(db, caller, 'ubah_password', 'Mengubah password');
}

/** PUT /v2/lms/pengaturan/foto: a jpg/jpeg/png (checked by name and content) within the college limit. */
export async function changePhoto(
  db: Db,
  files: FileStore,
  caller: ActivityCaller,
  college: College,
  file: UploadedFile | undefined,
): Promise<{ foto_url: string | null }> {
  const { actor } = caller;
  const user = await findAccountUser(db, actor.collegeId, actor.userId);
  assertActive(user);
  if (!file || file.size === 0) throw badRequest('foto_tidak_valid', 'Pilih foto terlebih dahulu.');
  const ext = file.fileName.includes('.') ? file.fileName.split('.').pop()!.toLowerCase() : '';
  const contentType = sniffImageType(file.head);
  if (!(profilePhotoExtensions as readonly string[]).includes(ext) || !contentType) {
    throw badRequest('foto_tidak_valid');
  }
  const stored = await files.put(file, {
    collegeId: college.id,
    contentType,
    fileName: file.fileName,
  });
  const previous = await replaceAvatarKey(db, actor, stored.key);
  if (previous) await files.delete(previous);
  await recordRequestActivity(db, caller, 'ubah_foto_profil', 'Mengubah foto profil');
  return { foto_url: avatarUrl(stored.key, college.id) };
}

/** DELETE /v2/lms/pengaturan/foto: back to the placeholder. */
export async function removePhoto(db: Db, files: FileStore, caller: ActivityCaller): Promise<void> {
  const { actor } = caller;
  assertActive(await findAccountUser(db, actor.collegeId, actor.userId));
  const previous = await replaceAvatarKey(db, actor, null);
  if (previous) await files.delete(previous);
  await recordRequestActivity(db, caller, 'ubah_foto_profil', 'Menghapus foto profil');
}
