import { useEffect, useRef, useState } from 'react';
import type { OfflineRecordKind } from '@lms/contract/material-offline.rules';
import { saveOfflineEvidence, type OfflineEvidence } from '../api/offline-evidence-store.ts';
import { readKeptFile } from '../api/offline-material-cache.ts';

/**
 * One opening of a kept material's reader or player while offline, recorded on the phone: `add(seconds)`
 * grows its row (saved every few seconds and when the reader closes); the row is sent when back online.
 */
export function useOfflineEvidence(materialId: string, userId: string, jenis: OfflineRecordKind) {
  const row = useRef<OfflineEvidence | null>(null);
  const saved = useRef(0);
  // One write at a time: the first gets the row's key, which the next must carry (else a second row).
  const writing = useRef<Promise<void>>(Promise.resolve());

  const save = () => {
    writing.current = writing.current.then(async () => {
      if (!row.current) return;
      saved.current = row.current.detik;
      row.current.key = await saveOfflineEvidence({ ...row.current });
    });
    return writing.current;
  };

  useEffect(
    () => () => {
      void save();
    },
    [],
  );

  return {
    add(seconds: number) {
      row.current ??= { userId, materialId, jenis, detik: 0, dibuka_pada: new Date().toISOString() };
      row.current.detik += seconds;
      if (row.current.detik - saved.current >= 5) void save();
    },
    save,
  };
}

/** A kept file's bytes (for pdf.js): undefined while reading it, null when it is not on the phone. */
export function useKeptFile(url: string, kept: boolean): Blob | null | undefined {
  const [blob, setBlob] = useState<Blob | null | undefined>(kept ? undefined : null);
  useEffect(() => {
    if (!kept) return;
    let cancelled = false;
    void readKeptFile(url).then((found) => {
      if (!cancelled) setBlob(found ?? null);
    });
    return () => {
      cancelled = true;
    };
  }, [url, kept]);
  return blob;
}

/**
 * An object URL of a kept file (revoked when the player closes): undefined while reading it, null when
 * it is not on the phone.
 */
export function useKeptFileUrl(url: string, kept: boolean): string | null | undefined {
  const [objectUrl, setObjectUrl] = useState<string | null | undefined>(kept ? undefined : null);
  useEffect(() => {
    if (!kept) return;
    let made: string | null = null;
    let cancelled = false;
    void readKeptFile(url).then((blob) => {
      if (cancelled) return;
      made = blob ? URL.createObjectURL(blob) : null;
      setObjectUrl(made);
    });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url, kept, setObjectUrl]);
  return objectUrl;
}
