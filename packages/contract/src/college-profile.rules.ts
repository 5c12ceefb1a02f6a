/** The college logo upload's bounds: bytes, pixels, and the image kinds accepted (checked by content). */
export const logoMaxBytes = 2_000_000;
export const logoMinPixels = 64;
export const logoMaxPixels = 4096;
export const logoExtensions = ['png', 'jpg', 'jpeg', 'webp'] as const;

/** The installable app's icons generated from the logo (the `ukuran` of the logo route). */
export const logoVariants = ['asli', '192', '512', 'maskable'] as const;
export type LogoVariant = (typeof logoVariants)[number];

export const collegeProfileMessages = {
  logoMissing: 'Pilih berkas logo terlebih dahulu.',
  logoNotImage: 'Logo harus berupa gambar PNG, JPEG, atau WebP.',
  logoTooLarge: `Ukuran logo tidak boleh lebih dari ${logoMaxBytes / 1_000_000} MB.`,
  logoDimensions: `Ukuran gambar logo harus antara ${logoMinPixels}×${logoMinPixels} dan ${logoMaxPixels}×${logoMaxPixels} piksel.`,
  saved: 'Profil kampus tersimpan.',
  logoSaved: 'Logo kampus tersimpan.',
} as const;
