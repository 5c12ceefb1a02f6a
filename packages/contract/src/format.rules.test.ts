import { describe, expect, it } from 'vitest';
import {
  defaultUploadMaxBytes,
  fileContentInvalidMessage,
  fileTypeNotAllowedMessage,
  formatFileSize,
  formatNumber,
  formatPercent,
  isFileTooLarge,
  uploadTooLargeMessage,
} from './format.rules.ts';

describe('formatNumber', () => {
  it('gives 0 for empty values', () => {
    expect(formatNumber(null)).toBe('0');
    expect(formatNumber(undefined)).toBe('0');
    expect(formatNumber('')).toBe('0');
    expect(formatNumber('abc')).toBe('0');
  });
  it('keeps whole values and gives two decimals otherwise', () => {
    expect(formatNumber(85)).toBe('85');
    expect(formatNumber('90')).toBe('90');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(85.5)).toBe('85.50');
    expect(formatNumber(2 / 3)).toBe('0.67');
    expect(formatNumber(2 / 3, 1)).toBe('0.7');
  });
});

describe('formatFileSize', () => {
  it('steps by 1000 through B, KB, MB and GB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(999)).toBe('999 B');
    expect(formatFileSize(1000)).toBe('1 KB');
    expect(formatFileSize(1500)).toBe('1.5 KB');
    expect(formatFileSize(2_345_678)).toBe('2.35 MB');
    expect(formatFileSize(3_000_000_000)).toBe('3 GB');
    expect(formatFileSize(4_200_000_000_000)).toBe('4200 GB');
    expect(formatFileSize(null)).toBe('0 B');
  });
});

describe('formatPercent', () => {
  it('shows one decimal', () => {
    expect(formatPercent(75)).toBe('75.0%');
    expect(formatPercent(66.666)).toBe('66.7%');
    expect(formatPercent(null)).toBe('0.0%');
  });
});

describe('upload size', () => {
  it('words the limit as bytes / 1,000,000 with two decimals', () => {
    expect(uploadTooLargeMessage(defaultUploadMaxBytes)).toBe('Ukuran file tidak boleh lebih dari 10.49MB.');
    expect(uploadTooLargeMessage(2_000_000)).toBe('Ukuran file tidak boleh lebih dari 2.00MB.');
    expect(uploadTooLargeMessage(1_500_000)).toBe('Ukuran file tidak boleh lebih dari 1.50MB.');
  });
  it('flags files over the limit only', () => {
    expect(isFileTooLarge(defaultUploadMaxBytes)).toBe(false);
    expect(isFileTooLarge(defaultUploadMaxBytes + 1)).toBe(true);
    expect(isFileTooLarge(2_000_001, 2_000_000)).toBe(true);
  });
});

describe('upload refusals', () => {
  it('words a refused extension as spec 2 §5 and a file whose content lies in Indonesian', () => {
    expect(fileTypeNotAllowedMessage('exe')).toBe('File type .exe is not allowed');
    expect(fileContentInvalidMessage('png')).toBe('Isi berkas tidak sesuai dengan format .png.');
  });
});
