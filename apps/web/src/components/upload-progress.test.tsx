import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uploadPercent, uploadProgressText } from '../lib/upload-progress-text.ts';
import { UploadProgressBar, useUploadProgress } from './upload-progress.tsx';

describe('upload progress', { timeout: 20_000 }, () => {
  it('gives the percent and the bytes of the whole', () => {
    expect(uploadPercent({ loaded: 1_200_000, total: 4_800_000 })).toBe(25);
    expect(uploadPercent({ loaded: 10 })).toBeNull();
    expect(uploadProgressText({ loaded: 1_200_000, total: 4_800_000 })).toBe('1.2 MB dari 4.8 MB');
    expect(uploadProgressText({ loaded: 2_000 })).toBe('2 KB terkirim');
  });

  it('shows the bar once a send starts, and follows it', () => {
    const { result } = renderHook(() => useUploadProgress());
    expect(result.current.progress).toBeNull();
    act(() => result.current.start());
    expect(result.current.progress).toEqual({ loaded: 0 });
    act(() => result.current.onUploadProgress({ loaded: 500_000, total: 1_000_000 }));
    render(<UploadProgressBar progress={result.current.progress} />);
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Mengunggah 500 KB dari 1 MB');
  });

  it('shows nothing before a send', () => {
    const { container } = render(<UploadProgressBar progress={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
