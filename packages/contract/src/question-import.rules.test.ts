import { describe, expect, it } from 'vitest';
import {
  checkImportFileName,
  excelTemplateFileName,
  importProblemLabel,
  questionImportMessages,
  skippedQuestionLabel,
} from './question-import.rules.ts';

describe('question import rules', () => {
  it('says where a problem is: Excel row and column, or question number and line', () => {
    expect(
      importProblemLabel({ baris: 4, kolom: 'C (Pilihan A)', pesan: 'Pilihan jawaban wajib diisi' }),
    ).toBe('Baris 4, kolom C (Pilihan A): Pilihan jawaban wajib diisi');
    expect(importProblemLabel({ soal: 2, baris: 7, pesan: 'Kunci jawaban wajib dipilih' })).toBe(
      'Soal ke-2 (baris 7): Kunci jawaban wajib dipilih',
    );
    expect(importProblemLabel({ soal: 3, pesan: 'Pilihan jawaban minimal 3' })).toBe(
      'Soal ke-3: Pilihan jawaban minimal 3',
    );
    expect(importProblemLabel({ pesan: 'File belum dipilih' })).toBe('File belum dipilih');
    expect(
      skippedQuestionLabel({
        soal: 5,
        baris: 20,
        jenis: 'shortanswer',
        nama: 'Lambang natrium',
        alasan: 'Jenis soal shortanswer tidak didukung',
      }),
    ).toBe('Soal ke-5 (baris 20) "Lambang natrium": Jenis soal shortanswer tidak didukung');
    expect(questionImportMessages.unsupportedType('matching')).toBe(
      'Jenis soal menjodohkan (matching) tidak didukung',
    );
    expect(questionImportMessages.unsupportedType('ddimageortext_baru')).toBe(
      'Jenis soal ddimageortext_baru tidak didukung',
    );
  });

  it('checks the file extension of each format', () => {
    expect(checkImportFileName('excel', 'Soal.XLSX')).toBeNull();
    expect(checkImportFileName('excel', 'soal.xls')).toBeNull();
    expect(checkImportFileName('excel', 'soal.csv')).toBe('File harus berekstensi .xls atau .xlsx');
    expect(checkImportFileName('gift', 'soal.txt')).toBeNull();
    expect(checkImportFileName('moodle_xml', 'soal.gift')).toBe('File Moodle XML harus berekstensi .xml');
    expect(checkImportFileName('aiken', 'soal')).toBe('File Aiken harus berekstensi .txt');
  });

  it('names templates and counts in its messages', () => {
    expect(excelTemplateFileName('benar_salah')).toBe('template-impor-soal-benar-salah.xlsx');
    expect(questionImportMessages.done(3, 0)).toBe('Berhasil mengimpor 3 soal.');
    expect(questionImportMessages.done(3, 2)).toBe('Berhasil mengimpor 3 soal. 2 soal dilewati.');
  });
});
