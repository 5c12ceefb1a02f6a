import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { materialKeys } from '../../../lib/query-keys/material-query-keys.ts';
import { refreshKeptMaterial } from '../api/offline-material-cache.ts';
import { useStoreMaterial } from '../api/record-material-activity.ts';
import { syncOfflineEvidence } from '../api/sync-offline-evidence.ts';

/**
 * Sends what was read or played offline once the app opens online and whenever the connection comes
 * back, wherever the app is (the layout holds it), and puts the server's answers into the meeting's
 * list and the kept copies. One run at a time, and each row is dropped once answered: nothing goes twice.
 */
export function useOfflineEvidenceSync(userId: string, enabled: boolean, online: boolean) {
  const store = useStoreMaterial();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || !online || typeof indexedDB === 'undefined') return;
    let cancelled = false;
    syncOfflineEvidence(userId)
      .then(async (materials) => {
        for (const material of materials) {
          if (!cancelled) store(material);
          await refreshKeptMaterial(userId, material);
        }
        if (materials.length > 0) await queryClient.invalidateQueries({ queryKey: materialKeys.all });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, enabled, online]);
}
