import { maxOfflineRecords } from '@lms/contract/material-offline.rules';
import type { Material } from '@lms/contract/material.schema';
import { apiClient } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { deleteOfflineEvidence, listOfflineEvidence } from './offline-evidence-store.ts';

/** POST /v2/lms/materi/{id}/luring: what was recorded offline on one kept material. */
export async function sendOfflineEvidence(
  id: string,
  catatan: { jenis: string; detik: number; dibuka_pada: string }[],
): Promise<Material> {
  const response = await apiClient.post<{ data: Material }>(`/v2/lms/materi/${id}/luring`, { catatan });
  return response.data.data;
}

let running: Promise<Material[]> | null = null;

/**
 * Sends the signed-in student's offline rows, one request per material, and forgets what the server
 * answered (credited, or refused for good: a 4xx will not change on a retry). A network failure keeps
 * the rows for the next time the connection returns. Answers the materials as the server now sees them.
 */
export function syncOfflineEvidence(userId: string): Promise<Material[]> {
  running ??= (async () => {
    const rows = (await listOfflineEvidence()).filter((row) => row.userId === userId && row.detik > 0);
    const byMaterial = new Map<string, typeof rows>();
    for (const row of rows) byMaterial.set(row.materialId, [...(byMaterial.get(row.materialId) ?? []), row]);
    const answered: Material[] = [];
    for (const [id, list] of byMaterial) {
      const batch = list.slice(-maxOfflineRecords);
      try {
        answered.push(
          await sendOfflineEvidence(
            id,
            batch.map(({ jenis, detik, dibuka_pada }) => ({ jenis, detik: Math.round(detik), dibuka_pada })),
          ),
        );
      } catch (error) {
        const final = error instanceof ApiError && error.statusCode !== undefined && error.statusCode < 500;
        if (!final) continue;
      }
      await deleteOfflineEvidence(list.map((row) => row.key!));
    }
    return answered;
  })().finally(() => {
    running = null;
  });
  return running;
}
