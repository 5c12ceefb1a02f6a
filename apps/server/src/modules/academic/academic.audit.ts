import type { CourseInfo } from '@lms/contract/academic.schema';
import { listChanges, type ChangeFields } from '../activity-log/activity-log.api.ts';

interface LearningPlanRow {
  id_pertemuan: number;
  materi: string;
  materi_inggris: string | null;
}

interface EvaluationPlanRow {
  komponen_nilai: { id: string; nama: string };
  bobot: number;
}

/** What a Ganti RPS changed, one entry per meeting whose material changed, added or dropped. */
export function listLearningPlanChanges(before: LearningPlanRow[], after: LearningPlanRow[]) {
  const byMeeting = (rows: LearningPlanRow[]) =>
    Object.fromEntries(
      rows.map((r) => [
        String(r.id_pertemuan),
        r.materi_inggris ? `${r.materi} (${r.materi_inggris})` : r.materi,
      ]),
    );
  const meetings = [...new Set([...before, ...after].map((r) => r.id_pertemuan))].sort((a, b) => a - b);
  const fields: ChangeFields = Object.fromEntries(meetings.map((n) => [String(n), `Pertemuan ${n}`]));
  return listChanges(byMeeting(before), byMeeting(after), fields);
}

/** What a new evaluation plan changed: each component's weight, added or dropped. */
export function listEvaluationPlanChanges(before: EvaluationPlanRow[], after: EvaluationPlanRow[]) {
  const byComponent = (rows: EvaluationPlanRow[]) =>
    Object.fromEntries(rows.map((r) => [r.komponen_nilai.id, `${r.bobot}%`]));
  // The plan is stored by weight, so a change reorders it: the log lists components by name.
  const names = new Map([...before, ...after].map((r) => [r.komponen_nilai.id, r.komponen_nilai.nama]));
  const fields: ChangeFields = Object.fromEntries(
    [...names].sort(([, a], [, b]) => a.localeCompare(b, 'id')).map(([id, nama]) => [id, `Bobot ${nama}`]),
  );
  return listChanges(byComponent(before), byComponent(after), fields);
}

/**
 * The syllabus fields an operator's change is audited on. The text is long rich text: the log says
 * only that it changed ('(diubah)'), as for a secret.
 */
const syllabusFields: ChangeFields = {
  'silabus.teks': { label: 'Teks Silabus', rahasia: true },
  'silabus.file.name': 'Berkas Silabus',
};

/** What an Ubah Silabus changed, old → new; an uploaded file is '(baru)' even under the old name. */
export function listSyllabusChanges(before: CourseInfo, after: CourseInfo, uploaded: boolean) {
  const file = after.silabus.file;
  const shownAfter =
    uploaded && file ? { silabus: { ...after.silabus, file: { name: `${file.name} (baru)` } } } : after;
  return listChanges(before, shownAfter, syllabusFields);
}

/** How an entry names the course: 'IF2102 Basis Data'. */
export function describeCourse(course: { kode: string; nama: string }) {
  return `${course.kode} ${course.nama}`;
}
