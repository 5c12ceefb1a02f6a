import { describe, expect, it } from 'vitest';
import { entryPageFor } from './web-entries.rules.ts';

describe('entryPageFor', () => {
  it('sends the exam page its own entry', () => {
    expect(entryPageFor('/ujian/abc-1/soal')).toBe('exam.html');
    expect(entryPageFor('/ujian/abc-1/soal/')).toBe('exam.html');
  });

  it('sends the sign-in page its own entry', () => {
    expect(entryPageFor('/login')).toBe('login.html');
    expect(entryPageFor('/login/')).toBe('login.html');
  });

  it('sends the forgotten-password pages the sign-in entry', () => {
    expect(entryPageFor('/lupa-kata-sandi')).toBe('login.html');
    expect(entryPageFor('/reset-kata-sandi')).toBe('login.html');
  });

  it('sends every other client route the app', () => {
    for (const path of [
      '/',
      '/beranda',
      '/oauth',
      '/ujian/abc-1',
      '/ujian/a/b/soal',
      '/login/x',
      '/loginx',
    ]) {
      expect(entryPageFor(path)).toBe('index.html');
    }
  });
});
