import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { examMessages, type QuestionBody } from '@lms/contract/exam.rules';
import { weightsFromKeys } from '@lms/contract/question-kinds.rules';
import {
  importProblemLabel,
  questionImportMessages,
  skippedQuestionLabel,
  type ExcelTemplateKind,
} from '@lms/contract/question-import.rules';
import { richTextProblems, xssCorpus } from '../../testing/xss-corpus.ts';
import { buildExcelTemplate, templateColumns, templateSheetName } from './excel-template.ts';
import { decodeText, readImportFile } from './import-file.ts';
import { exportGift } from './gift.exporter.ts';
import { importImageMessages, pendingTextImage, placeTextImages } from './imported-question.ts';
import { readCloze } from './moodle-cloze.ts';
import { exportMoodleXml } from './moodle-xml.exporter.ts';
import { parseMoodleXml } from './moodle-xml.parser.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

type CellInput = string | ExcelJS.CellRichTextValue;

/** The server's template of a kind, filled in row by row from row 2 (as a lecturer would in Excel). */
async function filledTemplate(kind: ExcelTemplateKind, rows: CellInput[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await buildExcelTemplate(kind)) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet(templateSheetName(kind))!;
  rows.forEach((values, i) => {
    values.forEach((value, c) => {
      if (value !== '') sheet.getRow(i + 2).getCell(c + 1).value = value;
    });
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const excel = (buffer: Buffer, jenisSoal: ExcelTemplateKind, fileName = 'soal.xlsx') =>
  readImportFile({ format: 'excel', fileName, buffer, jenisSoal });

describe('Excel templates', () => {
  it.each(['pilihan', 'benar_salah', 'esai', 'isian_singkat', 'pilihan_kompleks', 'numerik'] as const)(
    'the %s template has its columns, drop-downs and a guide',
    async (kind) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await buildExcelTemplate(kind)) as unknown as ArrayBuffer);
      expect(book.worksheets.map((w) => w.name)).toEqual([templateSheetName(kind), 'Petunjuk']);
      const sheet = book.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(headers).toEqual([...templateColumns[kind]]);
      const lists: Partial<Record<typeof kind, [string, string]>> = {
        pilihan: ['Kunci Jawaban', '"A,B,C,D,E"'],
        benar_salah: ['Kunci Jawaban', '"Benar,Salah"'],
        isian_singkat: ['Peka Huruf Besar', '"Ya,Tidak"'],
      };
      const list = lists[kind];
      for (const [i, header] of templateColumns[kind].entries()) {
        const validation = sheet.getRow(2).getCell(i + 1).dataValidation;
        if (list && header === list[0]) expect(validation?.formulae).toEqual([list[1]]);
        else expect(validation?.type).toBeUndefined();
      }
      const guide = book.getWorksheet('Petunjuk')!.getColumn(1).values.join('\n');
      expect(guide).toContain('100 soal');
      // An empty template imports nothing and says so.
      const empty = await excel(await buildExcelTemplate(kind), kind);
      expect(empty.masalah.map((p) => p.pesan)).toEqual([questionImportMessages.noQuestions]);
    },
  );
});

describe('Excel import', () => {
  it('reads a filled multiple-choice template: formatting kept, keys by letter, 3 to 5 options', async () => {
    const bold: ExcelJS.CellRichTextValue = {
      richText: [{ text: 'Rumus kimia ' }, { text: 'air', font: { bold: true } }, { text: ' adalah ...' }],
    };
    const file = await filledTemplate('pilihan', [
      ['1', bold, 'CO2', 'H2O', 'NaCl', 'O2', 'N2', 'B'],
      ['2', 'Ibu kota Indonesia adalah ...\nPilih satu.', 'Bandung', 'Jakarta', 'Surabaya', '', '', 'b'],
      ['', 'x < y & y < z, maka ...', 'x < z', 'x > z', 'x = z', '', '', 'A'],
    ]);
    const result = await excel(file, 'pilihan');
    expect(result.masalah).toEqual([]);
    expect(result.soal.map(({ pertanyaan, isi }) => ({ pertanyaan, isi }))).toEqual([
      {
        pertanyaan: '<p>Rumus kimia <strong>air</strong> adalah ...</p>',
        isi: {
          jenis: 'pilihan',
          pilihan: ['CO2', 'H2O', 'NaCl', 'O2', 'N2'].map((teks) => ({ teks, gambar: null })),
          kunci: 1,
        },
      },
      {
        pertanyaan: '<p>Ibu kota Indonesia adalah ...<br />Pilih satu.</p>',
        isi: {
          jenis: 'pilihan',
          pilihan: ['Bandung', 'Jakarta', 'Surabaya'].map((teks) => ({ teks, gambar: null })),
          kunci: 1,
        },
      },
      {
        pertanyaan: '<p>x &lt; y &amp; y &lt; z, maka ...</p>',
        isi: {
          jenis: 'pilihan',
          pilihan: ['x < z', 'x > z', 'x = z'].map((teks) => ({ teks, gambar: null })),
          kunci: 0,
        },
      },
    ]);
  });

  it('reads filled true/false and essay templates', async () => {
    const tf = await excel(
      await filledTemplate('benar_salah', [
        ['1', 'Matahari terbit dari timur.', 'Benar'],
        ['2', 'Bulan memancarkan cahaya sendiri.', 'salah'],
      ]),
      'benar_salah',
    );
    expect(tf.masalah).toEqual([]);
    expect(tf.soal.map((q) => q.isi)).toEqual([
      { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: true },
      { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: false },
    ]);
    const essay = await excel(
      await filledTemplate('esai', [
        ['1', 'Jelaskan fotosintesis.', 'Proses membuat makanan dengan cahaya.', 'Teks, PDF'],
        ['2', 'Unggah laporan praktikum.', '', 'Semua'],
        ['3', 'Tulis pendapat Anda.', '', ''],
      ]),
      'esai',
    );
    expect(essay.masalah).toEqual([]);
    expect(essay.soal.map((q) => q.isi)).toEqual([
      {
        jenis: 'esay',
        jenis_file_diterima: ['text', 'pdf'],
        kunci: '<p>Proses membuat makanan dengan cahaya.</p>',
      },
      { jenis: 'esay', jenis_file_diterima: ['text', 'image', 'pdf', 'docs', 'compressed'], kunci: '' },
      { jenis: 'esay', jenis_file_diterima: ['text'], kunci: '' },
    ]);
  });

  it('reads filled short answer, multiple answers and numerical templates', async () => {
    const short = await excel(
      await filledTemplate('isian_singkat', [
        ['1', 'Ibu kota Jawa Barat?', 'Bandung', 'Kota Bandung (50%)', '', '', '', ''],
        ['2', 'Lambang natrium?', 'Na', '', '', '', '', 'Ya'],
      ]),
      'isian_singkat',
    );
    expect(short.masalah).toEqual([]);
    expect(short.soal.map((q) => q.isi)).toEqual([
      {
        jenis: 'isian_singkat',
        jawaban: [
          { teks: 'Bandung', nilai: 100 },
          { teks: 'Kota Bandung', nilai: 50 },
        ],
        peka_huruf_besar: false,
      },
      { jenis: 'isian_singkat', jawaban: [{ teks: 'Na', nilai: 100 }], peka_huruf_besar: true },
    ]);
    const multiple = await excel(
      await filledTemplate('pilihan_kompleks', [
        ['1', 'Bilangan prima?', '2', '3', '4', '9', '', 'A, B'],
        ['2', 'Warna bendera?', 'Merah', 'Putih', 'Biru', '', '', 'a;b'],
      ]),
      'pilihan_kompleks',
    );
    expect(multiple.masalah).toEqual([]);
    expect(multiple.soal.map((q) => q.isi)).toEqual([
      {
        jenis: 'pilihan_kompleks',
        pilihan: ['2', '3', '4', '9'].map((teks) => ({ teks, gambar: null })),
        bobot: [50, 50, -50, -50],
      },
      {
        jenis: 'pilihan_kompleks',
        pilihan: ['Merah', 'Putih', 'Biru'].map((teks) => ({ teks, gambar: null })),
        bobot: [50, 50, -100],
      },
    ]);
    const numeric = await excel(
      await filledTemplate('numerik', [
        ['1', 'Percepatan gravitasi?', '9,8', '0,1', 'm/s2'],
        ['2', 'Akar dua?', '1.414', '', ''],
      ]),
      'numerik',
    );
    expect(numeric.masalah).toEqual([]);
    expect(numeric.soal.map((q) => q.isi)).toEqual([
      {
        jenis: 'numerik',
        jawaban: [{ angka: 9.8, toleransi: 0.1, nilai: 100 }],
        satuan: [{ satuan: 'm/s2', pengali: 1 }],
      },
      { jenis: 'numerik', jawaban: [{ angka: 1.414, toleransi: 0, nilai: 100 }], satuan: [] },
    ]);
  });

  it('reports bad rows of the new templates by row and column', async () => {
    const short = await excel(
      await filledTemplate('isian_singkat', [
        ['1', 'Tanpa jawaban', '', '', '', '', '', ''],
        ['2', 'Nilai salah', 'a (150%)', '', '', '', '', 'mungkin'],
      ]),
      'isian_singkat',
    );
    expect(short.soal).toEqual([]);
    expect(short.masalah.map(importProblemLabel)).toEqual([
      'Baris 2, kolom C (Jawaban 1): Jawaban yang diterima wajib diisi',
      'Baris 3, kolom C (Jawaban 1): Nilai jawaban harus antara 0 dan 100%',
      'Baris 3, kolom H (Peka Huruf Besar): Peka Huruf Besar "mungkin" tidak dikenal: isi Ya atau Tidak',
    ]);
    const multiple = await excel(
      await filledTemplate('pilihan_kompleks', [
        ['1', 'Tanpa kunci', 'a', 'b', 'c', '', '', ''],
        ['2', 'Kunci salah', 'a', 'b', 'c', '', '', 'A, F'],
      ]),
      'pilihan_kompleks',
    );
    expect(multiple.masalah.map(importProblemLabel)).toEqual([
      'Baris 2, kolom H (Kunci Jawaban): Kunci jawaban wajib dipilih',
      'Baris 3, kolom H (Kunci Jawaban): Kunci jawaban "A, F" tidak valid: isi huruf pilihan yang benar (A–C), dipisah koma',
    ]);
    const numeric = await excel(
      await filledTemplate('numerik', [
        ['1', 'Bukan angka', 'sembilan', '', ''],
        ['2', 'Toleransi negatif', '9', '-1', ''],
      ]),
      'numerik',
    );
    expect(numeric.masalah.map(importProblemLabel)).toEqual([
      'Baris 2, kolom C (Jawaban): Jawaban "sembilan" harus berupa angka',
      'Baris 3, kolom D (Toleransi): Toleransi tidak boleh negatif',
    ]);
    // Another kind's template is recognised.
    const shortFile = await filledTemplate('isian_singkat', [['1', 'S', 'a', '', '', '', '', '']]);
    expect((await excel(shortFile, 'numerik')).masalah[0]!.pesan).toBe(
      'File ini adalah template Isian Singkat, bukan template Numerik. Pilih jenis soal yang sesuai.',
    );
  });

  it('reports every bad row by row and column and imports nothing', async () => {
    const file = await filledTemplate('pilihan', [
      ['1', 'Soal yang benar', 'a', 'b', 'c', '', '', 'A'],
      ['2', '', 'a', 'b', 'c', '', '', 'A'],
      ['3', 'Pilihan B terlewat', 'a', '', 'c', 'd', '', 'A'],
      ['4', 'Hanya dua pilihan', 'a', 'b', '', '', '', 'A'],
      ['5', 'Kunci di luar pilihan', 'a', 'b', 'c', '', '', 'E'],
      ['6', 'Tanpa kunci', 'a', 'b', 'c', '', '', ''],
    ]);
    const result = await excel(file, 'pilihan');
    expect(result.soal).toEqual([]);
    expect(result.masalah.map(importProblemLabel)).toEqual([
      `Baris 3, kolom B (Pertanyaan): ${examMessages.questionRequired}`,
      `Baris 4, kolom D (Pilihan B): ${examMessages.optionRequired}`,
      `Baris 5, kolom E (Pilihan C): ${examMessages.optionsTooFew}`,
      'Baris 6, kolom H (Kunci Jawaban): Kunci jawaban "E" tidak valid: isi satu huruf pilihan yang terisi (A–C)',
      `Baris 7, kolom H (Kunci Jawaban): ${examMessages.keyRequired}`,
    ]);
  });

  it('reports bad true/false keys and unknown essay file kinds', async () => {
    const tf = await excel(
      await filledTemplate('benar_salah', [['1', 'Air itu basah.', 'Mungkin']]),
      'benar_salah',
    );
    expect(tf.masalah.map(importProblemLabel)).toEqual([
      'Baris 2, kolom C (Kunci Jawaban): Kunci jawaban "Mungkin" tidak dikenal: isi Benar atau Salah',
    ]);
    const essay = await excel(await filledTemplate('esai', [['1', 'Jelaskan.', '', 'Teks, Video']]), 'esai');
    expect(essay.masalah.map(importProblemLabel)).toEqual([
      'Baris 2, kolom D (Jenis File Diterima): Jenis file tidak dikenal: Video. Pilih dari Teks, Gambar, PDF, Dokumen, Arsip atau Semua',
    ]);
  });

  it('finds moved columns by their header', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Data');
    sheet.addRow(['Kunci Jawaban', 'Pilihan C', 'Pilihan B', 'Pilihan A', 'Pertanyaan']);
    sheet.addRow(['C', 'tiga', 'dua', 'satu', '1 + 2 = ...']);
    const result = await excel(Buffer.from(await book.xlsx.writeBuffer()), 'pilihan');
    expect(result.masalah).toEqual([]);
    expect(result.soal[0]!.isi).toEqual({
      jenis: 'pilihan',
      pilihan: ['satu', 'dua', 'tiga'].map((teks) => ({ teks, gambar: null })),
      kunci: 2,
    });
  });

  it('refuses another kind’s template, a missing column, .xls, other extensions and broken files', async () => {
    const essayFile = await filledTemplate('esai', [['1', 'Jelaskan.', '', '']]);
    expect((await excel(essayFile, 'benar_salah')).masalah[0]!.pesan).toBe(
      'File ini adalah template Esai, bukan template Benar/Salah. Pilih jenis soal yang sesuai.',
    );
    const choiceFile = await filledTemplate('pilihan', [['1', 'Soal', 'a', 'b', 'c', '', '', 'A']]);
    expect((await excel(choiceFile, 'esai')).masalah[0]!.pesan).toContain('bukan template Esai');

    const book = new ExcelJS.Workbook();
    book.addWorksheet('Soal').addRow(['No', 'Pertanyaan', 'Pilihan A', 'Pilihan B', 'Pilihan C']);
    const noKey = await excel(Buffer.from(await book.xlsx.writeBuffer()), 'pilihan');
    expect(noKey.masalah.map(importProblemLabel)).toEqual([
      'Baris 1: Kolom Kunci Jawaban tidak ditemukan di baris 1. Gunakan template Pilihan Ganda tanpa mengubah judul kolom.',
    ]);

    // An Excel 97-2003 file starts with the compound-file signature.
    const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
    expect((await excel(xls, 'pilihan', 'soal.xls')).masalah[0]!.pesan).toBe(
      questionImportMessages.xlsUnsupported,
    );
    expect((await excel(choiceFile, 'pilihan', 'soal.csv')).masalah[0]!.pesan).toBe(
      questionImportMessages.excelExtension,
    );
    expect((await excel(Buffer.from('bukan excel'), 'pilihan')).masalah[0]!.pesan).toBe(
      questionImportMessages.unreadable('excel'),
    );
    const zipNotExcel = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(100)]);
    expect((await excel(zipNotExcel, 'pilihan')).masalah[0]!.pesan).toBe(
      questionImportMessages.unreadable('excel'),
    );
    expect(
      (await readImportFile({ format: 'excel', fileName: 'soal.xlsx', buffer: choiceFile })).masalah[0]!
        .pesan,
    ).toBe(questionImportMessages.kindNotChosen);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.alloc(5_000_001, 0x41);
    expect(
      (await readImportFile({ format: 'aiken', fileName: 'soal.txt', buffer: big })).masalah[0]!.pesan,
    ).toBe(questionImportMessages.tooLarge);
  });
});

describe('GIFT import', () => {
  it('maps every kind GIFT can say, and names every skipped question', async () => {
    const result = await readImportFile({
      format: 'gift',
      fileName: 'soal.gift',
      buffer: fixture('soal.gift'),
    });
    expect(result.masalah).toEqual([]);
    expect(result.soal.map((q) => q.isi.jenis)).toEqual([
      'pilihan',
      'pilihan',
      'benar_salah',
      'benar_salah',
      'esay',
      'isian_rumpang',
      'isian_singkat',
      'menjodohkan',
      'numerik',
      'pilihan_kompleks',
    ]);
    expect(result.soal[1]!.pertanyaan).toBe('Ibu kota <b>Indonesia</b> adalah ...');
    expect(result.soal[0]!.isi).toMatchObject({
      kunci: 0,
      pilihan: [
        { teks: 'fotosintesis' },
        { teks: 'respirasi' },
        { teks: 'transpirasi' },
        { teks: 'osmosis' },
      ],
    });
    expect(result.soal[2]!.isi).toMatchObject({ kunci: true });
    expect(result.soal[3]!.isi).toMatchObject({ kunci: false });
    // The missing word: one choice gap where the braces were.
    expect(result.soal[5]!.pertanyaan).toBe('<p>Tumbuhan hijau [[1]] karbon dioksida pada siang hari.</p>');
    expect(result.soal[5]!.isi).toEqual({
      jenis: 'isian_rumpang',
      rumpang: [{ jenis: 'pilihan', pilihan: ['menyerap', 'melepaskan', 'mengabaikan'], kunci: 0 }],
    });
    expect(result.soal.slice(6).map((q) => q.isi)).toEqual([
      {
        jenis: 'isian_singkat',
        jawaban: [
          { teks: 'Darwin', nilai: 100 },
          { teks: 'Charles Darwin', nilai: 100 },
        ],
        peka_huruf_besar: false,
      },
      {
        jenis: 'menjodohkan',
        pasangan: [
          { kiri: 'Mitokondria', kanan: 'respirasi sel' },
          { kiri: 'Ribosom', kanan: 'sintesis protein' },
          { kiri: 'Kloroplas', kanan: 'fotosintesis' },
        ],
        pengecoh: [],
      },
      { jenis: 'numerik', jawaban: [{ angka: 46, toleransi: 0, nilai: 100 }], satuan: [] },
      {
        jenis: 'pilihan_kompleks',
        pilihan: ['Paus', 'Kelelawar', 'Hiu'].map((teks) => ({ teks, gambar: null })),
        bobot: [50, 50, -100],
      },
    ]);
    expect(result.soal.map((q) => q.letak)).toEqual(
      [6, 13, 16, 18, 20, 22, 24, 26, 32, 34].map((baris, i) => ({ soal: i + 1, baris })),
    );
    expect(result.dilewati).toEqual([
      {
        soal: 11,
        baris: 36,
        jenis: 'description',
        nama: 'Bagian ini hanya keterangan tanpa jawaban.',
        alasan: questionImportMessages.unsupportedType('description'),
      },
    ]);
  });

  it('skips a question outside the grammar or our rules with its number and line; the rest imports', async () => {
    const broken = await readImportFile({
      format: 'gift',
      fileName: 'soal.gift',
      buffer: fixture('soal-salah.gift'),
    });
    expect(broken.masalah).toEqual([]);
    expect(broken.dilewati.map(skippedQuestionLabel)).toEqual([
      `Soal ke-1 (baris 2) "Tanpa kunci": ${examMessages.keyRequired}`,
      `Soal ke-2 (baris 4) "Dua pilihan": ${examMessages.optionsTooFew}`,
      `Soal ke-3 (baris 6) "Rusak": ${questionImportMessages.giftUnreadable(null)}`,
    ]);

    const bad = await readImportFile({
      format: 'gift',
      fileName: 'soal.txt',
      buffer: fixture('soal-kurang.gift'),
    });
    expect(bad.masalah).toEqual([]);
    expect(bad.soal.map((q) => q.letak)).toEqual([{ soal: 3, baris: 5 }]);
    expect(bad.dilewati.map(skippedQuestionLabel)).toEqual([
      `Soal ke-1 (baris 1) "Tanpa kunci": ${examMessages.keyRequired}`,
      `Soal ke-2 (baris 3) "Dua pilihan": ${examMessages.optionsTooFew}`,
    ]);
  });

  it('fails whole only when the file holds no question at all', async () => {
    const empty = await readImportFile({
      format: 'gift',
      fileName: 'soal.gift',
      buffer: Buffer.from('// hanya komentar\n\n$CATEGORY: top/Kosong\n'),
    });
    expect(empty.masalah.map((p) => p.pesan)).toEqual([questionImportMessages.noQuestions]);
  });
});

describe('Aiken import', () => {
  it('reads questions with . and ) options, with or without blank lines between', async () => {
    const result = await readImportFile({
      format: 'aiken',
      fileName: 'soal.txt',
      buffer: fixture('soal.aiken.txt'),
    });
    expect(result.masalah).toEqual([]);
    expect(result.soal.map((q) => q.isi)).toEqual([
      {
        jenis: 'pilihan',
        pilihan: ['Bandung', 'Jakarta', 'Surabaya', 'Medan'].map((teks) => ({ teks, gambar: null })),
        kunci: 1,
      },
      {
        jenis: 'pilihan',
        pilihan: ['Bumi', 'Mars', 'Jupiter'].map((teks) => ({ teks, gambar: null })),
        kunci: 2,
      },
      {
        jenis: 'pilihan',
        // An option is plain text, shown as text: these are the answers' words, not markup.
        pilihan: ['<script>', '<style>', '<link>', '<meta>', '<body onload="x()">'].map((teks) => ({
          teks,
          gambar: null,
        })),
        kunci: 0,
      },
    ]);
  });

  it('skips every broken question with its number, line and reason; the rest imports', async () => {
    const result = await readImportFile({
      format: 'aiken',
      fileName: 'soal.txt',
      buffer: fixture('soal-salah.aiken.txt'),
    });
    expect(result.masalah).toEqual([]);
    // A question over two lines is read as one, as Moodle does; two options Ya/Tidak are a benar_salah.
    expect(result.soal.map((q) => [q.letak, q.pertanyaan])).toEqual([
      [{ soal: 2, baris: 7 }, '<p>Soal yang pilihannya hanya dua</p>'],
      [{ soal: 3, baris: 12 }, '<p>Soal yang pertanyaannya<br />ditulis dalam dua baris</p>'],
    ]);
    expect(result.soal[0]!.isi).toEqual({
      jenis: 'benar_salah',
      label: { benar: 'Ya', salah: 'Tidak' },
      kunci: true,
    });
    expect(result.dilewati.map((s) => [s.soal, s.baris, s.alasan])).toEqual([
      [1, 1, 'Kunci jawaban E tidak ada di antara pilihan'],
      [4, 19, 'Baris ANSWER: tidak ditemukan untuk soal ini'],
    ]);
  });

  it('reads two options True/False, Benar/Salah or Ya/Tidak (any case) as benar_salah; other pairs are skipped', async () => {
    const text = [
      'Bumi bulat?\nA. TRUE\nB. false\nANSWER: A',
      'Air membeku pada 50 derajat?\nA) Benar.\nB) Salah.\nANSWER: A',
      'Matahari terbit dari barat?\nA. tidak\nB. YA\nANSWER: A',
      'Dua pilihan biasa\nA. Satu\nB. Dua\nANSWER: A',
    ].join('\n\n');
    const aiken = await readImportFile({ format: 'aiken', fileName: 'soal.txt', buffer: Buffer.from(text) });
    expect(aiken.soal.map((q) => q.isi)).toEqual([
      { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: true },
      { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: true },
      { jenis: 'benar_salah', label: { benar: 'Ya', salah: 'Tidak' }, kunci: false },
    ]);
    expect(aiken.dilewati.map((s) => [s.soal, s.alasan])).toEqual([[4, examMessages.optionsTooFew]]);
    const gift = await readImportFile({
      format: 'gift',
      fileName: 'soal.gift',
      buffer: Buffer.from('Bumi bulat? {=Benar ~Salah}\n\nPilih satu {=Satu ~Dua}\n'),
    });
    expect(gift.soal.map((q) => q.isi)).toEqual([
      { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: true },
    ]);
    expect(gift.dilewati.map((s) => [s.soal, s.alasan])).toEqual([[2, examMessages.optionsTooFew]]);
  });

  it('reads files saved as UTF-16 or Windows-1252 by Notepad', () => {
    const text = 'Kafé di Bogor?\nA. Ya\nB. Tidak\nC. Mungkin\nANSWER: A\n';
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const ansi = Buffer.from(text, 'latin1');
    expect(decodeText(utf16)).toBe(text);
    expect(decodeText(ansi)).toBe(text);
    expect(decodeText(Buffer.from(`\uFEFF${text}`, 'utf8'))).toBe(text);
  });
});

describe('Moodle XML import', () => {
  it('maps every kind; skips the rest by name; removes scripts', async () => {
    const result = await readImportFile({
      format: 'moodle_xml',
      fileName: 'soal.xml',
      buffer: fixture('soal.moodle.xml'),
    });
    expect(result.masalah).toEqual([]);
    expect(result.soal.map(({ pertanyaan, isi }) => ({ pertanyaan, isi }))).toEqual([
      {
        pertanyaan: '<p>Rumus kimia <strong>air</strong> adalah ...</p>',
        isi: {
          jenis: 'pilihan',
          pilihan: ['CO2', 'H2O', 'NaCl & KCl', 'O2'].map((teks) => ({ teks, gambar: null })),
          kunci: 1,
        },
      },
      {
        pertanyaan: '<p>Besi adalah logam.<br />Jawab benar atau salah.</p>',
        isi: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: true },
      },
      {
        pertanyaan: '<p>Oksigen termasuk gas mulia.</p>',
        isi: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: false },
      },
      {
        pertanyaan: '<p>Jelaskan perbedaan ikatan ion dan ikatan kovalen.</p>',
        isi: {
          jenis: 'esay',
          jenis_file_diterima: ['text', 'image', 'pdf', 'docs', 'compressed'],
          kunci: '<p>Ion: serah terima elektron; kovalen: pemakaian bersama.</p>',
        },
      },
      {
        pertanyaan: 'Lambang unsur natrium adalah ...',
        isi: { jenis: 'isian_singkat', jawaban: [{ teks: 'Na', nilai: 100 }], peka_huruf_besar: false },
      },
      {
        pertanyaan: 'Nomor atom karbon adalah ...',
        isi: { jenis: 'numerik', jawaban: [{ angka: 6, toleransi: 0, nilai: 100 }], satuan: [] },
      },
      {
        pertanyaan: 'Pasangkan unsur dengan lambangnya.',
        isi: {
          jenis: 'menjodohkan',
          pasangan: [
            { kiri: 'Besi', kanan: 'Fe' },
            { kiri: 'Emas', kanan: 'Au' },
          ],
          pengecoh: [],
        },
      },
      {
        pertanyaan: 'Pilih dua unsur logam.',
        isi: {
          jenis: 'pilihan_kompleks',
          pilihan: ['Besi', 'Tembaga', 'Belerang'].map((teks) => ({ teks, gambar: null })),
          bobot: [50, 50, -100],
        },
      },
      {
        pertanyaan: 'Air terdiri dari [[1]] dan oksigen.',
        isi: {
          jenis: 'isian_rumpang',
          rumpang: [{ jenis: 'isian', jawaban: [{ teks: 'hidrogen', nilai: 100 }], peka_huruf_besar: false }],
        },
      },
    ]);
    expect(result.dilewati.map((s) => [s.soal, s.jenis, s.nama, s.alasan])).toEqual([
      [10, 'description', 'Keterangan bagian II', 'Jenis soal deskripsi (description) tidak didukung'],
    ]);
    expect(result.dilewati[0]!.baris).toBe(146);
  });

  it('skips broken questions with number, line and reason; fails whole on malformed XML with its line', async () => {
    const bad = await readImportFile({
      format: 'moodle_xml',
      fileName: 'soal.xml',
      buffer: fixture('soal-salah.moodle.xml'),
    });
    expect(bad.masalah).toEqual([]);
    expect(bad.dilewati.map(skippedQuestionLabel)).toEqual([
      `Soal ke-1 (baris 3) "Dua pilihan": ${examMessages.optionsTooFew}`,
      `Soal ke-2 (baris 10) "Tanpa kunci": ${examMessages.keyRequired}`,
      `Soal ke-3 (baris 18) "Tanpa pertanyaan": ${examMessages.questionRequired}`,
      'Soal ke-4 (baris 22) "Hitungan": Jenis soal hitungan (calculated) tidak didukung',
    ]);
    // Nothing importable is an outcome for the service to refuse, not a problem of the file.
    expect(bad.soal).toEqual([]);
    const broken = await readImportFile({
      format: 'moodle_xml',
      fileName: 'soal.xml',
      buffer: fixture('rusak.moodle.xml'),
    });
    expect(broken.masalah).toHaveLength(1);
    expect(broken.masalah[0]).toMatchObject({ baris: 7 });
    expect(broken.masalah[0]!.pesan).toMatch(/^XML tidak valid/);
    const notMoodle = await readImportFile({
      format: 'moodle_xml',
      fileName: 'soal.xml',
      buffer: Buffer.from('<?xml version="1.0"?><rss></rss>'),
    });
    expect(notMoodle.masalah[0]!.pesan).toBe('Bukan file Moodle XML: elemen <quiz> tidak ditemukan');
  });
});

describe('rich text from files is sanitised (XSS corpus)', () => {
  const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  it('keeps no script in question texts, essay keys or options from any format', async () => {
    const kept: string[] = [];
    const check = (where: string, html: string) =>
      kept.push(...richTextProblems(html).map((problem) => `${where}: ${problem}`));
    const xml = `<quiz>${xssCorpus
      .map(
        (
          payload,
        ) => `<question type="essay"><questiontext format="html"><text>${escapeXml(`<p>Soal</p>${payload}`)}</text></questiontext>
        <graderinfo format="html"><text>${escapeXml(`<p>Kunci</p>${payload}`)}</text></graderinfo></question>
        <question type="multichoice"><questiontext format="html"><text>Soal</text></questiontext>
        <answer fraction="100"><text>${escapeXml(`Benar ${payload}`)}</text></answer>
        <answer fraction="0"><text>Salah</text></answer><answer fraction="0"><text>Lain</text></answer></question>`,
      )
      .join('')}</quiz>`;
    const fromXml = parseMoodleXml(xml);
    expect(fromXml.masalah).toEqual([]);
    for (const q of fromXml.soal) {
      check('xml pertanyaan', q.pertanyaan);
      if (q.isi.jenis === 'esay') check('xml kunci', q.isi.kunci);
      // Options are plain text: the HTML of a Moodle answer loses every tag (what is left is inert text).
      if (q.isi.jenis === 'pilihan')
        for (const o of q.isi.pilihan) if (/<\/?[a-z][^<>]*>/i.test(o.teks)) kept.push(`option ${o.teks}`);
    }
    const excelFile = await filledTemplate(
      'esai',
      xssCorpus.map((payload, i) => [String(i + 1), `Soal ${payload}`, `Kunci ${payload}`, '']),
    );
    const fromExcel = await excel(excelFile, 'esai');
    expect(fromExcel.masalah).toEqual([]);
    for (const q of fromExcel.soal) {
      check('excel pertanyaan', q.pertanyaan);
      if (q.isi.jenis === 'esay') check('excel kunci', q.isi.kunci);
    }
    expect(kept).toEqual([]);
    // Escaped as text, a payload is shown as the characters typed (nothing is lost from a cell).
    expect(fromExcel.soal[0]!.pertanyaan).toBe('<p>Soal &lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });
});

/** A file of Moodle's own (fixtures/moodle, see its README): what imports and what is skipped, by number. */
async function moodleFile(name: string, format: 'gift' | 'aiken' | 'moodle_xml') {
  const result = await readImportFile({
    format,
    fileName: name.replace(/\.gift\.txt$/, '.gift'),
    buffer: fixture(`moodle/${name}`),
  });
  expect(result.masalah).toEqual([]);
  return {
    imported: result.soal.map((q) => [q.letak!.soal, q.isi.jenis]),
    skipped: Object.fromEntries(result.dilewati.map((s) => [s.soal, s.alasan])),
    soal: result.soal,
    dilewati: result.dilewati,
  };
}

describe('files from Moodle’s source and documentation', () => {
  const m = questionImportMessages;
  const unsupported = m.unsupportedType;

  it('GIFT test fixture: every kind imports; text after a closing brace is read', async () => {
    const file = await moodleFile('questions.gift.txt', 'gift');
    expect(file.imported).toEqual([
      [1, 'esay'],
      [2, 'menjodohkan'],
      [3, 'pilihan'],
      // `~%50%yellow ~%-100%red…` without any `=`: Moodle's multiple answers.
      [4, 'pilihan_kompleks'],
      [6, 'isian_singkat'],
      [7, 'benar_salah'],
      [8, 'benar_salah'],
      [9, 'benar_salah'],
    ]);
    expect(file.skipped).toEqual({ 5: unsupported('numerical') });
    expect(file.soal[3]!.isi).toMatchObject({ bobot: [50, -100, 50, -100] });
    expect(file.dilewati.find((s) => s.soal === 5)).toMatchObject({ baris: 31, nama: 'Q5' });
    // `{FALSE#…}";`: the text after the brace stays part of the question, as in Moodle.
    expect(file.soal[5]!.pertanyaan).toContain('42 is the Absolute Answer to everything.');
    expect(file.soal[5]!.isi).toMatchObject({ jenis: 'benar_salah', kunci: false });
  });

  it('GIFT documentation examples: 40 import, 3 with partial credit skipped with the reason; escapes are kept', async () => {
    const file = await moodleFile('examples.gift.txt', 'gift');
    expect(file.imported).toHaveLength(40);
    expect(file.skipped).toEqual({
      27: m.severalRightAnswers,
      28: m.severalRightAnswers,
      41: m.severalRightAnswers,
    });
    expect(new Set(file.imported.map(([, jenis]) => jenis))).toEqual(
      new Set([
        'pilihan',
        'benar_salah',
        'isian_singkat',
        'numerik',
        'pilihan_kompleks',
        'menjodohkan',
        'isian_rumpang',
      ]),
    );
    expect(file.dilewati.every((s) => s.baris != null && s.alasan)).toBe(true);
    const control = file.soal.find((q) => q.pertanyaan.includes('NOT a control character'))!;
    expect(control.isi).toEqual({
      jenis: 'pilihan',
      pilihan: ['~', '=', '#', '{', '}', '\\'].map((teks) => ({ teks, gambar: null })),
      kunci: 5,
    });
    expect(file.soal[1]!.pertanyaan).toBe("<p>Grant is [[1]] in Grant's tomb.</p>");
    // `{#1..2}`-style ranges: the middle and half the span.
    expect(file.soal.find((q) => q.letak!.soal === 38)!.isi).toEqual({
      jenis: 'numerik',
      jawaban: [{ angka: 1822, toleransi: 5, nilai: 100 }],
      satuan: [],
    });
  });

  it('Aiken fixtures: the four-option and True/False questions import, the rest are skipped by Moodle’s own errors', async () => {
    const good = await moodleFile('questions.aiken.txt', 'aiken');
    expect(good.imported).toEqual([
      [1, 'pilihan'],
      [2, 'benar_salah'],
    ]);
    expect(good.soal[1]!.isi).toMatchObject({ kunci: true });
    expect(good.skipped).toEqual({});
    const errors = await moodleFile('aiken_errors.txt', 'aiken');
    expect(errors.imported).toEqual([]);
    expect(errors.dilewati.map((s) => [s.soal, s.baris, s.alasan])).toEqual([
      [1, 1, examMessages.optionsTooFew],
      [2, 5, 'Teks pertanyaan tidak ditemukan sebelum pilihan jawaban'],
      [3, 9, examMessages.optionsTooFew],
      [4, 14, 'Baris ANSWER: tidak ditemukan untuk soal ini'],
      // `A)Incorrect` without a space is an option, as Moodle reads it.
      [5, 18, examMessages.optionsTooFew],
    ]);
  });

  it('Moodle XML fixtures: nested categories are not questions; cloze imports; Moodle 1.9 images import', async () => {
    const nested = await moodleFile('nested_categories_with_questions.xml', 'moodle_xml');
    expect(nested.imported).toEqual([
      [1, 'benar_salah'],
      [2, 'esay'],
      [3, 'benar_salah'],
      [4, 'benar_salah'],
      [5, 'benar_salah'],
    ]);
    expect(nested.dilewati).toEqual([]);
    const images = await moodleFile('sample_questions_with_old_image_tag.xml', 'moodle_xml');
    expect(images.imported).toEqual([
      [1, 'isian_rumpang'],
      [2, 'pilihan'],
    ]);
    expect(images.skipped).toEqual({});
    // `<image>moodle.png</image>` with its `<image_base64>`: decoded, checked as a png, the question's.
    const [image] = images.soal[1]!.gambar!;
    expect(image).toMatchObject({
      name: 'moodle.png',
      extension: 'png',
      contentType: 'image/png',
      pilihan: null,
      tempat: null,
    });
    expect(Buffer.from(image!.bytes).subarray(1, 4).toString()).toBe('PNG');
    expect(images.soal[1]!.berkas).toBeUndefined();
  });

  it('Moodle XML written after the documentation: each kind imports or is skipped with its reason', async () => {
    const file = await moodleFile('docs-format.moodle.xml', 'moodle_xml');
    expect(file.imported).toEqual([
      [1, 'pilihan'],
      // Two answers Ya/Tidak: a benar_salah.
      [2, 'benar_salah'],
      [3, 'benar_salah'],
      [4, 'isian_singkat'],
      [5, 'menjodohkan'],
      [6, 'pilihan'],
      [7, 'isian_rumpang'],
      [8, 'esay'],
    ]);
    expect(file.skipped).toEqual({ 9: unsupported('description') });
    // `@@PLUGINFILE@@/tabel.png` with its `<file>`: an attachment of the question, shown where the text had it.
    const withImage = file.soal.find((q) => q.letak!.soal === 6)!;
    expect(withImage.pertanyaan).toContain('<p>Golongan yang ditandai pada gambar adalah ...<img src="');
    expect(withImage.pertanyaan).toContain(pendingTextImage(1));
    expect(withImage.gambar!.map((g) => [g.name, g.extension, g.pilihan, g.tempat])).toEqual([
      ['tabel.png', 'png', null, pendingTextImage(1)],
    ]);
  });

  it('Moodle XML images: option images, a non-image, a missing file, an oversize image; GIFT cannot carry files', async () => {
    const png = readFileSync(
      new URL('./fixtures/moodle/docs-format.moodle.xml', import.meta.url),
      'utf8',
    ).match(/encoding="base64">([^<]+)</)![1]!;
    const fake = Buffer.from('bukan gambar, hanya teks').toString('base64');
    const question = (name: string, text: string, files: string, answers: string) =>
      `<question type="multichoice"><name><text>${name}</text></name>` +
      `<questiontext format="html"><text><![CDATA[${text}]]></text>${files}</questiontext>${answers}</question>`;
    const answer = (fraction: number, text: string, file = '') =>
      `<answer fraction="${fraction}"><text><![CDATA[${text}]]></text>${file}</answer>`;
    const plainAnswers = answer(100, 'A') + answer(0, 'B') + answer(0, 'C');
    const xml = `<?xml version="1.0"?><quiz>${[
      question(
        'Pilihan bergambar',
        'Mana yang merah?',
        '',
        answer(
          100,
          '<img src="@@PLUGINFILE@@/merah%20tua.png">',
          `<file name="merah tua.png" path="/" encoding="base64">${png}</file>`,
        ) +
          answer(0, 'Biru') +
          answer(0, 'Hijau'),
      ),
      question(
        'Palsu',
        'Lihat <img src="@@PLUGINFILE@@/palsu.png">',
        `<file name="palsu.png" path="/" encoding="base64">${fake}</file>`,
        plainAnswers,
      ),
      question('Hilang', 'Lihat <img src="@@PLUGINFILE@@/hilang.png">', '', plainAnswers),
      question(
        'Hanya gambar',
        '<img src="@@PLUGINFILE@@/a.png">',
        `<file name="a.png" path="/" encoding="base64">${png}</file>`,
        plainAnswers,
      ),
    ].join('')}</quiz>`;
    const result = await readImportFile({
      format: 'moodle_xml',
      fileName: 'a.xml',
      buffer: Buffer.from(xml),
    });
    expect(result.soal.map((q) => q.letak!.soal)).toEqual([1, 4]);
    const [options, onlyImage] = result.soal;
    expect(options!.isi).toMatchObject({ jenis: 'pilihan', kunci: 0 });
    expect(options!.isi.jenis === 'pilihan' && options!.isi.pilihan[0]).toEqual({
      teks: '',
      gambar: 'berkas:merah tua.png',
    });
    expect(options!.gambar!.map((g) => [g.name, g.pilihan])).toEqual([['merah tua.png', 0]]);
    // A text that is only a picture is not empty: it shows the picture.
    expect(onlyImage!.pertanyaan).toBe(`<img src="${pendingTextImage(1)}" />`);
    expect(result.dilewati.map((s) => [s.soal, s.nama, s.alasan])).toEqual([
      [2, 'Palsu', importImageMessages.notImage('palsu.png')],
      [3, 'Hilang', importImageMessages.missing('hilang.png')],
    ]);
    const small = await readImportFile({
      format: 'moodle_xml',
      fileName: 'a.xml',
      buffer: Buffer.from(xml),
      maxImageBytes: 10,
    });
    expect(small.dilewati.find((s) => s.soal === 1)!.alasan).toBe(
      importImageMessages.tooLarge('merah tua.png', 10),
    );
    const gift = await readImportFile({
      format: 'gift',
      fileName: 'a.gift',
      buffer: Buffer.from('[html]Lihat <img src\\="@@PLUGINFILE@@/a.png"> {=a ~b ~c}\n'),
    });
    expect(gift.dilewati.map((s) => s.alasan)).toEqual([importImageMessages.notInFile]);
  });
});

describe('Moodle XML export', () => {
  it('round-trips: what is exported imports back the same', async () => {
    const gift = await readImportFile({
      format: 'gift',
      fileName: 'soal.gift',
      buffer: fixture('soal.gift'),
    });
    const xml = await readImportFile({
      format: 'moodle_xml',
      fileName: 'a.xml',
      buffer: fixture('soal.moodle.xml'),
    });
    const tricky = {
      pertanyaan: '<p>Apakah <em>a &amp; b</em> ]]&gt; &lt;c&gt;?</p>',
      isi: {
        jenis: 'pilihan' as const,
        pilihan: ['x < y', 'a & b', ']]> akhir'].map((teks) => ({ teks, gambar: null })),
        kunci: 2,
      },
    };
    const questions = [...gift.soal, ...xml.soal].map(({ pertanyaan, isi }) => ({ pertanyaan, isi }));
    questions.push(tricky);
    const document = exportMoodleXml(
      'Bank / Kimia & Biologi',
      questions.map((q, i) => ({ nomor: i + 1, ...q })),
    );
    expect(document.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(document).toContain('<text>$course$/top/Bank - Kimia &amp; Biologi</text>');
    const back = await readImportFile({
      format: 'moodle_xml',
      fileName: 'ekspor.xml',
      buffer: Buffer.from(document),
    });
    expect(back.masalah).toEqual([]);
    expect(back.dilewati).toEqual([]);
    expect(back.soal.map(({ pertanyaan, isi }) => ({ pertanyaan, isi }))).toEqual(questions);
  });
});

/** One question of every kind (the contract's bodies), with an image in the text and one on an option. */
const png = readFileSync(new URL('./fixtures/semua-jenis.moodle.xml', import.meta.url), 'utf8').match(
  /encoding="base64">([^<]+)</,
)![1]!;
const imageUrl = (n: number) => `/v2/files/gambarujiekspor0000000000${n}?college-id=kampus-uji`;
const everyKind: Array<{ pertanyaan: string; isi: QuestionBody }> = [
  {
    pertanyaan: `<p>Perhatikan <img src="${imageUrl(1)}" alt="grafik" /> lalu pilih.</p>`,
    isi: {
      jenis: 'pilihan',
      pilihan: [
        { teks: 'a < b & c', gambar: null },
        { teks: '', gambar: imageUrl(2) },
        { teks: 'Lainnya', gambar: null },
      ],
      kunci: 1,
    },
  },
  {
    pertanyaan: '<p>Air membeku pada 0 °C.</p>',
    isi: { jenis: 'benar_salah', label: { benar: 'Benar', salah: 'Salah' }, kunci: false },
  },
  {
    pertanyaan: '<p>Apakah ini benar?</p>',
    isi: { jenis: 'benar_salah', label: { benar: 'Ya', salah: 'Tidak' }, kunci: true },
  },
  {
    pertanyaan: '<p>Jelaskan siklus air.</p>',
    isi: { jenis: 'esay', jenis_file_diterima: ['text'], kunci: '' },
  },
  {
    pertanyaan: '<p>Ibu kota Jawa Barat: {kota} = ?</p>',
    isi: {
      jenis: 'isian_singkat',
      jawaban: [
        { teks: 'Bandung', nilai: 100 },
        { teks: 'Kota ~ Bandung*', nilai: 50 },
      ],
      peka_huruf_besar: false,
    },
  },
  {
    pertanyaan: '<p>Percepatan gravitasi?</p>',
    isi: {
      jenis: 'numerik',
      jawaban: [
        { angka: 9.8, toleransi: 0.1, nilai: 100 },
        { angka: -10.25, toleransi: 0, nilai: 50 },
      ],
      satuan: [],
    },
  },
  {
    pertanyaan: '<p>Pilih bilangan prima.</p>',
    isi: {
      jenis: 'pilihan_kompleks',
      pilihan: ['2', '3', '4 # bukan'].map((teks) => ({ teks, gambar: null })),
      bobot: [50, 50, -100],
    },
  },
  {
    pertanyaan: '<p>Jodohkan.</p>',
    isi: {
      jenis: 'menjodohkan',
      pasangan: [
        { kiri: 'Jawa Barat', kanan: 'Bandung' },
        { kiri: 'Bali & NTB', kanan: 'Denpasar' },
      ],
      pengecoh: ['Medan'],
    },
  },
  {
    pertanyaan: '<p>Matahari terbit dari [[1]].</p>',
    isi: {
      jenis: 'isian_rumpang',
      rumpang: [{ jenis: 'pilihan', pilihan: ['barat', 'timur {}'], kunci: 1 }],
    },
  },
];
/** What only Moodle XML can say: units, case, two gaps of both kinds. */
const moodleOnly: Array<{ pertanyaan: string; isi: QuestionBody }> = [
  {
    pertanyaan: '<p>Panjang meja?</p>',
    isi: {
      jenis: 'numerik',
      jawaban: [{ angka: 1.5, toleransi: 0.01, nilai: 100 }],
      satuan: [
        { satuan: 'm', pengali: 1 },
        { satuan: 'cm', pengali: 100 },
      ],
    },
  },
  {
    pertanyaan: '<p>Lambang natrium?</p>',
    isi: { jenis: 'isian_singkat', jawaban: [{ teks: 'Na', nilai: 100 }], peka_huruf_besar: true },
  },
  {
    pertanyaan: '<p>Ibu kota [[1]] ada di pulau [[2]].</p>',
    isi: {
      jenis: 'isian_rumpang',
      rumpang: [
        {
          jenis: 'isian',
          jawaban: [
            { teks: 'Jakarta', nilai: 100 },
            { teks: 'DKI / Jakarta "#1"', nilai: 33.33333 },
          ],
          peka_huruf_besar: true,
        },
        { jenis: 'pilihan', pilihan: ['Sumatra', 'Jawa~', 'a } b'], kunci: 1 },
      ],
    },
  },
  {
    pertanyaan: '<p>Pilih dua.</p>',
    isi: {
      jenis: 'pilihan_kompleks',
      pilihan: ['a', 'b', 'c'].map((teks) => ({ teks, gambar: null })),
      bobot: weightsFromKeys(3, [0, 2]),
    },
  },
];
const exportImages = new Map([
  [imageUrl(1), { name: 'grafik suhu.png', base64: png }],
  [imageUrl(2), { name: 'pilihan.png', base64: png }],
]);
const numbered = (list: typeof everyKind) => list.map((q, i) => ({ nomor: i + 1, ...q }));

/** An imported question with the images' placeholders as the addresses they stood for in the export. */
function asExported(q: Awaited<ReturnType<typeof readImportFile>>['soal'][number]) {
  const urls = new Map<string, string>();
  const optionUrls = new Map<string, string>();
  for (const g of q.gambar ?? []) {
    const url = g.name.startsWith('grafik') ? imageUrl(1) : imageUrl(2);
    if (g.tempat) urls.set(g.tempat, url);
    else optionUrls.set(g.name, url);
    expect(Buffer.from(g.bytes).equals(Buffer.from(png, 'base64'))).toBe(true);
  }
  const isi =
    q.isi.jenis === 'pilihan' || q.isi.jenis === 'pilihan_kompleks'
      ? {
          ...q.isi,
          pilihan: q.isi.pilihan.map((o) => ({
            ...o,
            gambar: o.gambar ? (optionUrls.get(o.gambar.replace(/^berkas:/, '')) ?? o.gambar) : null,
          })),
        }
      : q.isi;
  return { pertanyaan: placeTextImages(q.pertanyaan, urls), isi };
}

describe('every kind, images included', () => {
  it('Moodle XML with every kind and an embedded PNG: each kind imports, the rest is skipped with its reason', async () => {
    const file = await readImportFile({
      format: 'moodle_xml',
      fileName: 'semua-jenis.xml',
      buffer: fixture('semua-jenis.moodle.xml'),
    });
    expect(file.masalah).toEqual([]);
    expect(file.soal.map((q) => [q.letak!.soal, q.isi.jenis])).toEqual([
      [1, 'pilihan'],
      [2, 'benar_salah'],
      [3, 'esay'],
      [4, 'isian_singkat'],
      [5, 'numerik'],
      [6, 'pilihan_kompleks'],
      [7, 'menjodohkan'],
      [8, 'isian_rumpang'],
      [9, 'isian_rumpang'],
      [10, 'isian_rumpang'],
    ]);
    const m = questionImportMessages;
    expect(file.dilewati.map((s) => [s.soal, s.jenis, s.alasan])).toEqual([
      [11, 'cloze', m.clozeNumerical],
      [12, 'description', m.unsupportedType('description')],
    ]);
    const [picture] = file.soal;
    // The text's image: an attachment, shown where Moodle showed it; the option's: its gambar.
    expect(picture!.pertanyaan).toBe(
      `<p>Perhatikan grafik <img src="${pendingTextImage(1)}" alt="grafik" /> berikut. Suhu tertinggi terjadi pada ...</p>`,
    );
    expect(picture!.gambar!.map((g) => [g.name, g.contentType, g.pilihan, g.tempat])).toEqual([
      ['grafik suhu.png', 'image/png', null, pendingTextImage(1)],
      ['malam.png', 'image/png', 2, null],
    ]);
    expect(picture!.isi).toMatchObject({ pilihan: [{}, {}, { teks: '', gambar: 'berkas:malam.png' }] });
    const bodies = Object.fromEntries(file.soal.map((q) => [q.letak!.soal, q.isi]));
    expect(bodies[4]).toEqual({
      jenis: 'isian_singkat',
      jawaban: [
        { teks: 'Bandung', nilai: 100 },
        { teks: 'Kota Bandung*', nilai: 50 },
      ],
      peka_huruf_besar: false,
    });
    // `*` with no credit is Moodle's catch-all feedback: left out. The base unit (multiplier 1) comes first.
    expect(bodies[5]).toEqual({
      jenis: 'numerik',
      jawaban: [
        { angka: 9.8, toleransi: 0.1, nilai: 100 },
        { angka: 10, toleransi: 0, nilai: 50 },
      ],
      satuan: [
        { satuan: 'm/s2', pengali: 1 },
        { satuan: 'cm/s2', pengali: 100 },
      ],
    });
    expect(bodies[6]).toMatchObject({ bobot: [50, 50, -100] });
    // A subquestion without text is a distractor.
    expect(bodies[7]).toEqual({
      jenis: 'menjodohkan',
      pasangan: [
        { kiri: 'Jawa Barat', kanan: 'Bandung' },
        { kiri: 'Bali', kanan: 'Denpasar' },
      ],
      pengecoh: ['Medan'],
    });
    const texts = Object.fromEntries(file.soal.map((q) => [q.letak!.soal, q.pertanyaan]));
    expect(texts[8]).toBe('<p>Ibu kota Indonesia adalah [[1]] dan terletak di pulau [[2]].</p>');
    expect(bodies[8]).toEqual({
      jenis: 'isian_rumpang',
      rumpang: [
        {
          jenis: 'isian',
          jawaban: [
            { teks: 'Jakarta', nilai: 100 },
            { teks: 'DKI Jakarta', nilai: 50 },
          ],
          peka_huruf_besar: false,
        },
        { jenis: 'pilihan', pilihan: ['Sumatra', 'Jawa', 'Bali'], kunci: 1 },
      ],
    });
    // gapselect: [[n]] names choice n among its group's choices; ddwtos the same, renumbered from [[1]].
    expect(bodies[9]).toEqual({
      jenis: 'isian_rumpang',
      rumpang: [
        { jenis: 'pilihan', pilihan: ['mamalia', 'hewan air', 'burung'], kunci: 0 },
        { jenis: 'pilihan', pilihan: ['mamalia', 'hewan air', 'burung'], kunci: 1 },
      ],
    });
    expect(texts[10]).toBe('<p>[[1]] terbit dari timur.</p>');
    expect(bodies[10]).toEqual({
      jenis: 'isian_rumpang',
      rumpang: [{ jenis: 'pilihan', pilihan: ['Bulan', 'Matahari'], kunci: 1 }],
    });
  });

  it('GIFT with every kind and a data: image: each kind imports, partial credit and descriptions are skipped', async () => {
    const file = await readImportFile({
      format: 'gift',
      fileName: 'semua-jenis.gift',
      buffer: fixture('semua-jenis.gift'),
    });
    expect(file.masalah).toEqual([]);
    expect(file.soal.map((q) => [q.letak!.soal, q.isi.jenis])).toEqual([
      [1, 'pilihan'],
      [2, 'benar_salah'],
      [3, 'esay'],
      [4, 'isian_singkat'],
      [5, 'numerik'],
      [6, 'numerik'],
      [7, 'pilihan_kompleks'],
      [8, 'menjodohkan'],
      [9, 'isian_rumpang'],
      [10, 'isian_rumpang'],
    ]);
    expect(file.dilewati.map((s) => [s.soal, s.baris, s.alasan])).toEqual([
      [11, 33, questionImportMessages.severalRightAnswers],
      [12, 35, questionImportMessages.unsupportedType('description')],
    ]);
    const [picture] = file.soal;
    expect(picture!.pertanyaan).toContain(`<img src="${pendingTextImage(1)}" alt="grafik" />`);
    expect(picture!.gambar!.map((g) => [g.name, g.contentType, g.pilihan])).toEqual([
      ['gambar-1.png', 'image/png', null],
    ]);
    const bodies = file.soal.map((q) => q.isi);
    expect(bodies[4]).toEqual({
      jenis: 'numerik',
      jawaban: [
        { angka: 9.8, toleransi: 0.1, nilai: 100 },
        { angka: 10, toleransi: 0, nilai: 50 },
      ],
      satuan: [],
    });
    // `{#1..2}`: the middle, half the span as the tolerance.
    expect(bodies[5]).toEqual({
      jenis: 'numerik',
      jawaban: [{ angka: 1.5, toleransi: 0.5, nilai: 100 }],
      satuan: [],
    });
    expect(bodies[7]).toMatchObject({ pengecoh: ['Medan'] });
    expect(file.soal[8]!.pertanyaan).toBe('<p>Matahari terbit dari [[1]].</p>');
    expect(file.soal[9]!.isi).toEqual({
      jenis: 'isian_rumpang',
      rumpang: [
        {
          jenis: 'isian',
          jawaban: [
            { teks: 'Jakarta', nilai: 100 },
            { teks: 'DKI Jakarta', nilai: 50 },
          ],
          peka_huruf_besar: false,
        },
      ],
    });
  });

  it('GIFT images: an option’s data: image is its gambar; a data: URL that is not a png or jpeg skips the question', async () => {
    const gif = Buffer.from('GIF89a-bukan-png').toString('base64');
    const escaped = (b64: string) => b64.replace(/=/g, '\\=');
    const gift = [
      `::Pilihan bergambar::[html]Mana yang merah? {=<img src\\="data\\:image/png;base64,${escaped(png)}"> ~Biru ~Hijau}`,
      `::Gif::[html]Lihat <img src\\="data\\:image/gif;base64,${escaped(gif)}"> {=a ~b ~c}`,
    ].join('\n\n');
    const file = await readImportFile({ format: 'gift', fileName: 'a.gift', buffer: Buffer.from(gift) });
    expect(file.soal).toHaveLength(1);
    expect(file.soal[0]!.isi).toMatchObject({
      pilihan: [{ teks: '', gambar: 'berkas:pilihan-1-gambar-1.png' }, { teks: 'Biru' }, { teks: 'Hijau' }],
    });
    expect(file.soal[0]!.gambar!.map((g) => [g.name, g.pilihan])).toEqual([['pilihan-1-gambar-1.png', 0]]);
    expect(file.dilewati.map((s) => [s.soal, s.alasan])).toEqual([
      [2, importImageMessages.notImage('gambar-1.gif')],
    ]);
  });

  it('Cloze: escapes, case-sensitive gaps; numerical, partial-credit choice and unequal weights are skipped', () => {
    const m = questionImportMessages;
    expect(readCloze('<p>{1:SAC:=a\\}b#ok~%50%c\\~d} dan {1:MCV:x~=y &amp; z}</p>')).toEqual({
      text: '<p>[[1]] dan [[2]]</p>',
      rumpang: [
        {
          jenis: 'isian',
          jawaban: [
            { teks: 'a}b', nilai: 100 },
            { teks: 'c~d', nilai: 50 },
          ],
          peka_huruf_besar: true,
        },
        { jenis: 'pilihan', pilihan: ['x', 'y & z'], kunci: 1 },
      ],
    });
    expect(readCloze('{1:NM:=4:0}')).toEqual({ skip: m.clozeNumerical });
    expect(readCloze('{1:MC:=a~%50%b}')).toEqual({ skip: m.clozePartialChoice });
    expect(readCloze('{1:MR:=a~b}')).toEqual({ skip: m.clozeGapType('MR') });
    expect(readCloze('{2:SA:=a} {1:SA:=b}')).toEqual({ skip: m.clozeWeights });
    expect(readCloze('tanpa rumpang')).toEqual({ skip: m.clozeNoGaps });
  });

  it('a question past the bank’s bounds (more answers than the form takes) is skipped with the bound', async () => {
    const answers = Array.from(
      { length: 21 },
      (_, i) => `<answer fraction="100"><text>j${i}</text></answer>`,
    );
    const xml = `<quiz><question type="shortanswer"><name><text>Banyak</text></name><questiontext><text>Apa?</text></questiontext>${answers.join('')}</question></quiz>`;
    const file = await readImportFile({ format: 'moodle_xml', fileName: 'a.xml', buffer: Buffer.from(xml) });
    expect(file.dilewati.map((s) => s.alasan)).toEqual([
      questionImportMessages.tooBig('jawaban paling banyak 20'),
    ]);
  });

  it('Moodle XML export → import gives the same questions of every kind, images carried as embedded files', async () => {
    const questions = [...everyKind, ...moodleOnly];
    const document = exportMoodleXml('Semua / Jenis', numbered(questions), exportImages);
    expect(document).toContain('<file name="grafik suhu.png" path="/" encoding="base64">');
    expect(document).toContain('@@PLUGINFILE@@/grafik%20suhu.png');
    expect(document).toContain('<question type="cloze">');
    const back = await readImportFile({
      format: 'moodle_xml',
      fileName: 'a.xml',
      buffer: Buffer.from(document),
    });
    expect(back.masalah).toEqual([]);
    expect(back.dilewati).toEqual([]);
    expect(back.soal.map(asExported)).toEqual(questions);
  });

  it('GIFT export → import gives the same questions of every kind GIFT can say; the others are named in comments', async () => {
    const document = exportGift('Semua Jenis', numbered([...everyKind, ...moodleOnly]), exportImages);
    expect(document).toContain('data\\:image/png;base64,');
    expect(document).toContain(
      '// Soal 10 (Numerik) "Panjang meja?" tidak dapat ditulis dalam GIFT: soal numerik dengan satuan.',
    );
    expect(document).toContain(
      '// Soal 11 (Isian Singkat) "Lambang natrium?" tidak dapat ditulis dalam GIFT',
    );
    expect(document).toContain('// Soal 12 (Isian Rumpang)');
    const back = await readImportFile({ format: 'gift', fileName: 'a.gift', buffer: Buffer.from(document) });
    expect(back.masalah).toEqual([]);
    expect(back.dilewati).toEqual([]);
    // GIFT names an option's image by its place; the image is the same.
    const restored = back.soal.map((q) =>
      asExported({
        ...q,
        gambar: q.gambar?.map((g) => ({ ...g, name: g.pilihan === null ? 'grafik suhu.png' : g.name })),
      }),
    );
    expect(restored).toEqual([...everyKind, moodleOnly[3]!]);
  });
});
