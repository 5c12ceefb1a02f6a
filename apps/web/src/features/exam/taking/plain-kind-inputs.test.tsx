import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnswerValue, QuestionBody } from '@lms/contract/exam.rules';
import type { Question } from '@lms/contract/exam.schema';
import { PlainQuestion } from './plain-question.tsx';
import { numericAnswerText, splitNumeric } from './plain-kind-inputs.tsx';

function question(isi: QuestionBody, pertanyaan = '<p>Pertanyaan</p>'): Question {
  return { id: 'q1', nomor: 3, jenis: isi.jenis, pertanyaan, isi };
}

function draw(isi: QuestionBody, answer: AnswerValue | null = null, pertanyaan?: string) {
  const onAnswer = vi.fn<(answer: AnswerValue, typing?: boolean) => void>();
  const view = render(
    <PlainQuestion
      question={question(isi, pertanyaan)}
      answer={answer}
      onAnswer={onAnswer}
      readOnly={false}
    />,
  );
  return { onAnswer, ...view };
}

// As the student gets them: without keys (withoutExtraKey).
const shortAnswer: QuestionBody = { jenis: 'isian_singkat', jawaban: [], peka_huruf_besar: false };
const numeric: QuestionBody = {
  jenis: 'numerik',
  jawaban: [],
  satuan: [
    { satuan: 'm/s2', pengali: 1 },
    { satuan: 'cm/s2', pengali: 100 },
  ],
};
const multiple: QuestionBody = {
  jenis: 'pilihan_kompleks',
  pilihan: [{ teks: 'SELECT' }, { teks: 'INSERT' }, { teks: 'UPDATE' }],
  bobot: null,
};
const matching: QuestionBody = {
  jenis: 'menjodohkan',
  pasangan: [
    { kiri: 'Indonesia', kanan: '' },
    { kiri: 'Jepang', kanan: '' },
  ],
  pengecoh: [],
  pilihan_kanan: ['Jakarta', 'Seoul', 'Tokyo'],
};
const gaps: QuestionBody = {
  jenis: 'isian_rumpang',
  rumpang: [
    { jenis: 'isian', jawaban: [], peka_huruf_besar: false },
    { jenis: 'pilihan', pilihan: ['DDL', 'DML'], kunci: null },
  ],
};
const gapsText = '<p>Perintah [[1]] termasuk kelompok [[2]].</p>';

describe('PlainQuestion, the kinds of issue 43', () => {
  it('Isian Singkat: a text box whose keystrokes are typing', () => {
    const { onAnswer } = draw(shortAnswer);
    fireEvent.change(screen.getByRole('textbox', { name: 'Jawaban soal 3' }), {
      target: { value: 'SELECT' },
    });
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'isian_singkat', teks: 'SELECT' }, true);
  });

  it('Isian Singkat: restored from a stored answer', () => {
    draw(shortAnswer, { jenis: 'isian_singkat', teks: 'tersimpan' });
    expect(screen.getByRole('textbox', { name: 'Jawaban soal 3' })).toHaveValue('tersimpan');
  });

  it('Numerik: the decimal keyboard, the number as typed with the unit picked', () => {
    const { onAnswer, rerender } = draw(numeric);
    const box = screen.getByRole('textbox', { name: 'Jawaban soal 3' });
    expect(box).toHaveAttribute('inputmode', 'decimal');
    const unit = screen.getByRole('combobox', { name: 'Satuan jawaban soal 3' });
    expect(unit).toHaveValue('m/s2');
    fireEvent.change(box, { target: { value: '9,8' } });
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'numerik', teks: '9,8 m/s2' }, true);
    rerender(
      <PlainQuestion
        question={question(numeric)}
        answer={{ jenis: 'numerik', teks: '9,8 m/s2' }}
        onAnswer={onAnswer}
        readOnly={false}
      />,
    );
    fireEvent.change(unit, { target: { value: 'cm/s2' } });
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'numerik', teks: '9,8 cm/s2' }, false);
  });

  it('Numerik: restored from a stored answer with its unit; one unit is shown, not asked', () => {
    draw(numeric, { jenis: 'numerik', teks: '980 cm/s2' });
    expect(screen.getByRole('textbox', { name: 'Jawaban soal 3' })).toHaveValue('980');
    expect(screen.getByRole('combobox', { name: 'Satuan jawaban soal 3' })).toHaveValue('cm/s2');
  });

  it('Numerik: a unit typed into the box wins over the list and is not doubled', () => {
    const onAnswer = vi.fn<(answer: AnswerValue, typing?: boolean) => void>();
    // As the page does: the answer given back to the question after each keystroke.
    let answer: AnswerValue | null = null;
    const view = render(
      <PlainQuestion question={question(numeric)} answer={answer} onAnswer={onAnswer} readOnly={false} />,
    );
    const box = screen.getByRole('textbox', { name: 'Jawaban soal 3' });
    for (const typed of ['980', '980 ', '980 c', '980 cm', '980 cm/s2']) {
      fireEvent.change(box, { target: { value: typed } });
      answer = onAnswer.mock.lastCall![0];
      view.rerender(
        <PlainQuestion question={question(numeric)} answer={answer} onAnswer={onAnswer} readOnly={false} />,
      );
      // What was typed stays in the box, the unit with it.
      expect(box).toHaveValue(typed);
    }
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'numerik', teks: '980 cm/s2' }, true);
    const unit = screen.getByRole('combobox', { name: 'Satuan jawaban soal 3' });
    expect(unit).toHaveValue('cm/s2');
    // Picking another unit replaces the typed one.
    fireEvent.change(unit, { target: { value: 'm/s2' } });
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'numerik', teks: '980 m/s2' }, false);
  });

  it('Numerik: a single unit is shown beside the box and the answer is the number alone', () => {
    const { onAnswer } = draw({ jenis: 'numerik', jawaban: [], satuan: [{ satuan: 'kg', pengali: 1 }] });
    expect(screen.getByText('kg')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Jawaban soal 3' }), { target: { value: '2.5' } });
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'numerik', teks: '2.5' }, true);
  });

  it('Pilihan Ganda Kompleks: checkboxes; picks in order, unpicking removes', () => {
    const { onAnswer } = draw(multiple, { jenis: 'pilihan_kompleks', pilihan: [2] });
    expect(screen.getByRole('checkbox', { name: /UPDATE/ })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: /SELECT/ }));
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'pilihan_kompleks', pilihan: [0, 2] }, false);
    fireEvent.click(screen.getByRole('checkbox', { name: /UPDATE/ }));
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'pilihan_kompleks', pilihan: [] }, false);
  });

  it('Menjodohkan: a list of the right-hand choices per left item, restored and changed', () => {
    const { onAnswer } = draw(matching, { jenis: 'menjodohkan', pasangan: ['Jakarta', null] });
    const indonesia = screen.getByRole('combobox', { name: 'Indonesia' });
    const japan = screen.getByRole('combobox', { name: 'Jepang' });
    expect(indonesia).toHaveValue('Jakarta');
    expect(japan).toHaveValue('');
    expect([...japan.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Pilih pasangan',
      'Jakarta',
      'Seoul',
      'Tokyo',
    ]);
    fireEvent.change(japan, { target: { value: 'Tokyo' } });
    expect(onAnswer).toHaveBeenLastCalledWith(
      { jenis: 'menjodohkan', pasangan: ['Jakarta', 'Tokyo'] },
      false,
    );
    fireEvent.change(indonesia, { target: { value: '' } });
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'menjodohkan', pasangan: [null, null] }, false);
  });

  it('Isian Rumpang: each [[n]] of the text becomes its box or list, in the text', () => {
    const { onAnswer, container } = draw(gaps, null, gapsText);
    expect(container.textContent).not.toContain('[[');
    const first = screen.getByRole('textbox', { name: 'Rumpang 1 soal 3' });
    const second = screen.getByRole('combobox', { name: 'Rumpang 2 soal 3' });
    expect(first.closest('p')?.textContent).toContain('termasuk kelompok');
    fireEvent.change(first, { target: { value: 'SELECT' } });
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'isian_rumpang', rumpang: ['SELECT', null] }, true);
    fireEvent.change(second, { target: { value: '1' } });
    expect(onAnswer).toHaveBeenLastCalledWith({ jenis: 'isian_rumpang', rumpang: [null, 1] }, false);
  });

  it('Isian Rumpang: restored from a stored answer', () => {
    draw(gaps, { jenis: 'isian_rumpang', rumpang: ['SELECT', 0] }, gapsText);
    expect(screen.getByRole('textbox', { name: 'Rumpang 1 soal 3' })).toHaveValue('SELECT');
    expect(screen.getByRole('combobox', { name: 'Rumpang 2 soal 3' })).toHaveValue('0');
  });

  it('read-only (closed or paused): every control is disabled', () => {
    render(
      <PlainQuestion
        question={question(matching)}
        answer={{ jenis: 'menjodohkan', pasangan: ['Jakarta', 'Tokyo'] }}
        onAnswer={() => undefined}
        readOnly
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Indonesia' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Indonesia' })).toHaveValue('Jakarta');
  });
});

describe('numericAnswerText', () => {
  const units = ['m/s2', 'cm/s2'];
  it('adds the unit picked to a bare number, and keeps a unit typed in the box', () => {
    expect(numericAnswerText('9,8', 'm/s2', units)).toBe('9,8 m/s2');
    expect(numericAnswerText(' 9,8 ', 'cm/s2', units)).toBe('9,8 cm/s2');
    expect(numericAnswerText('980 cm/s2', 'm/s2', units)).toBe('980 cm/s2');
    expect(numericAnswerText('980cm/s2', 'm/s2', units)).toBe('980cm/s2');
    // A unit the question does not list is the student's answer too (it earns nothing).
    expect(numericAnswerText('9,8 km', 'm/s2', units)).toBe('9,8 km');
    expect(numericAnswerText('', 'm/s2', units)).toBe('');
    expect(numericAnswerText('2.5', 'kg', ['kg'])).toBe('2.5');
  });
});

describe('splitNumeric', () => {
  const units = ['m/s2', 'cm/s2', 'm'];
  it('splits off one of the units, the longest that fits', () => {
    expect(splitNumeric('980 cm/s2', units)).toEqual({ number: '980', unit: 'cm/s2' });
    expect(splitNumeric('9,8m/s2', units)).toEqual({ number: '9,8', unit: 'm/s2' });
    expect(splitNumeric('12 m', units)).toEqual({ number: '12', unit: 'm' });
  });
  it('leaves a number without a unit (or with another) as typed', () => {
    expect(splitNumeric('9,', units)).toEqual({ number: '9,', unit: '' });
    expect(splitNumeric('5 km', ['m/s2'])).toEqual({ number: '5 km', unit: '' });
  });
});
