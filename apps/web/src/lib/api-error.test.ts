import { describe, expect, it } from 'vitest';
import {
  ApiError,
  apiErrorFromAnswer,
  capitalizeWords,
  fieldErrorsOf,
  normalizeApiError,
} from './api-error.ts';

describe('apiErrorFromAnswer (spec 1 §8)', () => {
  it('takes status.message, lowercased then capitalised by word', () => {
    const error = apiErrorFromAnswer(401, {
      status: { code: 'invalid_credentials', message: 'Username atau password salah.' },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Username Atau Password Salah.');
    expect(error.statusCode).toBe(401);
    expect(error.code).toBe('invalid_credentials');
    expect(error.type).toBeUndefined();
  });

  it('keeps the envelope detail for callers that act on a code', () => {
    const detail = { syarat: 'kehadiran_uts', kekurangan: ['Kehadiran 60%'] };
    const error = apiErrorFromAnswer(403, {
      status: { code: 'pembatasan_ujian_kehadiran', message: 'Dibatasi' },
      detail,
    });
    expect(error.detail).toEqual(detail);
  });

  it('falls back to detail.detail, then detail', () => {
    expect(apiErrorFromAnswer(400, { detail: { detail: 'NIM TIDAK ADA' } }).message).toBe('Nim Tidak Ada');
    expect(apiErrorFromAnswer(400, { detail: 'data rusak' }).message).toBe('Data Rusak');
  });

  it('names a gateway timeout and an answer without the envelope by their status', () => {
    const gateway = apiErrorFromAnswer(504, '<html>Gateway Time-out</html>');
    expect(gateway.type).toBe('Gateway Timeout');
    expect(gateway.statusCode).toBe(504);
    expect(gateway.message).toBe('Request Failed With Status Code 504');
    expect(gateway.code).toBeUndefined();
  });

  it('turns anything else thrown into an ApiError with its message, else Terjadi kesalahan', () => {
    const kept = new ApiError('Sudah', 409, undefined, 'x');
    expect(normalizeApiError(kept)).toBe(kept);
    expect(normalizeApiError(new Error('rusak sekali')).message).toBe('Rusak Sekali');
    expect(normalizeApiError('?').message).toBe('Terjadi Kesalahan');
  });

  it('capitalises every word', () => {
    expect(capitalizeWords('sESI anda TELAH berakhir')).toBe('Sesi Anda Telah Berakhir');
  });

  it("keeps the server's field errors of the form's fields, named without body.", () => {
    const fields = [
      { field: 'body.nama', message: 'Nama wajib diisi.' },
      { field: 'email', message: 'Format email tidak valid.' },
      { field: 'body.lain', message: 'Bukan milik formulir.' },
    ];
    const error = new ApiError('Data tidak valid', 400, undefined, 'validation_failed', { fields });
    expect(fieldErrorsOf(error, ['nama', 'email'])).toEqual([
      { field: 'nama', message: 'Nama wajib diisi.' },
      { field: 'email', message: 'Format email tidak valid.' },
    ]);
    expect(fieldErrorsOf(new Error('jaringan'), ['nama'])).toEqual([]);
  });
});
