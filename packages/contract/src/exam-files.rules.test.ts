import { describe, expect, it } from 'vitest';
import { answerFileExtensions } from './exam-files.rules.ts';

describe('essay answer files', () => {
  it('accepts only the types the question allows', () => {
    expect(answerFileExtensions(['pdf', 'image'])).toEqual(['pdf', 'png', 'jpg', 'jpeg']);
    expect(answerFileExtensions(['pdf'])).toEqual(['pdf']);
    expect(answerFileExtensions([])).toEqual([]);
  });
});
