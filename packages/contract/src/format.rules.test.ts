import { describe, expect, it } from 'vitest';
import {
  defaultUploadMaxBytes,
  fileContentInvalidMessage,
  fileTypeNotAllowedMessage,
  formatFileSize,
  formatPercent,
  isFileTooLarge,
  uploadTooLargeMessage,
} from './format.rules.ts';

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
