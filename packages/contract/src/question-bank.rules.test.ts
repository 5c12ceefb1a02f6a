import { describe, expect, it } from 'vitest';
import {
  canAddBankQuestion,
  keyAttachmentExtensions,
  questionAttachmentExtensions,
  questionBankMessages,
  validateBankForm,
} from './question-bank.rules.ts';

describe('the bank modal (spec 3 §5)', () => {
  const valid = { judul: 'Bank', deskripsi: 'Latihan', id_mata_kuliah: 'IF1', id_dosen: null };

  it('needs judul ≤ 100, deskripsi ≤ 300, mata kuliah, and dosen when offered', () => {
    expect(validateBankForm(valid, { requireDosen: false })).toEqual([]);
    expect(validateBankForm({ ...valid, judul: 'x'.repeat(100) }, { requireDosen: false })).toEqual([]);
    expect(validateBankForm({ ...valid, judul: 'x'.repeat(101) }, { requireDosen: false })[0]?.message).toBe(
      questionBankMessages.judulTooLong,
    );
    expect(
      validateBankForm({ ...valid, deskripsi: 'x'.repeat(301) }, { requireDosen: false })[0]?.field,
    ).toBe('deskripsi');
    expect(
      validateBankForm({ judul: ' ', deskripsi: '', id_mata_kuliah: null }, { requireDosen: true }).map(
        (e) => e.field,
      ),
    ).toEqual(['judul', 'deskripsi', 'id_mata_kuliah', 'id_dosen']);
  });
});

describe('limits and attachments', () => {
  it("allows at most the college's limit of questions in a bank", () => {
    expect(canAddBankQuestion(99, 1, 100)).toBe(true);
    expect(canAddBankQuestion(100, 1, 100)).toBe(false);
    expect(canAddBankQuestion(90, 10, 100)).toBe(true);
    expect(canAddBankQuestion(90, 11, 100)).toBe(false);
    expect(canAddBankQuestion(1999, 1, 2000)).toBe(true);
  });

  it('takes the spec’s attachment types, keys without audio or video', () => {
    expect(questionAttachmentExtensions).toContain('mp3');
    expect(questionAttachmentExtensions).not.toContain('exe');
    expect(keyAttachmentExtensions).toContain('pdf');
    expect(keyAttachmentExtensions).not.toContain('mp3');
    expect(keyAttachmentExtensions).not.toContain('webm');
    expect(keyAttachmentExtensions).not.toContain('mp4');
  });
});
