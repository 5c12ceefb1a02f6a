import { escapeUTF8 } from 'entities';
import { XMLBuilder } from 'fast-xml-parser';
import type { QuestionBody } from '@lms/contract/exam.rules';
import { shortName } from './imported-question.ts';

/*
 * A bank as Moodle XML, so a lecturer can take their questions to Moodle (or back into another bank):
 * one category named after the bank, then multichoice (single answer), truefalse and essay questions.
 * Texts are XML-escaped by the builder (no CDATA to break). Option images and attachments are files of
 * this server and are not carried; the question text is the stored, sanitised rich text.
 */

/** A question to export: its number, rich text and body. */
export interface ExportQuestion {
  nomor: number;
  pertanyaan: string;
  isi: QuestionBody;
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  processEntities: true,
  suppressEmptyNode: false,
});

const html = (text: string) => ({ '@_format': 'html', text });

function questionNode(q: ExportQuestion): Record<string, unknown> | null {
  const common = {
    name: { text: shortName(q.pertanyaan, 80) || `Soal ${q.nomor}` },
    questiontext: html(q.pertanyaan),
    generalfeedback: html(''),
    defaultgrade: '1.0000000',
    penalty: '0.0000000',
    hidden: '0',
    idnumber: '',
  };
  const body = q.isi;
  if (body.jenis === 'pilihan') {
    return {
      '@_type': 'multichoice',
      ...common,
      single: 'true',
      shuffleanswers: 'false',
      answernumbering: 'ABCD',
      answer: body.pilihan.map((o, i) => ({
        '@_fraction': i === body.kunci ? '100' : '0',
        '@_format': 'html',
        text: escapeUTF8(o.teks),
        feedback: html(''),
      })),
    };
  }
  if (body.jenis === 'benar_salah') {
    return {
      '@_type': 'truefalse',
      ...common,
      answer: [true, false].map((value) => ({
        '@_fraction': body.kunci === value ? '100' : '0',
        '@_format': 'moodle_auto_format',
        text: String(value),
        feedback: html(''),
      })),
    };
  }
  if (body.jenis !== 'esay') return null;
  const files = body.jenis_file_diterima.filter((k) => k !== 'text').length > 0;
  return {
    '@_type': 'essay',
    ...common,
    responseformat: body.jenis_file_diterima.includes('text') || !files ? 'editor' : 'noinline',
    responserequired: '1',
    responsefieldlines: '10',
    attachments: files ? '-1' : '0',
    attachmentsrequired: '0',
    graderinfo: html(body.kunci),
    responsetemplate: html(''),
  };
}

/** The Moodle XML document of a bank's questions, in their order. */
export function exportMoodleXml(bankTitle: string, questions: ExportQuestion[]): string {
  const category = {
    '@_type': 'category',
    category: { text: `$course$/top/${bankTitle.replace(/\//g, '-')}` },
    info: html(''),
  };
  const body = builder.build({
    quiz: { question: [category, ...questions.map(questionNode).filter((node) => node !== null)] },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}
