import { storageKeys } from './local-store.ts';

const reloadWindowMs = 60_000;

/** Whether an error is a failed load of a code-split chunk (usually: a new version was deployed). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}

/** Whether to reload now, given when the last such reload happened (at most once per 60 s). */
export function shouldReloadForChunkError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= reloadWindowMs;
}

/** Whether a reload for a failed chunk load is still allowed now. */
export function mayReloadForChunkError(): boolean {
  const last = Number(sessionStorage.getItem(storageKeys.chunkReloadAt)) || null;
  return shouldReloadForChunkError(last, Date.now());
}

/** Reloads the page for a failed chunk load unless it already did within 60 s; says whether it did. */
export function reloadForChunkError(): boolean {
  const now = Date.now();
  if (!mayReloadForChunkError()) return false;
  sessionStorage.setItem(storageKeys.chunkReloadAt, String(now));
  window.location.reload();
  return true;
}
