import { gradeMessages, roundScore } from '@lms/contract/grade.rules';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { findCollegeById } from '../../platform/college.repository.ts';
import type { JobDefinition } from '../../platform/job-queue.ts';
import {
  siakadConnectorFor,
  SiakadError,
  type SiakadPlatform,
  type SiakadValueWrite,
} from '../siakad/siakad.api.ts';

const noHttpSiakad: SiakadPlatform = {
  publicUrl: 'http://lms.invalid',
  siakadUrl: 'http://siakad.invalid',
  siakadAllowedHosts: [],
  siakadPrivateNetworks: [],
};
import {
  finishGradeSend,
  findGradeSend,
  findGradeSendItems,
  saveGradeSendResults,
  startGradeSend,
} from './grade.repository.ts';

export const gradeSendJobName = 'grade-send';

/** Values written per SIAKAD call. */
const valuesPerCall = 100;

/** Waits between attempts after a transient failure (timeouts, network errors, 5xx, 429). */
export const defaultBackoffMs = [1_000, 4_000, 15_000];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `call`, retrying transient SIAKAD failures after each back-off; answers the result and attempts. */
async function withRetry<T>(
  call: () => Promise<T>,
  backoffMs: number[],
): Promise<{ value: T; attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { value: await call(), attempts: attempt };
    } catch (error) {
      const delay = backoffMs[attempt - 1];
      if (!(error instanceof SiakadError) || !error.transient || delay === undefined) {
        throw Object.assign(error as object, { attempts: attempt });
      }
      await wait(delay);
    }
  }
}

type ItemResult = Parameters<typeof saveGradeSendResults>[3][number];

/**
 * Runs one sending: reads SIAKAD again, marks values SIAKAD already holds as unchanged (so sending twice
 * writes nothing), refuses to overwrite a value changed in SIAKAD since the preview unless confirmed,
 * writes the rest in calls of 100 with retries and back-off, and records every student's result and
 * SIAKAD's answer. A sending that is not waiting (already run, or running elsewhere) is left alone.
 */
export async function runGradeSend(
  db: Db,
  collegeId: string,
  id: string,
  options: { backoffMs?: number[]; platform?: SiakadPlatform } = {},
): Promise<void> {
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  if (!(await startGradeSend(db, collegeId, id))) return;
  try {
    const [college, row, items] = await Promise.all([
      findCollegeById(db, collegeId),
      findGradeSend(db, collegeId, id),
      findGradeSendItems(db, collegeId, id),
    ]);
    if (!college || !row) throw new Error(`grade send ${id} of ${collegeId} vanished`);
    // Without the platform's rules (tests of the demo SIAKAD) no HTTP SIAKAD is allowed at all.
    const connector = siakadConnectorFor(db, college, options.platform ?? noHttpSiakad);
    const kelasId = row.send.kelasId;
    const { value: current } = await withRetry(() => connector.readClass(kelasId), backoffMs);
    const held = new Map(current.values.map((v) => [`${v.komponenId}:${v.nim}`, v] as const));
    const settled: ItemResult[] = [];
    const pending: SiakadValueWrite[] = [];
    for (const { item } of items) {
      const h = held.get(`${item.komponenId}:${item.nim}`);
      if (h && roundScore(h.nilai) === roundScore(item.value)) {
        settled.push({
          nim: item.nim,
          komponenId: item.komponenId,
          status: 'sama',
          attempts: 0,
          answer: 'Nilai di Siakad sudah sama.',
        });
      } else if (h?.updatedBySiakad && !row.send.confirmedOverwrite) {
        settled.push({
          nim: item.nim,
          komponenId: item.komponenId,
          status: 'gagal',
          attempts: 0,
          answer: gradeMessages.overwriteConfirm,
        });
      } else {
        pending.push({ komponenId: item.komponenId, nim: item.nim, nilai: item.value });
      }
    }
    await saveGradeSendResults(db, collegeId, id, settled);
    for (let i = 0; i < pending.length; i += valuesPerCall) {
      const chunk = pending.slice(i, i + valuesPerCall);
      let results: ItemResult[];
      try {
        const { value, attempts } = await withRetry(
          () => connector.writeValues(kelasId, chunk, row.requester.nama),
          backoffMs,
        );
        results = value.map((r) => ({
          nim: r.nim,
          komponenId: r.komponenId,
          status: r.ok ? 'terkirim' : 'gagal',
          attempts,
          answer: r.message,
        }));
      } catch (error) {
        if (!(error instanceof SiakadError)) throw error;
        const attempts = (error as SiakadError & { attempts?: number }).attempts ?? 1;
        results = chunk.map((v) => ({
          nim: v.nim,
          komponenId: v.komponenId,
          status: 'gagal',
          attempts,
          answer: error.message,
        }));
      }
      await saveGradeSendResults(db, collegeId, id, results);
    }
    const done = await findGradeSend(db, collegeId, id);
    const failed = done?.send.failed ?? 0;
    await finishGradeSend(db, collegeId, id, {
      status: 'selesai',
      error: failed > 0 ? `${failed} nilai gagal dikirim ke Siakad.` : null,
    });
  } catch (error) {
    const message =
      error instanceof SiakadError
        ? `${gradeMessages.siakadUnavailable} ${error.message}`
        : 'Pengiriman gagal.';
    await finishGradeSend(db, collegeId, id, { status: 'gagal', error: message });
    if (!(error instanceof SiakadError)) throw error;
  }
}

/** The job behind "Kirim ke Siakad". */
export function gradeSendJob(app: FastifyInstance): JobDefinition<{ collegeId: string; id: string }> {
  return {
    name: gradeSendJobName,
    expireInSeconds: 3600,
    async handler({ collegeId, id }) {
      await runGradeSend(app.db, collegeId, id, { platform: app.config });
    },
  };
}
