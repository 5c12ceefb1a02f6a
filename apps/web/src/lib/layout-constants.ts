/** Modal widths of spec 1 §9. */

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
