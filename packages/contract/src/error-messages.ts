/** Indonesian messages the server answers with, keyed by error code. */
export const errorMessages = {
  validation_failed: 'Data yang dikirim tidak valid.',
  not_found: 'Data tidak ditemukan.',
  route_not_found: 'Alamat API tidak ditemukan.',
  internal_error: 'Terjadi kesalahan pada server. Silakan coba lagi.',
  unauthorized: 'Sesi Anda telah berakhir. Silakan masuk kembali.',
  forbidden: 'Anda tidak memiliki akses untuk melakukan tindakan ini.',
  unknown_college: 'Perguruan tinggi tidak dikenal.',
  college_required: 'Header college-id wajib diisi.',
  college_mismatch: 'Token tidak berlaku untuk perguruan tinggi ini.',
  invalid_credentials: 'Username atau password salah.',
  account_inactive: 'Akun Anda tidak aktif. Hubungi administrator.',
  invalid_grant: 'Kode atau token tidak valid atau telah kedaluwarsa.',
  invalid_client: 'Aplikasi klien tidak dikenal.',
  unsupported_grant_type: 'Jenis grant tidak didukung.',
  already_acting: 'Anda sedang login sebagai mahasiswa. Kembali ke akun operator terlebih dahulu.',
  not_acting: 'Sesi ini bukan sesi Login Akun Lain.',
  student_not_found: 'Mahasiswa tidak ditemukan.',
  rate_limited: 'Terlalu banyak percobaan. Silakan coba lagi dalam beberapa saat.',
  payload_too_large: 'Ukuran data yang dikirim terlalu besar.',
} as const;
export type ErrorCode = keyof typeof errorMessages;
