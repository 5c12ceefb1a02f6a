import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Question } from '@lms/contract/exam.schema';
import { gapNumbers } from '@lms/contract/question-kinds.rules';
import { ToastProvider } from './toasts.tsx';
import { QuestionEditorModal, type QuestionSave } from './question-editor-modal.tsx';
import { alignGaps, blankGap, removeGap } from './question-gap-rules.ts';

beforeAll(() => {
  // jsdom lays nothing out: ProseMirror scrolling to the cursor after an insert asks for rectangles.
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

function renderEditor(question?: Question) {
  const onSave = vi.fn<(input: QuestionSave) => Promise<void>>(async () => undefined);
  render(
    <ToastProvider>
      <QuestionEditorModal open question={question} onSave={onSave} onClose={() => {}} />
    </ToastProvider>,
  );
  return onSave;
}

async function chooseKind(label: string) {
  fireEvent.mouseDown(screen.getByLabelText('Jenis Soal'));
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${label}"]`),
    ].find((el) => !el.closest('.ant-select-dropdown-hidden'));
    if (!found) throw new Error(`option ${label} not shown`);
    return found;
  });
  fireEvent.click(within(item).getByText(label));
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

/** The question text: typed into the rich text editor's area as the editor reads it. */
async function ask(text: string) {
  const box = await screen.findByRole('textbox', { name: 'Pertanyaan' });
  box.innerHTML = `<p>${text}</p>`;
  fireEvent.input(box);
  await waitFor(() => expect(box.textContent).toBe(text));
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));

async function saved(onSave: ReturnType<typeof renderEditor>): Promise<QuestionSave> {
  await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
  return onSave.mock.calls[0]![0];
}

describe('QuestionEditorModal, the kinds of issue 43', { timeout: 180_000 }, () => {
  it('offers all eight kinds', async () => {
    renderEditor();
    fireEvent.mouseDown(screen.getByLabelText('Jenis Soal'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(8));
    expect(document.querySelector('.ant-select-item-option[title="Pilihan Ganda Kompleks"]')).not.toBeNull();
  });

  it('makes a short answer with two accepted answers and the case switch, errors under the field first', async () => {
    const onSave = renderEditor();
    await chooseKind('Isian Singkat');
    await ask('Ibu kota Indonesia?');
    save();
    expect(await screen.findAllByText('Jawaban yang diterima wajib diisi')).not.toHaveLength(0);
    expect(document.querySelector('[data-field="jawaban"]')).toHaveTextContent(
      'Jawaban yang diterima wajib diisi',
    );
    expect(onSave).not.toHaveBeenCalled();
    type('Jawaban 1', 'Jakarta');
    // The message goes as soon as the field is right.
    await waitFor(() => expect(document.querySelector('[data-field="jawaban"]')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /Tambah Jawaban/ }));
    type('Jawaban 2', 'DKI*');
    fireEvent.change(screen.getByRole('textbox', { name: 'Nilai jawaban 2' }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Peka huruf besar/kecil' }));
    expect(screen.getByText(/Tanda \* cocok dengan karakter apa pun/)).toBeInTheDocument();
    save();
    expect((await saved(onSave)).isi).toEqual({
      jenis: 'isian_singkat',
      jawaban: [
        { teks: 'Jakarta', nilai: 100 },
        { teks: 'DKI*', nilai: 50 },
      ],
      peka_huruf_besar: true,
    });
  });

  it('makes a numerical question from comma decimals, with units', async () => {
    const onSave = renderEditor();
    await chooseKind('Numerik');
    await ask('Percepatan gravitasi?');
    type('Angka 1', '9,8');
    type('Toleransi 1', '0,05');
    fireEvent.click(screen.getByRole('button', { name: /Tambah Satuan/ }));
    fireEvent.click(screen.getByRole('button', { name: /Tambah Satuan/ }));
    type('Satuan 1', 'm/s2');
    type('Satuan 2', 'cm/s2');
    save();
    expect(document.querySelector('[data-field="satuan"]')).toHaveTextContent(
      'Pengali satuan harus lebih dari 0',
    );
    type('Pengali satuan 2', '100');
    expect(screen.getByRole('textbox', { name: 'Pengali satuan 1' })).toBeDisabled();
    save();
    expect((await saved(onSave)).isi).toEqual({
      jenis: 'numerik',
      jawaban: [{ angka: 9.8, toleransi: 0.05, nilai: 100 }],
      satuan: [
        { satuan: 'm/s2', pengali: 1 },
        { satuan: 'cm/s2', pengali: 100 },
      ],
    });
  });

  it('weighs a multiple-answers question from the ticks, and by typed weights in Atur bobot', async () => {
    const onSave = renderEditor();
    await chooseKind('Pilihan Ganda Kompleks');
    await ask('Bilangan prima?');
    fireEvent.click(screen.getByRole('button', { name: /Tambah Pilihan/ }));
    ['2', '3', '4', '9'].forEach((t, i) => type(`Pilihan ${i + 1}`, t));
    save();
    expect(document.querySelector('[data-field="bobot"]')).toHaveTextContent('Kunci jawaban wajib dipilih');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pilihan 1 benar' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Pilihan 2 benar' }));
    // weightsFromKeys: each right 50 %, each wrong −50 %.
    expect(screen.getByLabelText('Bobot pilihan 1')).toHaveTextContent('50%');
    expect(screen.getByLabelText('Bobot pilihan 3')).toHaveTextContent('-50%');
    fireEvent.click(screen.getByRole('switch', { name: 'Atur bobot' }));
    type('Bobot pilihan 1', '60');
    save();
    expect(document.querySelector('[data-field="bobot"]')).toHaveTextContent(
      'Jumlah bobot pilihan yang benar harus 100%',
    );
    type('Bobot pilihan 2', '40');
    type('Bobot pilihan 4', '-12,5');
    save();
    expect((await saved(onSave)).isi).toEqual({
      jenis: 'pilihan_kompleks',
      pilihan: [{ teks: '2' }, { teks: '3' }, { teks: '4' }, { teks: '9' }],
      bobot: [60, 40, -50, -12.5],
    });
  });

  it('makes a matching question with a distractor', async () => {
    const onSave = renderEditor();
    await chooseKind('Menjodohkan');
    await ask('Jodohkan negara dan ibu kotanya.');
    type('Kiri 1', 'Indonesia');
    type('Kanan 1', 'Jakarta');
    type('Kiri 2', 'Malaysia');
    save();
    expect(document.querySelector('[data-field="pasangan"]')).toHaveTextContent(
      'Setiap pasangan wajib diisi kiri dan kanan',
    );
    type('Kanan 2', 'Kuala Lumpur');
    fireEvent.click(screen.getByRole('button', { name: /Tambah Pengecoh/ }));
    type('Pengecoh 1', 'Bangkok');
    save();
    expect((await saved(onSave)).isi).toEqual({
      jenis: 'menjodohkan',
      pasangan: [
        { kiri: 'Indonesia', kanan: 'Jakarta' },
        { kiri: 'Malaysia', kanan: 'Kuala Lumpur' },
      ],
      pengecoh: ['Bangkok'],
    });
  });

  it('inserts gaps at the end of the text, with a choice gap and a short-answer gap', async () => {
    const onSave = renderEditor();
    await chooseKind('Isian Rumpang');
    await ask('Ibu kota Indonesia adalah');
    save();
    expect(document.querySelector('[data-field="pertanyaan"]')).toHaveTextContent(
      'Pertanyaan harus memuat rumpang, misalnya [[1]]',
    );
    fireEvent.click(screen.getByRole('button', { name: /Sisipkan Rumpang/ }));
    const box = screen.getByRole('textbox', { name: 'Pertanyaan' });
    await waitFor(() => expect(box.textContent).toBe('Ibu kota Indonesia adalah[[1]]'));
    type('Rumpang 1 jawaban 1', 'Jakarta');
    fireEvent.click(screen.getByRole('button', { name: /Sisipkan Rumpang/ }));
    await waitFor(() => expect(box.textContent).toContain('[[2]]'));
    const gap2 = screen.getByRole('region', { name: 'Rumpang 2' });
    fireEvent.click(within(gap2).getByText('Pilihan'));
    type('Rumpang 2 pilihan 1', 'benar');
    type('Rumpang 2 pilihan 2', 'salah');
    save();
    expect(document.querySelector('[data-field="rumpang.1"]')).toHaveTextContent(
      'Kunci rumpang wajib dipilih',
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Kunci rumpang 2 pilihan 1' }));
    save();
    const input = await saved(onSave);
    expect(gapNumbers(input.pertanyaan)).toEqual([1, 2]);
    expect(input.isi).toEqual({
      jenis: 'isian_rumpang',
      rumpang: [
        { jenis: 'isian', jawaban: [{ teks: 'Jakarta', nilai: 100 }], peka_huruf_besar: false },
        { jenis: 'pilihan', pilihan: ['benar', 'salah'], kunci: 0 },
      ],
    });
  });

  it('deletes a gap with its marker and renumbers the rest', async () => {
    const onSave = renderEditor({
      id: 'g1',
      nomor: 4,
      jenis: 'isian_rumpang',
      pertanyaan: '<p>[[1]] dan [[2]] dan [[3]]</p>',
      isi: {
        jenis: 'isian_rumpang',
        rumpang: [
          { jenis: 'isian', jawaban: [{ teks: 'a', nilai: 100 }], peka_huruf_besar: false },
          { jenis: 'isian', jawaban: [{ teks: 'b', nilai: 100 }], peka_huruf_besar: false },
          { jenis: 'pilihan', pilihan: ['c', 'd'], kunci: 1 },
        ],
      },
    });
    await screen.findByText('Ubah Soal Nomor 4');
    fireEvent.click(screen.getByRole('button', { name: 'Hapus rumpang 2' }));
    save();
    const input = await saved(onSave);
    expect(input.pertanyaan).toBe('<p>[[1]] dan  dan [[2]]</p>');
    expect(input.isi).toEqual({
      jenis: 'isian_rumpang',
      rumpang: [
        { jenis: 'isian', jawaban: [{ teks: 'a', nilai: 100 }], peka_huruf_besar: false },
        { jenis: 'pilihan', pilihan: ['c', 'd'], kunci: 1 },
      ],
    });
  });

  it('offers the right-hand choices of a matching question copied without its key, the rest kept as distractors', async () => {
    const onSave = renderEditor({
      id: 'salinan',
      nomor: 1,
      jenis: 'menjodohkan',
      pertanyaan: '<p>Jodohkan.</p>',
      isi: {
        jenis: 'menjodohkan',
        pasangan: [
          { kiri: 'Indonesia', kanan: '' },
          { kiri: 'Malaysia', kanan: '' },
        ],
        pengecoh: [],
        pilihan_kanan: ['Bangkok', 'Jakarta', 'Kuala Lumpur'],
      },
    });
    await screen.findByText(/disalin tanpa kunci/);
    for (const [name, choice] of [
      ['Kanan 1', 'Jakarta'],
      ['Kanan 2', 'Kuala Lumpur'],
    ] as const) {
      fireEvent.mouseDown(screen.getByRole('combobox', { name }));
      const option = await waitFor(() => {
        const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
          (el) => el.textContent === choice && !el.closest('.ant-select-dropdown-hidden'),
        );
        if (!found) throw new Error(`${choice} not offered`);
        return found;
      });
      fireEvent.click(option);
      await waitFor(() => expect(screen.getByRole('combobox', { name })).toHaveValue(choice));
    }
    save();
    expect((await saved(onSave)).isi).toMatchObject({
      pasangan: [
        { kiri: 'Indonesia', kanan: 'Jakarta' },
        { kiri: 'Malaysia', kanan: 'Kuala Lumpur' },
      ],
      pengecoh: ['Bangkok'],
    });
  });

  it('keeps the values of an existing question of each kind when saved unchanged', async () => {
    const bodies: Question['isi'][] = [
      { jenis: 'isian_singkat', jawaban: [{ teks: 'SQL', nilai: 100 }], peka_huruf_besar: true },
      {
        jenis: 'numerik',
        jawaban: [
          { angka: 3.14, toleransi: 0.01, nilai: 100 },
          { angka: 3, toleransi: 0, nilai: 50 },
        ],
        satuan: [],
      },
      {
        jenis: 'pilihan_kompleks',
        pilihan: [{ teks: 'a' }, { teks: 'b' }, { teks: 'c', gambar: null }],
        bobot: [70, 30, -100],
      },
      {
        jenis: 'menjodohkan',
        pasangan: [
          { kiri: '1', kanan: 'satu' },
          { kiri: '2', kanan: 'dua' },
        ],
        pengecoh: ['tiga'],
      },
      { jenis: 'isian_rumpang', rumpang: [{ jenis: 'pilihan', pilihan: ['x', 'y'], kunci: 1 }] },
    ];
    for (const isi of bodies) {
      const onSave = renderEditor({
        id: isi.jenis,
        nomor: 1,
        jenis: isi.jenis,
        pertanyaan: isi.jenis === 'isian_rumpang' ? '<p>Pilih [[1]]</p>' : '<p>Soal</p>',
        isi,
      });
      await screen.findByText('Ubah Soal Nomor 1');
      if (isi.jenis === 'pilihan_kompleks') {
        // Typed weights open in Atur bobot.
        expect(screen.getByRole('switch', { name: 'Atur bobot' })).toBeChecked();
        expect(screen.getByRole('textbox', { name: 'Bobot pilihan 1' })).toHaveValue('70');
      }
      if (isi.jenis === 'numerik')
        expect(screen.getByRole('textbox', { name: 'Angka 1' })).toHaveValue('3,14');
      save();
      expect((await saved(onSave)).isi).toEqual(isi);
      cleanup();
    }
  });
});

describe('gap markers', () => {
  it('renumber by their order in the text and keep each gap with its marker', () => {
    const a = blankGap();
    const b = { jenis: 'pilihan' as const, pilihan: ['x', 'y'], kunci: 0 };
    const fresh = blankGap();
    const aligned = alignGaps('<p>[[3]] lalu [[1]] lalu [[2]]</p>', [a, b, fresh]);
    expect(aligned.text).toBe('<p>[[1]] lalu [[2]] lalu [[3]]</p>');
    expect(aligned.gaps).toEqual([fresh, a, b]);
    expect(aligned.gaps[0]).toBe(fresh);
    expect(removeGap('<p>[[1]] [[2]]</p>', [a, b], 0)).toEqual({ text: '<p> [[1]]</p>', gaps: [b] });
  });
});
