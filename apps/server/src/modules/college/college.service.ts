import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { collegeProfileMessages, type LogoVariant } from '@lms/contract/college-profile.rules';
import type { collegeProfileUpdateSchema } from '@lms/contract/college-profile.schema';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { College } from '../../platform/college.repository.ts';
import type { FileStore } from '../../platform/file-storage.ts';
import { readUploadedFile, type UploadedFile } from '../../platform/multipart-form.ts';
import { recordRequestActivity, type ActivityCaller } from '../activity-log/activity-log.api.ts';
import {
  logoIconKey,
  logoIconVariants,
  logoKeyOf,
  prepareLogo,
  refusedLogo,
} from './college-logo.service.ts';
import { replaceCollegeLogoKey, updateCollegeProfileRow } from './college.repository.ts';

/** The demo university's id; its accounts are listed on the sign-in page when the demo seed runs. */
export const demoCollegeId = 'demo';

/** Whether the sign-in page shows the demo accounts. */
export function isDemoCollege(college: College, config: AppConfig): boolean {
  return college.id === demoCollegeId && config.seed === 'demo';
}

// Long names make long initials (UINSGD); three letters still fit the circle.
const maxInitials = 3;

/** The college's initials for the generated logo: first letters of its name's words, up to three. */
export function collegeInitials(nama: string): string {
  const letters = nama
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 0 && !['dan', 'of', 'and', '&'].includes(word.toLowerCase()))
    .map((word) => word[0]!.toUpperCase());
  return (letters.join('') || '?').slice(0, maxInitials);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The hue (0–360) of the generated logo, derived from the college's id (stable across restarts). */
export function initialsLogoHue(collegeId: string): number {
  return Math.round(createHash('sha256').update(collegeId).digest()[0]! * (360 / 256));
}

/** A colour as `#rrggbb` from hue (degrees), saturation and lightness (0–1). */
function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The college's colour (the initials logo's circle, the maskable icon's background) as `#rrggbb`. */
export function collegeColorHex(collegeId: string): string {
  return hslToHex(initialsLogoHue(collegeId), 0.55, 0.38);
}

/** A logo made from the college's initials on a colour derived from its id (stable across restarts). */
export function renderInitialsLogo(college: College): string {
  const hue = initialsLogoHue(college.id);
  const initials = escapeXml(collegeInitials(college.nama));
  const fontSize = initials.length > 2 ? 34 : 44;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img"',
    ` aria-label="${escapeXml(college.nama)}">`,
    `<circle cx="64" cy="64" r="62" fill="hsl(${Math.round(hue)},55%,38%)"/>`,
    '<circle cx="64" cy="64" r="54" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="3"/>',
    `<text x="64" y="64" dy=".35em" text-anchor="middle" font-family="Arial,Helvetica,sans-serif"`,
    ` font-size="${fontSize}" font-weight="700" fill="#fff">${initials}</text>`,
    '</svg>',
  ].join('');
}

/**
 * The logo's version for its address: the uploaded logo's key (a hash of its content), else a hash of
 * the initials logo (which changes with the college's name).
 */
export function logoVersion(college: College): string {
  if (college.logoKey) return college.logoKey;
  return createHash('sha256').update(renderInitialsLogo(college)).digest('base64url').slice(0, 16);
}

/** The logo's (or one of its icons') address with its version: a new logo has a new address. */
export function logoUrl(college: College, variant: LogoVariant = 'asli'): string {
  const query = new URLSearchParams({ 'college-id': college.id, v: logoVersion(college) });
  if (variant !== 'asli') query.set('ukuran', variant);
  return `/v1/logo_perguruan_tinggi?${query.toString()}`;
}

/** PUT /v2/lms/perguruan_tinggi: name, title, address, contact. */
export async function updateCollegeProfile(
  db: Db,
  caller: ActivityCaller,
  college: College,
  profile: z.infer<typeof collegeProfileUpdateSchema>,
): Promise<void> {
  await updateCollegeProfileRow(db, college.id, profile);
  await recordRequestActivity(db, caller, 'ubah_konfigurasi', 'Mengubah profil perguruan tinggi');
}

/**
 * PUT /v2/lms/perguruan_tinggi/logo: checks the image by content, stores it as PNG under a key made of
 * its hash with the app icons beside it, and removes the logo it replaces.
 */
export async function changeCollegeLogo(
  db: Db,
  files: FileStore,
  caller: ActivityCaller,
  college: College,
  file: UploadedFile | undefined,
): Promise<string> {
  if (!file || file.size === 0) throw refusedLogo(collegeProfileMessages.logoMissing);
  const prepared = await prepareLogo(
    file.fileName,
    await readUploadedFile(file),
    collegeColorHex(college.id),
  );
  const key = logoKeyOf(college.id, prepared.logo);
  const common = { collegeId: college.id, contentType: 'image/png', private: true } as const;
  await files.put(prepared.logo, { ...common, key, fileName: 'logo.png' });
  for (const variant of logoIconVariants) {
    await files.put(prepared.icons[variant], {
      ...common,
      key: logoIconKey(key, variant),
      fileName: `logo-${variant}.png`,
      // No row names an icon: the file sweep keeps it while the logo is referenced.
      derivedFrom: key,
    });
  }
  const previous = await replaceCollegeLogoKey(db, college.id, key);
  if (previous && previous !== key) await deleteLogoFiles(files, previous);
  await recordRequestActivity(db, caller, 'ubah_konfigurasi', 'Mengubah logo perguruan tinggi');
  return key;
}

/** DELETE /v2/lms/perguruan_tinggi/logo: back to the initials logo. */
export async function removeCollegeLogo(
  db: Db,
  files: FileStore,
  caller: ActivityCaller,
  college: College,
): Promise<void> {
  const previous = await replaceCollegeLogoKey(db, college.id, null);
  if (previous) await deleteLogoFiles(files, previous);
  await recordRequestActivity(db, caller, 'ubah_konfigurasi', 'Menghapus logo perguruan tinggi');
}

async function deleteLogoFiles(files: FileStore, logoKey: string): Promise<void> {
  await files.delete(logoKey);
  for (const variant of logoIconVariants) await files.delete(logoIconKey(logoKey, variant));
}

/** The uploaded logo or one of its icons as a stream, or undefined when there is none (or it is missing). */
export async function readUploadedLogo(
  files: FileStore,
  college: College,
  variant: LogoVariant,
): Promise<Readable | undefined> {
  if (!college.logoKey) return undefined;
  const found = await files.get(variant === 'asli' ? college.logoKey : logoIconKey(college.logoKey, variant));
  if (!found || found.file.collegeId !== college.id) return undefined;
  return found.stream;
}
