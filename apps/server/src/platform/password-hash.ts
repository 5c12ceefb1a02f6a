import { hash, verify } from '@node-rs/argon2';

/** Hashes a password with argon2id (the library's defaults). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** Whether the password matches the stored hash; a malformed stored hash never matches. */
export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
