import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GradingStepper, neighbourOf } from './grading-stepper.tsx';

describe('GradingStepper', { timeout: 20_000 }, () => {
  it('finds the neighbours and nothing past the ends', () => {
    const ids = ['a', 'b', 'c'];
    expect(neighbourOf(ids, 'b', 1)).toBe('c');
    expect(neighbourOf(ids, 'b', -1)).toBe('a');
    expect(neighbourOf(ids, 'a', -1)).toBeNull();
    expect(neighbourOf(ids, 'c', 1)).toBeNull();
    expect(neighbourOf(ids, 'x', 1)).toBeNull();
  });

  it('moves either way and stops at the ends', () => {
    const onMove = vi.fn();
    const { rerender } = render(<GradingStepper index={0} total={3} onMove={onMove} />);
    expect(screen.getByText('Mahasiswa 1 dari 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '‹ Sebelumnya' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Berikutnya ›' }));
    expect(onMove).toHaveBeenCalledWith(1);
    rerender(<GradingStepper index={2} total={3} onMove={onMove} noun="Kelompok" />);
    expect(screen.getByText('Kelompok 3 dari 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Berikutnya ›' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '‹ Sebelumnya' }));
    expect(onMove).toHaveBeenCalledWith(-1);
  });

  it('shows nothing with one to grade', () => {
    const { container } = render(<GradingStepper index={0} total={1} onMove={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
