import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuestionMarkField, type MarkedQuestion } from './question-mark-field.tsx';

function draw(question: MarkedQuestion, closed = true) {
  const onSave = vi.fn<(nilai: number) => void>();
  const onRestore = vi.fn<() => void>();
  function Field() {
    const [value, setValue] = useState<number | null | undefined>(undefined);
    return (
      <QuestionMarkField
        question={question}
        value={value}
        onChange={setValue}
        closed={closed}
        busy={false}
        onSave={onSave}
        onRestore={onRestore}
      />
    );
  }
  render(<Field />);
  return {
    onSave,
    onRestore,
    input: screen.getByRole('spinbutton', { name: `Nilai soal ${question.nomor}` }),
  };
}

describe('QuestionMarkField', () => {
  it('offers a mark for an automatically marked kind, saying it is the automatic one', () => {
    const { onSave, input } = draw({
      id: 'q1',
      nomor: 2,
      jenis: 'isian_singkat',
      nilai: 0,
      nilai_dosen: false,
    });
    expect(input).toHaveValue('0');
    expect(screen.getByText('Otomatis')).toBeInTheDocument();
    expect(screen.queryByText('Diubah dosen')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kembalikan ke nilai otomatis' })).not.toBeInTheDocument();
    fireEvent.change(input, { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Nilai' }));
    expect(onSave).toHaveBeenCalledWith(100);
  });

  it("shows a lecturer's mark as Diubah dosen with the way back to the automatic mark", () => {
    const { onRestore, input } = draw({ id: 'q1', nomor: 4, jenis: 'numerik', nilai: 80, nilai_dosen: true });
    expect(input).toHaveValue('80');
    expect(screen.getByText('Diubah dosen')).toBeInTheDocument();
    expect(screen.queryByText('Otomatis')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Kembalikan ke nilai otomatis' }));
    expect(onRestore).toHaveBeenCalledOnce();
  });

  it('marks an essay by hand only: no automatic mark to show or return to', () => {
    draw({ id: 'q1', nomor: 3, jenis: 'esay', nilai: 70, nilai_dosen: true });
    expect(screen.queryByText('Otomatis')).not.toBeInTheDocument();
    expect(screen.queryByText('Diubah dosen')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kembalikan ke nilai otomatis' })).not.toBeInTheDocument();
  });

  it('saves nothing out of range', () => {
    const { onSave, input } = draw({ id: 'q1', nomor: 1, jenis: 'pilihan', nilai: 0, nilai_dosen: false });
    fireEvent.change(input, { target: { value: '150' } });
    expect(screen.getByRole('alert')).toHaveTextContent('0');
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Nilai' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps Simpan Nilai and the way back closed while the attempt is open', () => {
    draw({ id: 'q1', nomor: 1, jenis: 'pilihan', nilai: 100, nilai_dosen: true }, false);
    expect(screen.getByRole('button', { name: 'Simpan Nilai' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Kembalikan ke nilai otomatis' })).toBeDisabled();
  });
});
