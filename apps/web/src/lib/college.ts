import { readJson, storageKeys, writeJson } from './local-store.ts';

/** The college id sent as `college-id` on every request (from /v1/configuration). */
export function getCollegeId(): string | null {
  return localStorage.getItem(storageKeys.collegeId);
}

/** Keeps the college id and name so the next visit sends the header and shows the name at once. */
export function rememberCollege(collegeId: string, name: string): void {
  localStorage.setItem(storageKeys.collegeId, collegeId);
  writeJson(localStorage, storageKeys.collegeName, name);
}

/** Forgets a college id the server no longer knows. */
export function forgetCollegeId(): void {
  localStorage.removeItem(storageKeys.collegeId);
}

/** The college name remembered from the last configuration answer. */
export function rememberedCollegeName(): string | null {
  return readJson<string>(localStorage, storageKeys.collegeName);
}
