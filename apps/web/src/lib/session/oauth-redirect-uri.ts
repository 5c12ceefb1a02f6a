/** The redirect URI the web client registers for its codes (kept free of axios: sign-in imports it). */
export function oauthRedirectUri(): string {
  return `${window.location.origin}/oauth`;
}
