import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Question } from '@lms/contract/exam.schema';
import { QuestionView } from './question-view.tsx';

const essay: Question = {
  id: 'q1',
  nomor: 1,
  jenis: 'esay',
  pertanyaan: '<p>Jelaskan normalisasi.</p>',
  isi: { jenis: 'esay', jenis_file_diterima: [], kunci: '<p>Mengurangi redundansi.</p>' },
};

const choice: Question = {
  id: 'q2',
  nomor: 2,
  jenis: 'pilihan',
  pertanyaan: '<p>Kunci primer?</p>',
  isi: { jenis: 'pilihan', pilihan: [{ teks: 'NIM' }, { teks: 'Nama' }], kunci: 0 },
};

describe('QuestionView', () => {
  it("shows a student's unanswered essay as 'Belum dijawab'", () => {
    render(<QuestionView question={essay} answer={null} readOnly />);
    expect(screen.getByText('Belum dijawab')).toBeInTheDocument();
  });

  it("shows the editor's question with its key and no student's answer state (issue 45)", () => {
    render(<QuestionView question={essay} answer={null} readOnly hideAnswer />);
    expect(screen.queryByText('Belum dijawab')).not.toBeInTheDocument();
    expect(screen.getByText('Kunci jawaban:')).toBeInTheDocument();
  });

  it('draws read-only choices with the readable class, the chosen one checked', () => {
    render(<QuestionView question={choice} answer={{ jenis: 'pilihan', pilihan: 1 }} readOnly />);
    expect(screen.getByTestId('question')).toHaveClass('question-view--read-only');
    expect(screen.getByRole('radio', { name: /Nama/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Nama/ })).toBeDisabled();
  });

  it('leaves an answerable question without it', () => {
    render(<QuestionView question={choice} answer={null} onAnswer={() => undefined} />);
    expect(screen.getByTestId('question')).not.toHaveClass('question-view--read-only');
  });
});
