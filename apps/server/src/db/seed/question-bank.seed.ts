import type { QuestionBody } from '@lms/contract/exam.rules';
import type { DemoContext } from './demo-seed.context.ts';

/** Questions of the demo banks by course topic; every bank takes a few of them. */
const demoBankQuestions: Array<{ pertanyaan: string; isi: QuestionBody }> = [
  {
    pertanyaan: '<p>Manakah yang <strong>bukan</strong> termasuk paradigma pemrograman?</p>',
    isi: {
      jenis: 'pilihan',
      pilihan: [
        { teks: 'Prosedural' },
        { teks: 'Berorientasi objek' },
        { teks: 'Fungsional' },
        { teks: 'Relasional-visual' },
      ],
      kunci: 3,
    },
  },
  {
    pertanyaan: '<p>Nilai dari 2<sup>10</sup> adalah …</p>',
    isi: { jenis: 'pilihan', pilihan: [{ teks: '512' }, { teks: '1024' }, { teks: '2048' }], kunci: 1 },
  },
  {
    pertanyaan: '<p>Jika x ≤ 3 dan x ≥ 3, maka x = 3.</p>',
    isi: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: true },
  },
  {
    pertanyaan: '<p>Normalisasi basis data bertujuan menambah redundansi data.</p>',
    isi: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: false },
  },
  {
    pertanyaan:
      '<p>Jelaskan langkah-langkah pemecahan masalah dengan pendekatan <em>divide and conquer</em>.</p>',
    isi: {
      jenis: 'esay',
      jenis_file_diterima: ['text', 'pdf'],
      kunci: '<p>Bagi masalah menjadi submasalah, selesaikan secara rekursif, lalu gabungkan hasilnya.</p>',
    },
  },
  {
    pertanyaan: '<p>Sebutkan tiga contoh perangkat masukan komputer.</p>',
    isi: { jenis: 'esay', jenis_file_diterima: ['text'], kunci: '<p>Papan ketik, tetikus, pemindai.</p>' },
  },
];

/** One question of each kind of issue 43, in the first shown bank (the demo lecturer's). */
const demoExtraKindQuestions: Array<{ pertanyaan: string; isi: QuestionBody }> = [
  {
    pertanyaan: '<p>Bahasa kueri standar untuk basis data relasional disingkat …</p>',
    isi: {
      jenis: 'isian_singkat',
      jawaban: [
        { teks: 'SQL', nilai: 100 },
        { teks: 'Structured Query Language', nilai: 100 },
      ],
      peka_huruf_besar: false,
    },
  },
  {
    pertanyaan: '<p>Berapa byte dalam 1 KiB?</p>',
    isi: {
      jenis: 'numerik',
      jawaban: [{ angka: 1024, toleransi: 0, nilai: 100 }],
      satuan: [{ satuan: 'byte', pengali: 1 }],
    },
  },
  {
    pertanyaan: '<p>Manakah yang termasuk bahasa pemrograman?</p>',
    isi: {
      jenis: 'pilihan_kompleks',
      pilihan: [{ teks: 'Python' }, { teks: 'HTML' }, { teks: 'Java' }, { teks: 'CSV' }],
      bobot: [50, -50, 50, -50],
    },
  },
  {
    pertanyaan: '<p>Jodohkan perangkat dengan fungsinya.</p>',
    isi: {
      jenis: 'menjodohkan',
      pasangan: [
        { kiri: 'CPU', kanan: 'Mengolah instruksi' },
        { kiri: 'RAM', kanan: 'Menyimpan data sementara' },
        { kiri: 'SSD', kanan: 'Menyimpan data permanen' },
      ],
      pengecoh: ['Mencetak dokumen'],
    },
  },
  {
    pertanyaan:
      '<p>Perulangan [[1]] memeriksa kondisi sebelum badan perulangan, sedangkan [[2]] sesudahnya.</p>',
    isi: {
      jenis: 'isian_rumpang',
      rumpang: [
        { jenis: 'pilihan', pilihan: ['while', 'do-while', 'for-each'], kunci: 0 },
        { jenis: 'isian', jawaban: [{ teks: 'do-while', nilai: 100 }], peka_huruf_besar: false },
      ],
    },
  },
];

/**
 * Question banks of several courses: for the main teacher of each of the first current classes, a shown
 * bank (other teachers of the course may see and duplicate it) and, for every other class, a hidden
 * one; each with a few questions of the first three kinds, and the first shown bank one of each other kind.
 */
export function addDemoQuestionBanks(ctx: DemoContext): void {
  const { rows, collegeId, uid, now } = ctx;
  const courseById = new Map(rows.courses.map((c) => [c.id, c] as const));
  const mainTeacher = new Map<string, string>();
  for (const t of rows.classTeachers) if (t.isUtama) mainTeacher.set(t.kelasId, t.dosenId);
  const seen = new Set<string>();
  // The demo lecturer's classes first, so the account the demo signs in with has banks to show.
  const demoLecturer = rows.users.find((u) => u.username === 'dosen')?.id;
  const rank = (c: (typeof rows.classes)[number]) => (mainTeacher.get(c.id!) === demoLecturer ? 0 : 1);
  const classes = rows.classes
    .filter((c) => c.periode === ctx.currentPeriod && mainTeacher.has(c.id!))
    .sort((a, b) => rank(a) - rank(b) || a.id!.localeCompare(b.id!));
  let index = 0;
  for (const kelas of classes) {
    const key = `${kelas.mataKuliahId}:${mainTeacher.get(kelas.id!)}`;
    if (seen.has(key) || seen.size >= 8) continue;
    seen.add(key);
    const course = courseById.get(kelas.mataKuliahId);
    if (!course) continue;
    const dosenId = mainTeacher.get(kelas.id!)!;
    const banks = [
      { name: 'utama', judul: `Latihan ${course.nama}`, ditampilkan: true, take: 5 },
      ...(index % 2 === 0
        ? [{ name: 'draf', judul: `Draf UTS ${course.nama}`, ditampilkan: false, take: 3 }]
        : []),
    ];
    for (const bank of banks) {
      const bankId = uid(`bank-soal:${key}:${bank.name}`);
      rows.questionBanks.push({
        id: bankId,
        collegeId,
        judul: bank.judul.slice(0, 100),
        deskripsi: bank.ditampilkan
          ? 'Kumpulan soal latihan yang dapat dipakai dosen pengampu mata kuliah ini.'
          : 'Draf soal ujian, belum dibagikan kepada dosen lain.',
        dosenId,
        mataKuliahId: kelas.mataKuliahId,
        ditampilkan: bank.ditampilkan,
        createdBy: dosenId,
        createdAt: new Date(now.getTime() - (index + 1) * 86_400_000),
        updatedAt: new Date(now.getTime() - (index + 1) * 86_400_000),
      });
      const picked = Array.from(
        { length: bank.take },
        (_, i) => demoBankQuestions[(index + i) % demoBankQuestions.length]!,
      );
      if (index === 0 && bank.ditampilkan) picked.push(...demoExtraKindQuestions);
      for (const [i, q] of picked.entries()) {
        rows.bankQuestions.push({
          id: uid(`bank-soal:${key}:${bank.name}:${i}`),
          collegeId,
          bankId,
          urutan: i + 1,
          jenis: q.isi.jenis,
          pertanyaan: q.pertanyaan,
          isi: q.isi,
          createdBy: dosenId,
        });
      }
    }
    index++;
  }
}
