import { describe, expect, it } from 'vitest';
import { answerFileExtensions, isAcceptedAnswerFile } from './exam-files.rules.ts';

describe('essay answer files', () => {
  it('accepts only the types the question allows', () => {
    expect(answerFileExtensions(['pdf', 'image'])).toEqual(['pdf', 'png', 'jpg', 'jpeg']);
    expect(isAcceptedAnswerFile(['pdf'], 'jawaban.PDF')).toBe(true);
    expect(isAcceptedAnswerFile(['pdf'], 'jawaban.docx')).toBe(false);
    expect(isAcceptedAnswerFile([], 'jawaban.pdf')).toBe(false);
    expect(isAcceptedAnswerFile(['text'], 'jawaban.txt')).toBe(false);
  });
});
