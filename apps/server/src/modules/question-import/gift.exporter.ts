import { escapeUTF8 } from 'entities';
import { questionKindLabels } from '@lms/contract/exam.rules';
import { shortName } from './imported-question.ts';
import type { ExportImages, ExportQuestion } from './moodle-xml.exporter.ts';

/*
 * A bank as GIFT, for the kinds GIFT can say: multiple choice `{=a ~b}`, multiple answers
 * `{~%50%a ~%50%b ~%-100%c}`, true/false `{T}` (or `{=Ya ~Tidak}` for other labels), essay `{}`, short
 * answer `{=a =%50%b}`, numerical `{#=9.8:0.1}`, matching `{=a -> b = -> z}`, and fill in the blanks with
 * one gap as a missing word (`text {=y ~x} text`). Texts are `[html]`; images go as `data:` URLs. What GIFT
 * cannot say (case-sensitive answers, units, two or more gaps, a missing key, an essay's key and file kinds)
 * is left out or noted: such a question is written as a `//` comment naming it and the reason.
 */

/** GIFT's special characters escaped (a text inside a question or an answer). */
const escapeGift = (text: string) => text.replace(/[\\~=#{}:]/g, (c) => `\\${c}`);

/** One line per paragraph at most: a blank line ends a question in GIFT. */
const oneBlock = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\n\s*\n+/g, '\n')
    .trim();

/** A number as GIFT writes it (no exponent for ordinary values, dot as the decimal mark). */
const num = (value: number) => String(Number(value.toFixed(7)));

const credit = (nilai: number) => (nilai === 100 ? '=' : `=%${num(nilai)}%`);

/** A rich text with this server's images as `data:` URLs (and attachments not shown, appended). */
function withDataImages(text: string, images: ExportImages, lampiran: string[]): string {
  let out = text;
  const shown = new Set<string>();
  for (const [url, image] of images) {
    const written = [url, url.replace(/&/g, '&amp;')];
    if (!written.some((w) => out.includes(w))) continue;
    shown.add(url);
    for (const w of written) out = out.split(w).join(dataUrl(image));
  }
  for (const url of lampiran) {
    const image = images.get(url);
    if (image && !shown.has(url))
      out += `<p><img src="${dataUrl(image)}" alt="${escapeUTF8(image.name)}"></p>`;
  }
  return out;
}

function dataUrl(image: { name: string; base64: string }): string {
  const type = /\.jpe?g$/i.test(image.name) ? 'image/jpeg' : 'image/png';
  return `data:${type};base64,${image.base64}`;
}

/** A choice in `[html]`: its text escaped as HTML then for GIFT, with its image as a `data:` URL. */
function choiceText(option: { teks: string; gambar?: string | null }, images: ExportImages): string {
  const image = option.gambar ? images.get(option.gambar) : undefined;
  return escapeGift(escapeUTF8(option.teks) + (image ? `<img src="${dataUrl(image)}" alt="">` : ''));
}

/** The answer block of a question, or why GIFT cannot say it. */
function answersOf(q: ExportQuestion, images: ExportImages): { answers: string } | { skip: string } {
  const body = q.isi;
  switch (body.jenis) {
    case 'pilihan':
      if (body.kunci === null) return { skip: 'tanpa kunci jawaban' };
      return {
        answers: body.pilihan
          .map((o, i) => `${i === body.kunci ? '=' : '~'}${choiceText(o, images)}`)
          .join('\n'),
      };
    case 'pilihan_kompleks':
      if (!body.bobot) return { skip: 'tanpa kunci jawaban' };
      return {
        answers: body.pilihan
          .map((o, i) => {
            const weight = body.bobot![i] ?? 0;
            return `~${weight ? `%${num(weight)}%` : ''}${choiceText(o, images)}`;
          })
          .join('\n'),
      };
    case 'benar_salah':
      if (body.kunci === null) return { skip: 'tanpa kunci jawaban' };
      if (body.label.benar === 'Benar' && body.label.salah === 'Salah')
        return { answers: body.kunci ? 'T' : 'F' };
      return {
        answers: [
          `${body.kunci ? '=' : '~'}${escapeGift(escapeUTF8(body.label.benar))}`,
          `${body.kunci ? '~' : '='}${escapeGift(escapeUTF8(body.label.salah))}`,
        ].join('\n'),
      };
    case 'esay':
      return { answers: '' };
    case 'isian_singkat':
      if (body.peka_huruf_besar) return { skip: 'jawaban peka huruf besar/kecil' };
      return {
        answers: body.jawaban.map((a) => `${credit(a.nilai)}${escapeGift(escapeUTF8(a.teks))}`).join('\n'),
      };
    case 'numerik':
      if (body.satuan.length) return { skip: 'soal numerik dengan satuan' };
      return {
        answers: `#${body.jawaban.map((a) => `${credit(a.nilai)}${num(a.angka)}:${num(a.toleransi)}`).join(' ')}`,
      };
    case 'menjodohkan':
      if (
        [...body.pasangan.flatMap((p) => [p.kiri, p.kanan]), ...body.pengecoh].some((t) => t.includes('->'))
      )
        return { skip: 'teks pasangan berisi ->' };
      return {
        answers: [
          ...body.pasangan.map((p) => `=${escapeGift(escapeUTF8(p.kiri))} -> ${escapeGift(p.kanan)}`),
          ...body.pengecoh.map((kanan) => `= -> ${escapeGift(kanan)}`),
        ].join('\n'),
      };
    case 'isian_rumpang': {
      const gap = body.rumpang[0];
      if (body.rumpang.length !== 1 || !gap) return { skip: 'lebih dari satu rumpang' };
      if (gap.jenis === 'pilihan') {
        if (gap.kunci === null) return { skip: 'tanpa kunci jawaban' };
        return {
          answers: gap.pilihan
            .map((o, i) => `${i === gap.kunci ? '=' : '~'}${escapeGift(escapeUTF8(o))}`)
            .join(' '),
        };
      }
      if (gap.peka_huruf_besar) return { skip: 'jawaban peka huruf besar/kecil' };
      return {
        answers: gap.jawaban.map((a) => `${credit(a.nilai)}${escapeGift(escapeUTF8(a.teks))}`).join(' '),
      };
    }
  }
}

/** One question in GIFT, or a comment naming it and why GIFT cannot say it. */
function questionText(q: ExportQuestion, images: ExportImages): string {
  const answers = answersOf(q, images);
  const title = shortName(q.pertanyaan, 80) || `Soal ${q.nomor}`;
  if ('skip' in answers)
    return `// Soal ${q.nomor} (${questionKindLabels[q.isi.jenis]}) "${title.replace(/\s+/g, ' ')}" tidak dapat ditulis dalam GIFT: ${answers.skip}.`;
  const text = oneBlock(escapeGift(withDataImages(q.pertanyaan, images, q.lampiran ?? [])));
  const head = `::${escapeGift(title)}::[html]`;
  if (q.isi.jenis === 'isian_rumpang') {
    // The gap's answers in its place: GIFT's missing word.
    const [before = '', after = ''] = text.split('[[1]]');
    return `${head}${before}{${answers.answers}}${after}`;
  }
  const multiline = answers.answers.includes('\n');
  return `${head}${text} {${multiline ? `\n${answers.answers}\n` : answers.answers}}`;
}

/** The GIFT file of a bank's questions, in their order, with the images that go along. */
export function exportGift(
  bankTitle: string,
  questions: ExportQuestion[],
  images: ExportImages = new Map(),
): string {
  const category = `$CATEGORY: $course$/top/${bankTitle.replace(/\//g, '-').replace(/\s+/g, ' ')}`;
  const header = `// Bank Soal: ${bankTitle.replace(/\s+/g, ' ')}`;
  return `${[header, category, ...questions.map((q) => questionText(q, images))].join('\n\n')}\n`;
}
