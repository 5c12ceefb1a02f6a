import { creditOfflineRecords } from '@lms/contract/material-offline.rules';
import type { OfflineSync } from '@lms/contract/material-offline.schema';
import { playedPercent } from '@lms/contract/material.rules';
import type { Material } from '@lms/contract/material.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { badRequest } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import { readStudentFacts } from '../activity/activity.api.ts';
import { addOfflinePlayback } from './material-offline.repository.ts';
import {
  getMaterial,
  materialContent,
  recordMaterialFact,
  studentMaterialOf,
  studentThresholds,
  type LoadedMaterial,
} from './material.service.ts';

/**
 * POST /v2/lms/materi/{id}/luring: what the phone recorded while offline on a material the student kept
 * (docs/api/materials.md › Decisions). Only a kept material (downloaded earlier, server time) earns
 * anything, never more than the server time between the keep and now allows; facts are dated now.
 */
export async function recordOfflineEvidence(
  db: Db,
  actor: Actor,
  college: College,
  loaded: LoadedMaterial,
  sync: OfflineSync,
): Promise<Material> {
  const row = studentMaterialOf(actor, loaded);
  const facts = await readStudentFacts(db, actor.collegeId, actor.userId, [materialContent.ref(row.id)]);
  const keptAt = facts.get(`materi:${row.id}`)?.downloadedAt;
  if (!keptAt) throw badRequest('materi_belum_disimpan');
  const now = new Date();
  const credit = creditOfflineRecords({
    fileType: row.tipeFile,
    keptAt,
    syncedAt: now,
    ebookSeconds: studentThresholds(college).ebook_detik,
    durationSeconds: row.durationSeconds,
    records: sync.catatan,
  });
  if (credit.readSeconds !== null) {
    await recordMaterialFact(
      db,
      actor,
      college,
      row,
      { openedAt: now, readSeconds: credit.readSeconds, read: true },
      now,
    );
  } else if (credit.playSeconds > 0 && row.durationSeconds) {
    const played = await addOfflinePlayback(
      db,
      { collegeId: actor.collegeId, materiId: row.id, mahasiswaId: actor.userId },
      { seconds: credit.playSeconds, keptAt, now, durationSeconds: row.durationSeconds },
    );
    await recordMaterialFact(
      db,
      actor,
      college,
      row,
      { watchedPercent: playedPercent(played, row.durationSeconds), playedSeconds: played },
      now,
    );
  }
  return getMaterial(db, actor, college, loaded);
}
