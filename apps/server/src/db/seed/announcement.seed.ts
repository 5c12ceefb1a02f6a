import {
  type DemoContext,
  currentWeekIndex,
  dayMs,
  localDateString,
  weekMs,
  zoneOffsetMs,
} from './demo-seed.context.ts';

/** Announcements and news, published relative to `now` (one announcement is scheduled ahead). */
export function addDemoAnnouncements(ctx: DemoContext, operatorId: string): void {
  const { collegeId, createdAt, rows, uid } = ctx;
  const { week0, todayLocal } = ctx.calendar;
  const utsWeek = localDateString(week0 + (currentWeekIndex + 1) * weekMs);
  const announcementList: Array<[string, string, number]> = [
    [
      'Jadwal Ujian Tengah Semester Ganjil 2026/2027',
      `<p>Ujian Tengah Semester Ganjil 2026/2027 dilaksanakan pada pekan yang dimulai <strong>${utsWeek}</strong> sesuai jadwal pertemuan ke-8 setiap kelas.</p><ul><li>Mahasiswa wajib hadir 15 menit sebelum ujian dimulai.</li><li>Membawa kartu tanda mahasiswa.</li><li>Syarat kehadiran minimal 75%.</li></ul>`,
      -2,
    ],
    [
      'Pemeliharaan Sistem LMS',
      '<p>Sistem LMS akan menjalani pemeliharaan rutin pada Sabtu pukul 22.00–24.00 WIB. Selama pemeliharaan, layanan tidak dapat diakses.</p>',
      -1,
    ],
    [
      'Perpanjangan Pembayaran UKT Semester Ganjil 2026/2027',
      '<p>Batas akhir pembayaran Uang Kuliah Tunggal (UKT) diperpanjang selama dua pekan. Silakan cek tagihan pada SIAKAD.</p>',
      -9,
    ],
    [
      'Pendaftaran Beasiswa Prestasi 2026',
      '<p>Pendaftaran Beasiswa Prestasi dibuka untuk mahasiswa aktif dengan IPK minimal 3,25. Berkas diunggah melalui laman kemahasiswaan.</p>',
      -16,
    ],
    [
      'Panduan Presensi Daring bagi Mahasiswa',
      '<p>Kehadiran pada pertemuan daring dihitung dari aktivitas: mengunduh materi, hadir di vidcon, dan mengerjakan tugas. Lihat menu <em>Kehadiran</em> untuk rinciannya.</p>',
      -30,
    ],
    [
      'Libur Nasional dan Cuti Bersama',
      '<p>Perkuliahan pada hari libur nasional dan cuti bersama ditiadakan. Dosen pengampu dapat menjadwalkan pertemuan pengganti.</p>',
      -40,
    ],
    [
      'Pengisian Kuesioner Evaluasi Dosen',
      '<p>Mahasiswa diminta mengisi kuesioner evaluasi dosen sebelum Ujian Tengah Semester.</p>',
      3,
    ],
  ];
  for (const [i, [judul, isi, days]] of announcementList.entries()) {
    rows.announcements.push({
      id: uid(`pengumuman:${i}`),
      collegeId,
      judul,
      isi,
      tanggalPublish: new Date(todayLocal - zoneOffsetMs + days * dayMs + 8 * 3_600_000),
      authorId: operatorId,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const newsList: Array<[string, string, string, number]> = [
    [
      'Tim Robotik UND Juara Kontes Robot Indonesia',
      'Tim robotik mahasiswa Teknik Elektro meraih juara pertama tingkat nasional.',
      '<p>Tim robotik Universitas Nusantara Digital meraih juara pertama Kontes Robot Indonesia kategori robot sepak bola beroda.</p>',
      -5,
    ],
    [
      'Kuliah Umum: Kecerdasan Buatan untuk Indonesia',
      'Program Studi Informatika menggelar kuliah umum bersama praktisi industri.',
      '<p>Kuliah umum menghadirkan praktisi kecerdasan buatan yang membahas penerapan AI pada layanan publik dan UMKM.</p>',
      -12,
    ],
    [
      'Wisuda Periode Oktober 2026',
      'Sebanyak 1.250 lulusan diwisuda di Aula Utama.',
      '<p>Universitas Nusantara Digital mewisuda 1.250 lulusan dari program diploma dan sarjana.</p>',
      -33,
    ],
  ];
  for (const [i, [judul, ringkasan, isi, days]] of newsList.entries()) {
    rows.newsArticles.push({
      id: uid(`berita:${i}`),
      collegeId,
      judul,
      ringkasan,
      isi,
      tanggalPublish: new Date(todayLocal - zoneOffsetMs + days * dayMs + 9 * 3_600_000),
      authorId: operatorId,
      createdAt,
      updatedAt: createdAt,
    });
  }
}
