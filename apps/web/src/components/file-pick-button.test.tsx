import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FilePickButton } from './file-pick-button.tsx';

describe('FilePickButton', () => {
  it('opens the picker on click and hands over the chosen file', () => {
    const onPick = vi.fn();
    render(
      <FilePickButton accept=".xlsx" inputLabel="File Muat Semester" onPick={onPick}>
        Unggah File
      </FilePickButton>,
    );
    const input = screen.getByLabelText<HTMLInputElement>('File Muat Semester');
    expect(input.accept).toBe('.xlsx');
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Unggah File' }));
    expect(click).toHaveBeenCalledOnce();

    const file = new File(['x'], 'semester.xlsx');
    fireEvent.change(input, { target: { files: [file] } });
    expect(onPick).toHaveBeenCalledExactlyOnceWith(file);
  });
});
