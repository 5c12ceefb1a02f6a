/** Reads JSON from a Web Storage area; broken or missing entries give null. */
export function readJson<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Writes JSON to a Web Storage area, or removes the key for null. */
export function writeJson(storage: Storage, key: string, value: unknown): void {
  if (value === null || value === undefined) storage.removeItem(key);
  else storage.setItem(key, JSON.stringify(value));
}

/** Storage keys, in one place so nothing collides. */
export const storageKeys = {
  session: 'lms.session',
  collegeId: 'lms.college_id',
  collegeName: 'lms.college_name',
  /** The college's `color_mode` of the last configuration answer ('dark' or 'light'). */
  colorMode: 'lms.color_mode',
  /** sessionStorage: the PKCE verifier and state of a sign-in in progress. */
  pendingSignIn: 'lms.pending_sign_in',
  /** sessionStorage: the operator's own tokens while acting for a student. */
  operatorSession: 'lms.operator_session',
  /** localStorage: the session began at the campus provider, so signing out visits it too. */
  providerSession: 'lms.provider_session',
  /** sessionStorage: when the page last reloaded after a failed chunk load. */
  chunkReloadAt: 'lms.chunk_reload_at',
} as const;
