import { createHash } from 'node:crypto';
import type { AppConfig } from '../../config.ts';
import type { College } from '../../platform/college.repository.ts';

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
