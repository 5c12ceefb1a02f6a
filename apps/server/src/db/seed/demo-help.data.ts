/** The demo university's help articles (bantuan): [kategori, judul, isi as HTML]. */
export const demoHelpArticles: ReadonlyArray<readonly [string, string, string]> = [
  [
    'Akun dan Login',
    'Bagaimana cara masuk ke LMS?',
    '<p>Buka alamat LMS kampus, isi <strong>Username</strong> (NIM untuk mahasiswa, NIDN untuk dosen) dan <strong>Password</strong>, lalu tekan <em>Masuk</em>.</p>',
  ],
  [
    'Akun dan Login',
    'Saya lupa password. Apa yang harus dilakukan?',
    '<p>Password LMS sama dengan password SIAKAD. Atur ulang password melalui SIAKAD atau hubungi bagian akademik program studi Anda.</p>',
  ],
  [
    'Akun dan Login',
    'Mengapa saya keluar sendiri dari LMS?',
    '<p>Sesi berakhir bila tidak diperpanjang, misalnya setelah komputer lama tidak aktif. Masuk kembali untuk melanjutkan; pekerjaan yang sudah disimpan tidak hilang.</p>',
  ],
  [
    'Kelas dan Pertemuan',
    'Di mana saya melihat kelas yang saya ikuti?',
    '<p>Buka menu <strong>Kelas Kuliah</strong>. Kelas periode berjalan tampil lebih dulu; gunakan filter periode untuk melihat kelas semester sebelumnya.</p>',
  ],
  [
    'Kelas dan Pertemuan',
    'Bagaimana membaca kalender di Beranda?',
    '<p>Tanggal yang memiliki titik berisi agenda. Klik tanggal untuk melihat daftar pertemuan pada hari itu di bagian <em>Keterangan</em>, lalu klik agenda untuk membuka pertemuannya.</p>',
  ],
  [
    'Kehadiran',
    'Bagaimana kehadiran daring dihitung?',
    '<p>Kehadiran pada pertemuan daring dihitung dari aktivitas yang ditentukan dosen, misalnya mengunduh materi, hadir di vidcon, mengerjakan tugas atau kuis.</p><ul><li>Video dianggap ditonton bila minimal 50% diputar.</li><li>E-book dianggap dibaca setelah 60 detik.</li></ul>',
  ],
  [
    'Kehadiran',
    'Kehadiran saya belum tercatat. Apa yang harus dilakukan?',
    '<p>Pastikan semua aktivitas pertemuan sudah diselesaikan. Bila masih belum tercatat, hubungi dosen pengampu kelas tersebut.</p>',
  ],
  [
    'Tugas dan Ujian',
    'Berapa ukuran maksimal file yang dapat diunggah?',
    '<p>Batas ukuran file ditentukan oleh kampus untuk setiap jenis berkas. Bila file terlalu besar, LMS menampilkan pesan <em>Ukuran file tidak boleh lebih dari ... MB.</em></p>',
  ],
  [
    'Tugas dan Ujian',
    'Apa yang terjadi bila koneksi terputus saat ujian?',
    '<p>Jawaban yang sudah dipilih tersimpan otomatis. Masuk kembali dan buka ujian yang sama untuk melanjutkan selama waktu ujian belum habis.</p>',
  ],
  [
    'Kontak',
    'Ke mana saya menghubungi bila mengalami kendala?',
    '<p>Hubungi layanan helpdesk LMS melalui email <a href="mailto:helpdesk@und.ac.id">helpdesk@und.ac.id</a> atau datang ke Biro Administrasi Akademik pada jam kerja.</p>',
  ],
];
