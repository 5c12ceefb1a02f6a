import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import {
  collegeProfileMessages,
  logoExtensions,
  logoMaxPixels,
  logoMinPixels,
  type LogoVariant,
} from '@lms/contract/college-profile.rules';
import { fileExtension } from '@lms/contract/material.rules';
import { badRequest } from '../../platform/app-error.ts';

/** The image kinds a logo may be, by content (file-type's names). */
const acceptedContent = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** The stored logo's longest side: enough for the letterhead and the 512 px icons. */
const storedLogoPixels = 512;

/**
 * The share of a maskable icon's side the logo may fill: the safe zone is a circle of 80 % of the side,
 * and the largest square inside it is 80 % / √2 ≈ 56 %.
 */
const maskableLogoShare = 0.56;

/** The icons generated beside the stored logo, by the logo route's `ukuran`. */
export const logoIconVariants = ['192', '512', 'maskable'] as const satisfies readonly LogoVariant[];
export type LogoIconVariant = (typeof logoIconVariants)[number];

/** The key of an icon made from the logo stored under `logoKey` (see PutFileOptions.key). */
export function logoIconKey(logoKey: string, variant: LogoIconVariant): string {
  return `${logoKey}-${variant === 'maskable' ? 'm512' : `i${variant}`}`;
}

/**
 * The stored logo's key: a hash of the college and the normalised image, so the logo's address changes
 * exactly when its content does (and browsers may keep an address forever).
 */
export function logoKeyOf(collegeId: string, png: Buffer): string {
  return createHash('sha256').update(collegeId).update('\0').update(png).digest('base64url').slice(0, 32);
}

/** A refused logo: 400 naming the form's `logo` field. */
export function refusedLogo(message: string) {
  return badRequest('validation_failed', message, { fields: [{ field: 'logo', message }] });
}

/** The logo and its icons as PNG, ready to store. */
export interface PreparedLogo {
  logo: Buffer;
  icons: Record<LogoIconVariant, Buffer>;
}

/**
 * Checks an uploaded logo by its content (PNG, JPEG or WebP whatever its name says, within the pixel
 * bounds) and makes the stored PNG (at most 512 px) and the app icons: 192 and 512 px on a transparent
 * square, and a maskable 512 px with the logo inside the safe zone on the college's colour.
 */
export async function prepareLogo(
  fileName: string,
  bytes: Buffer,
  background: string,
): Promise<PreparedLogo> {
  const detected = await fileTypeFromBuffer(bytes);
  const extension = fileExtension(fileName);
  if (
    !detected ||
    !acceptedContent.has(detected.mime) ||
    !(logoExtensions as readonly string[]).includes(extension)
  ) {
    throw refusedLogo(collegeProfileMessages.logoNotImage);
  }
  // Pixels are bounded before decoding: a small file may claim a huge image.
  const image = sharp(bytes, { limitInputPixels: logoMaxPixels * logoMaxPixels, failOn: 'error' });
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await image.metadata());
  } catch {
    throw refusedLogo(collegeProfileMessages.logoNotImage);
  }
  const within = (side: number | undefined) =>
    side !== undefined && side >= logoMinPixels && side <= logoMaxPixels;
  if (!within(width) || !within(height)) {
    throw refusedLogo(collegeProfileMessages.logoDimensions);
  }
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  let logo: Buffer;
  try {
    logo = await image
      .clone()
      .rotate()
      .resize(storedLogoPixels, storedLogoPixels, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw refusedLogo(collegeProfileMessages.logoNotImage);
  }
  const square = (size: number) =>
    sharp(logo).resize(size, size, { fit: 'contain', background: transparent }).png().toBuffer();
  const inner = Math.round(512 * maskableLogoShare);
  const maskable = await sharp({
    create: { width: 512, height: 512, channels: 4, background },
  })
    .composite([{ input: await square(inner), gravity: 'centre' }])
    .png()
    .toBuffer();
  return { logo, icons: { '192': await square(192), '512': await square(512), maskable } };
}
