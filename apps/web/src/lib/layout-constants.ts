/** Breakpoints and modal widths of spec 1 §9. */

/** Viewport widths, px: tablet from 768, desktop from 1024, widescreen from 1216, full HD from 1408. */
export const breakpoints = {
  tablet: 768,
  desktop: 1024,
  widescreen: 1216,
  fullhd: 1408,
} as const;

/** The width layouts assume when the viewport is unknown. */
export const defaultViewportWidth = 1024;

/** Modal widths, px: confirm 400, delete popup 500, base 600, default 800, chat 950. */
export const modalWidths = {
  confirm: 400,
  delete: 500,
  base: 600,
  default: 800,
  chat: 950,
} as const;
export type ModalKind = keyof typeof modalWidths;

/** On phones a modal takes 90% of the width. */
export const phoneModalWidth = '90%';

/** The width to give a modal of a kind: its px width, or 90% on phones. */
export function modalWidth(kind: ModalKind, isPhone: boolean): number | string {
  return isPhone ? phoneModalWidth : modalWidths[kind];
}
