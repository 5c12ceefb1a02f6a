import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { fileExtension, uploadFailedMessage, uploadRefusal, uploadRefusals } from './upload-rules.ts';

const file = (name: string, size: number) => ({ name, size });

describe('upload rules', () => {
  it('refuses an extension outside the list, letter for letter', () => {
    expect(uploadRefusal(file('tugas.exe', 10), { accept: ['pdf', 'docx'] })).toBe(
      'File type .exe is not allowed',
    );
    expect(uploadRefusal(file('TUGAS.PDF', 10), { accept: ['pdf'] })).toBeNull();
    expect(fileExtension('tanpa-titik')).toBe('');
  });

  it('accepts any type when no list is given', () => {
    expect(uploadRefusal(file('apa-saja.xyz', 10))).toBeNull();
  });

  it('refuses a file over the limit with the limit in MB, two decimals, bytes / 1,000,000', () => {
    expect(uploadRefusal(file('besar.pdf', 10240 * 1024 + 1))).toBe(
      'Ukuran file tidak boleh lebih dari 10.49MB.',
    );
    expect(uploadRefusal(file('pas.pdf', 2_000_000), { maxBytes: 2_000_000 })).toBeNull();
    expect(uploadRefusal(file('lebih.pdf', 2_000_001), { maxBytes: 2_000_000 })).toBe(
      'Ukuran file tidak boleh lebih dari 2.00MB.',
    );
  });

  it('gives each file of a multiple choice its own refusal, by name, the size one as the uploader words it', () => {
    const result = uploadRefusals([file('a.pdf', 1), file('b.exe', 1), file('c.pdf', 3_000_000)], {
      accept: ['pdf'],
      maxBytes: 2_000_000,
    });
    expect(result.map((r) => r.refusal)).toEqual([
      null,
      'b.exe: File type .exe is not allowed',
      'c.pdf: Ukuran maksimal 2 MB',
    ]);
  });

  it('words a failed send with the server’s message', () => {
    expect(
      uploadFailedMessage(new ApiError('Ukuran Berkas Melebihi Batas', 413, undefined, 'payload_too_large')),
    ).toBe('Unggah gagal: Ukuran Berkas Melebihi Batas');
    expect(uploadFailedMessage('x')).toBe('Unggah gagal: Terjadi kesalahan');
  });
});
