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

const extra = (nomor: number, isi: Question['isi'], pertanyaan = '<p>Soal</p>'): Question => ({
  id: `k${nomor}`,
  nomor,
  jenis: isi.jenis,
  pertanyaan,
  isi,
});

describe('QuestionView, the kinds of issue 43 with their keys', () => {
  it('shows accepted answers, numbers with tolerance and units, weights and pairs', () => {
    render(
      <>
        <QuestionView
          hideAnswer
          answer={null}
          question={extra(1, {
            jenis: 'isian_singkat',
            jawaban: [
              { teks: 'Jakarta', nilai: 100 },
              { teks: 'DKI*', nilai: 50 },
            ],
            peka_huruf_besar: true,
          })}
        />
        <QuestionView
          hideAnswer
          answer={null}
          question={extra(2, {
            jenis: 'numerik',
            jawaban: [{ angka: 9.8, toleransi: 0.05, nilai: 100 }],
            satuan: [
              { satuan: 'm/s2', pengali: 1 },
              { satuan: 'cm/s2', pengali: 100 },
            ],
          })}
        />
        <QuestionView
          hideAnswer
          answer={null}
          question={extra(3, {
            jenis: 'pilihan_kompleks',
            pilihan: [{ teks: '2' }, { teks: '4' }, { teks: '3' }],
            bobot: [50, -100, 50],
          })}
        />
        <QuestionView
          hideAnswer
          answer={null}
          question={extra(4, {
            jenis: 'menjodohkan',
            pasangan: [
              { kiri: 'Indonesia', kanan: 'Jakarta' },
              { kiri: 'Malaysia', kanan: 'Kuala Lumpur' },
            ],
            pengecoh: ['Bangkok'],
          })}
        />
      </>,
    );
    expect(screen.getByText('Jakarta (100%)')).toBeInTheDocument();
    expect(screen.getByText('DKI* (50%)')).toBeInTheDocument();
    expect(screen.getByText('Peka huruf besar/kecil')).toBeInTheDocument();
    expect(screen.getByText('9,8 ± 0,05 m/s2 (100%)')).toBeInTheDocument();
    expect(screen.getByText('Satuan: m/s2, cm/s2 (× 100)')).toBeInTheDocument();
    expect(screen.getAllByText('Kunci 50%')).toHaveLength(2);
    expect(screen.getByText('-100%')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Pasangan soal 4' })).toHaveTextContent(
      'Indonesia → JakartaMalaysia → Kuala Lumpur',
    );
    expect(screen.getByText('Pengecoh: Bangkok')).toBeInTheDocument();
  });

  it('draws the gaps as boxes with their keys, and a student’s answers in them', () => {
    const question = extra(
      5,
      {
        jenis: 'isian_rumpang',
        rumpang: [
          { jenis: 'isian', jawaban: [{ teks: 'Jakarta', nilai: 100 }], peka_huruf_besar: false },
          { jenis: 'pilihan', pilihan: ['benar', 'salah'], kunci: 1 },
        ],
      },
      '<p>Ibu kota [[1]] itu <b>[[2]]</b>.</p>',
    );
    const { unmount } = render(<QuestionView hideAnswer answer={null} question={question} />);
    expect(screen.getByLabelText('Rumpang 1')).toHaveTextContent('1Jakarta');
    expect(screen.getByLabelText('Rumpang 2')).toHaveTextContent('2salah');
    expect(screen.getByText('salah (Kunci)')).toBeInTheDocument();
    unmount();
    render(
      <QuestionView
        readOnly
        answer={{ jenis: 'isian_rumpang', rumpang: ['<i>Bandung</i>', 0] }}
        question={question}
      />,
    );
    // What a student typed is text, never markup.
    expect(screen.getByLabelText('Rumpang 1')).toHaveTextContent('1<i>Bandung</i>');
    expect(screen.getByLabelText('Rumpang 2')).toHaveTextContent('2benar');
  });
});
