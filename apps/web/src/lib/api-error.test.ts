import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromAnswer, capitalizeWords, normalizeApiError } from './api-error.ts';

function axiosError(status: number | undefined, data: unknown, message = 'Request failed', code?: string) {
  const config = { headers: new AxiosHeaders() };
  const response =
    status === undefined
      ? undefined
      : ({ status, data, statusText: '', headers: {}, config } as AxiosResponse);
  return new AxiosError(message, code, config, undefined, response);
}

describe('normalizeApiError (spec 1 §8)', () => {
  it('takes status.message, lowercased then capitalised by word', () => {
    const error = normalizeApiError(
      axiosError(401, { status: { code: 'invalid_credentials', message: 'Username atau password salah.' } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Username Atau Password Salah.');
    expect(error.statusCode).toBe(401);
    expect(error.code).toBe('invalid_credentials');
    expect(error.type).toBeUndefined();
  });

  it('keeps the envelope detail for callers that act on a code', () => {
    const detail = { syarat: 'kehadiran_uts', kekurangan: ['Kehadiran 60%'] };
    const error = normalizeApiError(
      axiosError(403, { status: { code: 'pembatasan_ujian_kehadiran', message: 'Dibatasi' }, detail }),
    );
    expect(error.detail).toEqual(detail);
  });

  it('falls back to detail.detail, then detail', () => {
    expect(normalizeApiError(axiosError(400, { detail: { detail: 'NIM TIDAK ADA' } })).message).toBe(
      'Nim Tidak Ada',
    );
    expect(normalizeApiError(axiosError(400, { detail: 'data rusak' })).message).toBe('Data Rusak');
  });

  it('falls back to the client message, then Terjadi kesalahan', () => {
    expect(normalizeApiError(axiosError(500, '<html>')).message).toBe('Request Failed');
    expect(normalizeApiError(axiosError(500, null, '')).message).toBe('Terjadi Kesalahan');
  });

  it('types network failures and gateway timeouts', () => {
    const network = normalizeApiError(axiosError(undefined, undefined, 'Network Error', 'ERR_NETWORK'));
    expect(network.type).toBe('Network Error');
    expect(network.statusCode).toBeUndefined();
    const timeout = normalizeApiError(axiosError(504, { status: { code: 'x', message: 'habis waktu' } }));
    expect(timeout.type).toBe('Gateway Timeout');
    expect(timeout.statusCode).toBe(504);
  });

  it('capitalises every word', () => {
    expect(capitalizeWords('sESI anda TELAH berakhir')).toBe('Sesi Anda Telah Berakhir');
  });
});

describe('apiErrorFromAnswer (fetch, the pages with their own entry)', () => {
  it('reads an error answer as normalizeApiError reads it through axios', () => {
    const body = { status: { code: 'invalid_credentials', message: 'Username atau password salah.' } };
    expect(apiErrorFromAnswer(401, body)).toEqual(normalizeApiError(axiosError(401, body)));
  });

  it('names a gateway timeout and an answer without the envelope by their status', () => {
    const gateway = apiErrorFromAnswer(504, '<html>Gateway Time-out</html>');
    expect(gateway.type).toBe('Gateway Timeout');
    expect(gateway.message).toBe('Request Failed With Status Code 504');
    expect(gateway.code).toBeUndefined();
  });
});
