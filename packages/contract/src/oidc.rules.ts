// Zod-free on purpose (see permission.rules.ts): the sign-in page reads these.

/** How a person signing in at the campus provider is matched to a user of the college. */
export const oidcMatchValues = ['nim_nidn', 'email'] as const;
export type OidcMatch = (typeof oidcMatchValues)[number];

export const oidcMatchLabels: Record<OidcMatch, string> = {
  nim_nidn: 'NIM / NIDN (dari klaim yang ditentukan)',
  email: 'Email (klaim email yang terverifikasi)',
};

/** Why a campus sign-in ended without a session: `/login?sso_galat=<code>`. */
export const oidcSignInErrors = {
  sso_belum_diatur: 'Masuk dengan SSO Kampus belum diatur untuk perguruan tinggi ini.',
  sso_gagal: 'Masuk dengan SSO Kampus gagal atau sudah kedaluwarsa. Silakan coba lagi.',
  sso_akun_tidak_dikenal:
    'Akun SSO Kampus Anda belum terdaftar di LMS. Hubungi operator perguruan tinggi Anda.',
  sso_akun_tidak_aktif: 'Akun Anda tidak aktif. Hubungi administrator.',
} as const;
export type OidcSignInError = keyof typeof oidcSignInErrors;

/** The message of a `sso_galat` code from the address; unknown codes get the generic one. */
export function describeOidcSignInError(code: string): string {
  return code in oidcSignInErrors ? oidcSignInErrors[code as OidcSignInError] : oidcSignInErrors.sso_gagal;
}
