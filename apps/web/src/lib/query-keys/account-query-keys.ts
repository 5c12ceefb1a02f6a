/** Query keys of the signed-in user's own data: Profil and Pengaturan Akun change what both show. */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  settings: () => [...accountKeys.all, 'settings'] as const,
};
