/** Indonesian messages the server answers with, keyed by error code. */
export const errorMessages = {
  validation_failed: 'Data yang dikirim tidak valid.',
  alamat_tidak_valid: 'Alamat yang diminta tidak valid. Periksa kembali tautan yang Anda buka.',
  teks_memuat_nul: 'Data yang dikirim tidak valid: teks tidak boleh memuat karakter NUL.',
  tidak_ada_data: 'Tidak ada data yang dikirim untuk diubah.',
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
  login_terlalu_sering:
    'Terlalu banyak percobaan masuk dari alamat jaringan ini. Silakan coba lagi dalam satu menit.',
  login_ditunda:
    'Terlalu banyak percobaan masuk yang gagal untuk akun ini. Silakan coba lagi setelah beberapa saat.',
  server_sibuk: 'Server sedang sibuk memproses permintaan masuk. Silakan coba lagi dalam beberapa detik.',
  server_kelebihan_beban:
    'Server sedang menerima terlalu banyak permintaan. Silakan coba lagi dalam beberapa detik.',
  akses_dibatasi_tunggakan:
    'Akses LMS dibatasi karena masih ada tunggakan biaya kuliah. Selesaikan pembayaran di bagian keuangan kampus.',
  akun_lain_hanya_membaca:
    'Saat Login Akun Lain, Anda hanya dapat melihat; data akun mahasiswa tidak dapat diubah.',
  // Forgotten passwords (issue 41).
  reset_terlalu_sering:
    'Terlalu banyak permintaan atur ulang kata sandi dari alamat jaringan ini. Silakan coba lagi nanti.',
  tautan_reset_tidak_valid:
    'Tautan atur ulang kata sandi tidak valid, sudah dipakai, atau sudah kedaluwarsa. Silakan minta tautan baru.',
  email_belum_diatur:
    'Pengiriman email belum diatur untuk perguruan tinggi ini. Hubungi operator untuk mengatur ulang kata sandi.',
  akun_tanpa_email:
    'Pengguna ini belum memiliki alamat email. Isi email pengguna terlebih dahulu agar tautan atur ulang kata sandi dapat dikirim.',
  reset_akun_terlalu_sering:
    'Tautan atur ulang kata sandi sudah terlalu sering dikirim ke pengguna ini dalam satu jam terakhir. Silakan coba lagi nanti.',
  akun_nonaktif_tanpa_reset:
    'Pengguna ini tidak aktif. Aktifkan pengguna terlebih dahulu sebelum mengirim tautan atur ulang kata sandi.',
  email_gagal_dikirim:
    'Email tidak dapat dikirim oleh server email. Periksa pengaturan email, lalu coba lagi.',
  payload_too_large: 'Ukuran data yang dikirim terlalu besar.',
  // Loading a semester (issue 41).
  muat_semester_not_found: 'Data muat semester tidak ditemukan.',
  muat_semester_tidak_valid: 'File muat semester tidak valid.',
  muat_semester_sibuk: 'Masih ada muat semester yang sedang diproses. Tunggu hingga selesai.',
  siakad_belum_diatur: 'Siakad belum diatur. Lengkapi Konfigurasi › Integrasi Nilai.',
  muat_semester_bukan_pratinjau:
    'Hanya pratinjau yang menunggu diterapkan yang dapat diterapkan atau dibatalkan.',
  // Classes and meetings (issue 4).
  class_not_found: 'Kelas kuliah tidak ditemukan.',
  meeting_not_found: 'Pertemuan tidak ditemukan.',
  course_not_found: 'Mata kuliah tidak ditemukan.',
  file_not_found: 'Berkas tidak ditemukan.',
  pengisian_belum_lengkap: 'Pengisian Data Belum Lengkap!',
  deskripsi_terlalu_panjang: 'Deskripsi tidak boleh lebih dari 300 karakter',
  jadwal_tidak_valid: 'Jadwal pertemuan tidak valid.',
  jadwal_bentrok: 'Jadwal bentrok. Cek jadwal terlebih dahulu. Pastikan tidak ada jadwal yang bentrok',
  ruangan_tidak_tersedia: 'Ruangan tidak tersedia.',
  pengajar_tidak_valid: 'Pengajar bukan pengajar kelas ini.',
  pertemuan_sudah_dimulai: 'Pertemuan sudah dimulai.',
  pertemuan_belum_dimulai: 'Pertemuan belum dimulai.',
  pertemuan_sudah_selesai: 'Pertemuan sudah berakhir.',
  pembatasan_ujian_kehadiran:
    'Anda belum memenuhi syarat kehadiran untuk mengikuti ujian pada pertemuan ini.',
  ketua_kelas_bukan_peserta: 'Ketua kelas harus mahasiswa peserta kelas ini.',
  banner_tidak_valid: 'Banner harus berupa gambar PNG atau JPG.',
  banner_terlalu_besar: 'Ukuran banner melebihi batas maksimal.',
  file_tidak_valid: 'Berkas tidak valid.',
  file_terlalu_besar: 'Ukuran file melebihi batas maksimal',
  // Profile, settings, access restriction (issue 3).
  password_lama_salah: 'Password lama salah.',
  password_saat_login_akun_lain: 'Password tidak dapat diubah saat Login Akun Lain.',
  foto_tidak_valid: 'Foto harus berupa gambar JPG, JPEG atau PNG.',
  foto_terlalu_besar: 'Ukuran file melebihi batas maksimal',
  // Materials (issue 10).
  materi_not_found: 'Materi tidak ditemukan.',
  materi_tidak_valid: 'Data materi tidak valid.',
  url_tidak_dapat_diunduh: 'URL tidak dapat didownload!',
  materi_belum_dibaca: 'Baca materi sampai hitungan mundur selesai sebelum menandai Sudah Baca.',
  materi_bukan_jenis_ini: 'Tindakan ini tidak berlaku untuk jenis materi ini.',
  aktivitas_saat_login_akun_lain: 'Aktivitas tidak dicatat saat Login Akun Lain.',
  dokumen_tidak_dapat_ditampilkan: 'Dokumen ini tidak dapat ditampilkan di halaman. Unduh untuk membacanya.',
  materi_belum_disimpan: 'Materi ini belum disimpan di perangkat, jadi bacaan luring tidak dapat dihitung.',
  // Video conferences (issue 10).
  vidcon_not_found: 'Vidcon tidak ditemukan.',
  vidcon_tidak_valid: 'Data vidcon tidak valid.',
  vidcon_sudah_selesai: 'Vidcon telah berakhir.',
  // Forums (issue 10).
  forum_not_found: 'Forum tidak ditemukan.',
  forum_tidak_valid: 'Data forum tidak valid.',
  forum_belum_dimulai: 'Forum belum dimulai.',
  forum_sudah_selesai: 'Forum telah berakhir.',
  komentar_not_found: 'Komentar tidak ditemukan.',
  komentar_kosong: 'Komentar wajib diisi',
  // Quizzes and exams (issue 13).
  ujian_not_found: 'Kuis/Ujian tidak ditemukan.',
  ujian_tidak_valid: 'Data kuis/ujian tidak valid.',
  ujian_belum_dimulai: 'Kuis/Ujian belum dimulai.',
  ujian_sudah_selesai: 'Kuis/Ujian telah berakhir.',
  ujian_bukan_peserta: 'Anda bukan peserta kuis/ujian ini.',
  ujian_tanpa_soal: 'Kuis/Ujian ini belum memiliki soal.',
  ujian_kehadiran_kurang: 'Kehadiran Anda di kelas ini belum memenuhi syarat untuk mengikuti ujian ini.',
  soal_not_found: 'Soal tidak ditemukan.',
  soal_tidak_valid: 'Data soal tidak valid.',
  kelompok_soal_not_found: 'Kelompok soal tidak ditemukan.',
  urutan_tidak_valid: 'Urutan hanya boleh memuat kelompok soal atau soal dari kuis/ujian ini.',
  pengerjaan_not_found: 'Pengerjaan tidak ditemukan.',
  pengerjaan_sudah_selesai: 'Pengerjaan sudah selesai. Jawaban tidak dapat diubah lagi.',
  waktu_pengerjaan_habis: 'Waktu pengerjaan telah habis. Jawaban ini tidak disimpan.',
  // Exam pauses (issue 13, exam run).
  ujian_dijeda: 'Kuis/Ujian sedang dijeda. Tunggu hingga dilanjutkan.',
  ujian_tidak_dijeda: 'Kuis/Ujian tidak sedang dijeda.',
  ujian_tidak_berlangsung: 'Kuis/Ujian tidak sedang berlangsung.',
  // Tasks and groups (issue 11).
  tugas_not_found: 'Tugas tidak ditemukan.',
  tugas_tidak_valid: 'Data tugas tidak valid.',
  pengumpulan_not_found: 'Pengumpulan tidak ditemukan.',
  pengumpulan_ditolak: 'Pengumpulan tidak dapat diterima.',
  kelompok_not_found: 'Kelompok tidak ditemukan.',
  kelompok_tidak_valid: 'Data kelompok tidak valid.',
  anggota_tidak_dapat_dihapus: 'Anggota ini tidak dapat dihapus.',
  // User management (issue 41).
  akun_not_found: 'Pengguna tidak ditemukan.',
  akun_tidak_valid: 'Data pengguna tidak valid.',
  akun_sendiri: 'Akun Anda sendiri diubah melalui halaman Pengaturan, bukan dari daftar pengguna.',
  // Operator rights (issue 41).
  operator_not_found: 'Operator tidak ditemukan.',
  hak_akses_ditolak: 'Perubahan hak akses ini tidak diizinkan.',
} as const;
export type ErrorCode = keyof typeof errorMessages;
