// Zod-free on purpose (see permission.rules.ts).

/** OAuth client of the web app; SIAKAD exchanges its single sign-on codes as `siakad`. */
export const webClientId = 'web';
export const siakadClientId = 'siakad';

/** Maximum age of a sign-in (refresh-token family), seconds. */
export const refreshTokenMaxAgeSeconds = 86_400;
/** The web client refreshes this long before the access token ends, ms. */
export const refreshBeforeExpiryMs = 300_000;
