/** The redirect URI the web client registers for its codes (kept small: sign-in imports it). */
export function oauthRedirectUri(): string {
  return `${window.location.origin}/oauth`;
}
