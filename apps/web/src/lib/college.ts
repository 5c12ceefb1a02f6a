import type { CollegeConfiguration } from '@lms/contract/college.schema';
import type { ColorMode } from '@lms/contract/college-settings.rules';
import { readJson, storageKeys, writeJson } from './local-store.ts';

/** The college id sent as `college-id` on every request (from /v1/configuration). */
export function getCollegeId(): string | null {
  return localStorage.getItem(storageKeys.collegeId);
}

/**
 * Keeps the college id, name and colour mode, so the next visit sends the header and shows the name and
 * the colours at once, before its configuration answer comes.
 */
export function rememberCollege(
  configuration: Pick<CollegeConfiguration, 'college_id' | 'nama' | 'color_mode'>,
): void {
  localStorage.setItem(storageKeys.collegeId, configuration.college_id);
  writeJson(localStorage, storageKeys.collegeName, configuration.nama);
  localStorage.setItem(storageKeys.colorMode, colorModeOf(configuration.color_mode));
}

/** Forgets a college id the server no longer knows. */
export function forgetCollegeId(): void {
  localStorage.removeItem(storageKeys.collegeId);
}

/** The college name remembered from the last configuration answer. */
export function rememberedCollegeName(): string | null {
  return readJson<string>(localStorage, storageKeys.collegeName);
}

/** The colour mode of a `color_mode` value: anything but 'dark' is light. */
export function colorModeOf(colorMode: string | null | undefined): ColorMode {
  return colorMode === 'dark' ? 'dark' : 'light';
}

/** The colour mode remembered from the last configuration answer (light when none). */
export function rememberedColorMode(): ColorMode {
  return colorModeOf(localStorage.getItem(storageKeys.colorMode));
}

/**
 * Puts a colour mode on `<html>` (`data-color-mode`, `color-scheme`), which the theme's CSS variables,
 * the shell's own CSS, `index.html`'s loading text and the browser's controls follow.
 */
export function applyColorMode(colorMode: ColorMode): void {
  document.documentElement.dataset.colorMode = colorMode;
  document.documentElement.style.colorScheme = colorMode;
}
