import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { examMessages } from '@lms/contract/exam.rules';
import {
  importProblemLabel,
  questionImportMessages,
  skippedQuestionLabel,
  type ExcelTemplateKind,
} from '@lms/contract/question-import.rules';
import { richTextProblems, xssCorpus } from '../../testing/xss-corpus.ts';
import { buildExcelTemplate, templateColumns, templateSheetName } from './excel-template.ts';
import { decodeText, readImportFile } from './import-file.ts';
import { importImageMessages } from './imported-question.ts';
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
  it.each(['pilihan', 'benar_salah', 'esai'] as const)(
    'the %s template has its columns, drop-downs and a guide',
    async (kind) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await buildExcelTemplate(kind)) as unknown as ArrayBuffer);
      expect(book.worksheets.map((w) => w.name)).toEqual([templateSheetName(kind), 'Petunjuk']);
      const sheet = book.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(headers).toEqual([...templateColumns[kind]]);
      const keyCell = sheet.getRow(2).getCell(templateColumns[kind].indexOf('Kunci Jawaban') + 1);
      if (kind === 'esai') expect(keyCell.dataValidation?.type).toBeUndefined();
      else
        expect(keyCell.dataValidation?.formulae).toEqual([
          kind === 'pilihan' ? '"A,B,C,D,E"' : '"Benar,Salah"',
        ]);
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
  it('maps multiple choice, true/false and essay, and names every skipped question', async () => {
    const result = await readImportFile({
      format: 'gift',
      fileName: 'soal.gift',
      buffer: fixture('soal.gift'),
    });
    expect(result.masalah).toEqual([]);
    expect(result.soal.map((q) => [q.isi.jenis, 'kunci' in q.isi ? q.isi.kunci : undefined])).toEqual([
      ['pilihan', 0],
      ['pilihan', 0],
      ['benar_salah', true],
      ['benar_salah', false],
      ['esay', ''],
      ['pilihan', 0],
    ]);
    expect(result.soal[1]!.pertanyaan).toBe('Ibu kota <b>Indonesia</b> adalah ...');
    expect(result.soal[0]!.isi).toMatchObject({
      pilihan: [
        { teks: 'fotosintesis' },
        { teks: 'respirasi' },
        { teks: 'transpirasi' },
        { teks: 'osmosis' },
      ],
    });
    expect(result.soal[5]!.pertanyaan).toBe('<p>Tumbuhan hijau _____ karbon dioksida pada siang hari.</p>');
    expect(result.soal.map((q) => q.letak)).toEqual(
      [6, 13, 16, 18, 20, 22].map((baris, i) => ({ soal: i + 1, baris })),
    );
    const m = questionImportMessages;
    expect(result.dilewati).toEqual([
      {
        soal: 7,
        baris: 24,
        jenis: 'short answer',
        nama: 'Tembak',
        alasan: m.unsupportedType('short answer'),
      },
      { soal: 8, baris: 26, jenis: 'matching', nama: 'Pasangan', alasan: m.unsupportedType('matching') },
      { soal: 9, baris: 32, jenis: 'numerical', nama: 'Angka', alasan: m.unsupportedType('numerical') },
      { soal: 10, baris: 34, jenis: 'multiple choice', nama: 'Ganda', alasan: m.severalRightAnswers },
      {
        soal: 11,
        baris: 36,
        jenis: 'description',
        nama: 'Bagian ini hanya keterangan tanpa jawaban.',
        alasan: m.unsupportedType('description'),
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
  it('maps multichoice, truefalse and essay; skips the rest by name; removes scripts', async () => {
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
    ]);
    expect(result.dilewati.map((s) => [s.soal, s.jenis, s.nama, s.alasan])).toEqual([
      [5, 'shortanswer', 'Lambang natrium', 'Jenis soal isian singkat (shortanswer) tidak didukung'],
      [6, 'numerical', 'Nomor atom karbon', 'Jenis soal numerik (numerical) tidak didukung'],
      [7, 'matching', 'Pasangan unsur', 'Jenis soal menjodohkan (matching) tidak didukung'],
      [8, 'multichoice', 'Unsur logam (pilih dua)', questionImportMessages.severalRightAnswers],
      [9, 'cloze', 'Isian', 'Jenis soal isian rumpang (cloze) tidak didukung'],
      [10, 'description', 'Keterangan bagian II', 'Jenis soal deskripsi (description) tidak didukung'],
    ]);
    expect(result.dilewati[0]!.baris).toBe(102);
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
      'Soal ke-4 (baris 22) "Isian singkat": Jenis soal isian singkat (shortanswer) tidak didukung',
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

  it('GIFT test fixture: essay, true/false, multiple choice import; text after a closing brace is read', async () => {
    const file = await moodleFile('questions.gift.txt', 'gift');
    expect(file.imported).toEqual([
      [1, 'esay'],
      [3, 'pilihan'],
      [7, 'benar_salah'],
      [8, 'benar_salah'],
      [9, 'benar_salah'],
    ]);
    expect(file.skipped).toEqual({
      2: unsupported('matching'),
      4: m.severalRightAnswers,
      5: unsupported('numerical'),
      6: unsupported('short answer'),
    });
    expect(file.dilewati.find((s) => s.soal === 5)).toMatchObject({ baris: 31, nama: 'Q5' });
    // `{FALSE#…}";`: the text after the brace stays part of the question, as in Moodle.
    expect(file.soal[2]!.pertanyaan).toContain('42 is the Absolute Answer to everything.');
    expect(file.soal[2]!.isi).toMatchObject({ jenis: 'benar_salah', kunci: false });
  });

  it('GIFT documentation examples: 18 import, 25 skipped each with a reason; escapes are kept', async () => {
    const file = await moodleFile('examples.gift.txt', 'gift');
    expect(file.imported).toHaveLength(18);
    expect(file.dilewati).toHaveLength(25);
    expect(file.dilewati.every((s) => s.baris != null && s.alasan)).toBe(true);
    const control = file.soal.find((q) => q.pertanyaan.includes('NOT a control character'))!;
    expect(control.isi).toEqual({
      jenis: 'pilihan',
      pilihan: ['~', '=', '#', '{', '}', '\\'].map((teks) => ({ teks, gambar: null })),
      kunci: 5,
    });
    expect(file.soal[1]!.pertanyaan).toBe("<p>Grant is _____ in Grant's tomb.</p>");
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

  it('Moodle XML fixtures: nested categories are not questions; cloze is skipped; Moodle 1.9 images import', async () => {
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
    expect(images.imported).toEqual([[2, 'pilihan']]);
    expect(images.skipped).toEqual({ 1: unsupported('cloze') });
    // `<image>moodle.png</image>` with its `<image_base64>`: decoded, checked as a png, the question's.
    const [image] = images.soal[0]!.gambar!;
    expect(image).toMatchObject({
      name: 'moodle.png',
      extension: 'png',
      contentType: 'image/png',
      pilihan: null,
    });
    expect(Buffer.from(image!.bytes).subarray(1, 4).toString()).toBe('PNG');
    expect(images.soal[0]!.berkas).toBeUndefined();
  });

  it('Moodle XML written after the documentation: each kind imports or is skipped with its reason', async () => {
    const file = await moodleFile('docs-format.moodle.xml', 'moodle_xml');
    expect(file.imported).toEqual([
      [1, 'pilihan'],
      // Two answers Ya/Tidak: a benar_salah.
      [2, 'benar_salah'],
      [3, 'benar_salah'],
      [6, 'pilihan'],
      [8, 'esay'],
    ]);
    expect(file.skipped).toEqual({
      4: unsupported('shortanswer'),
      5: unsupported('matching'),
      7: unsupported('cloze'),
      9: unsupported('description'),
    });
    // `@@PLUGINFILE@@/tabel.png` with its `<file>`: an attachment of the question; the text keeps its words.
    const withImage = file.soal.find((q) => q.letak!.soal === 6)!;
    expect(withImage.pertanyaan).toBe('<p>Golongan yang ditandai pada gambar adalah ...</p>');
    expect(withImage.gambar!.map((g) => [g.name, g.extension, g.pilihan])).toEqual([
      ['tabel.png', 'png', null],
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
    // A text that is only a picture is not empty.
    expect(onlyImage!.pertanyaan).toBe('<p>Perhatikan gambar.</p>');
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
