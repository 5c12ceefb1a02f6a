import { answerGraceMs, examStatus } from '@lms/contract/exam.rules';
import type { PauseInput, PauseStatus } from '@lms/contract/exam-run.schema';
import { inTransaction, type Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { badRequest } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { publishWithin } from '../../platform/event-hub.ts';
import { syncActivity } from '../activity/activity.api.ts';
import { announceToClass } from '../notification/notification.api.ts';
import { prepareQuestionSets } from './exam-question-set.service.ts';
import {
  closeOpenPause,
  findPauses,
  insertPauseOnce,
  shiftExamEnd,
  shiftOpenDeadlines,
  type PauseRow,
} from './exam-run.repository.ts';
import { examActivity, loadEditableExam, loadVisibleExam } from '../exam/exam.api.ts';
import { examStreamKey } from './exam-stream.service.ts';

/**
 * While paused, the exam's end and the open deadlines are held this far ahead, so neither the
 * auto-submit job nor a lazy close ends an attempt during the outage; a pause longer than this lets
 * the deadlines run out as usual.
 */
export const pauseBufferSeconds = 24 * 3600;

function presentPause(row: PauseRow) {
  return {
    id: row.id,
    dijeda_pada: row.dijedaPada.toISOString(),
    dilanjutkan_pada: row.dilanjutkanPada?.toISOString() ?? null,
    detik_dikembalikan: row.detikDikembalikan,
    alasan: row.alasan,
  };
}

async function statusOf(db: Db, collegeId: string, ujianId: string): Promise<PauseStatus> {
  const rows = await findPauses(db, collegeId, ujianId);
  const open = rows.find((r) => r.dilanjutkanPada === null);
  return {
    dijeda: open !== undefined,
    dijeda_pada: open?.dijedaPada.toISOString() ?? null,
    penyangga_detik: open?.penyanggaDetik ?? 0,
    alasan: open?.alasan ?? '',
    waktu_server: new Date().toISOString(),
    riwayat: rows.map(presentPause),
  };
}

/** GET /v2/lms/ujian/{id}/jeda: whether the exam is paused, for every reader of the exam. */
export async function getPauseStatus(db: Db, actor: Actor, college: College, id: string) {
  await loadVisibleExam(db, actor, college, id);
  return statusOf(db, actor.collegeId, id);
}

/**
 * The students who may see the exam and have not finished it are told (the page's stream tells those
 * on it; this is for the others). Each pause and resume is its own event.
 */
function announceExamChange(
  tx: Db,
  actor: Actor,
  exam: { id: string; kelasId: string },
  title: string,
  at: Date,
): Promise<void> {
  return announceToClass(tx, {
    collegeId: actor.collegeId,
    classId: exam.kelasId,
    kind: 'ujian_berubah',
    title,
    link: `/ujian/${exam.id}`,
    resource: { kind: 'ujian', id: `${exam.id}@${at.toISOString()}` },
    actorUserId: actor.userId,
  });
}

/**
 * POST /v2/lms/ujian/{id}/jeda: pauses a running exam during an outage. Nobody can begin while it is
 * paused, the open attempts stop counting down, and every open page hears `time_changed`.
 */
export async function pauseExam(
  db: Db,
  actor: Actor,
  college: College,
  id: string,
  input: PauseInput,
): Promise<PauseStatus> {
  const { row } = await loadEditableExam(db, actor, college, id);
  const now = new Date();
  if (examStatus(now, row.waktuMulai, row.waktuSelesai) !== 'berlangsung')
    throw badRequest('ujian_tidak_berlangsung');
  await inTransaction(db, async (tx) => {
    const pause = await insertPauseOnce(tx, {
      collegeId: actor.collegeId,
      ujianId: id,
      dijedaPada: now,
      penyanggaDetik: pauseBufferSeconds,
      alasan: input.alasan,
      dijedaOleh: actor.userId,
    });
    if (!pause) throw badRequest('ujian_dijeda');
    await shiftExamEnd(tx, actor.collegeId, id, pauseBufferSeconds);
    // Attempts already past their deadline and the grace are not revived.
    await shiftOpenDeadlines(
      tx,
      actor.collegeId,
      id,
      pauseBufferSeconds,
      new Date(now.getTime() - answerGraceMs),
    );
    await publishWithin(tx, examStreamKey(actor.collegeId, id), 'time_changed', {
      id_ujian: id,
      dijeda: true,
    });
    await announceExamChange(tx, actor, row, `Ujian ${row.judul} dijeda`, now);
  });
  return statusOf(db, actor.collegeId, id);
}

/**
 * POST /v2/lms/ujian/{id}/lanjutkan: resumes a paused exam. The buffer is taken back and the minutes
 * lost (resume − pause, by the server's clock) are given to the exam's end and every open attempt.
 */
export async function resumeExam(db: Db, actor: Actor, college: College, id: string): Promise<PauseStatus> {
  const { row } = await loadEditableExam(db, actor, college, id);
  await inTransaction(db, async (tx) => {
    const pause = await closeOpenPause(tx, actor.collegeId, id, new Date(), actor.userId);
    if (!pause) throw badRequest('ujian_tidak_dijeda');
    const shift = (pause.detikDikembalikan ?? 0) - pause.penyanggaDetik;
    const waktuSelesai = (await shiftExamEnd(tx, actor.collegeId, id, shift)) ?? row.waktuSelesai;
    // Only the attempts the pause held (their deadline is at least pause + buffer − grace).
    await shiftOpenDeadlines(
      tx,
      actor.collegeId,
      id,
      shift,
      new Date(pause.dijedaPada.getTime() + pause.penyanggaDetik * 1000 - answerGraceMs),
    );
    await syncActivity(tx, examActivity(id, row, waktuSelesai));
    await publishWithin(tx, examStreamKey(actor.collegeId, id), 'time_changed', {
      id_ujian: id,
      dijeda: false,
    });
    await announceExamChange(
      tx,
      actor,
      row,
      `Ujian ${row.judul} dilanjutkan, waktunya diperpanjang`,
      new Date(),
    );
  });
  return statusOf(db, actor.collegeId, id);
}

/** POST /v2/lms/ujian/{id}/siapkan_soal: fixes the participants' question sets now (the job does it an hour ahead). */
export async function prepareExamNow(db: Db, actor: Actor, college: College, id: string) {
  const { row } = await loadEditableExam(db, actor, college, id);
  return prepareQuestionSets(db, actor.collegeId, row);
}
