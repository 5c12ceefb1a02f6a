import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { S3StoreConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { startS3TestServer, type S3TestServer } from '../testing/s3-test-server.ts';
import { useEmptyDatabase } from '../testing/server-process.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { createBackup, restoreBackup, RestoreRefusedError } from './backup.service.ts';
import { LocalFileStore } from './file-storage.ts';
import { readStoreContents } from '../testing/file-store-contents.ts';
import { S3FileStore } from './s3-file-store.ts';

// As backup.test.ts, on PGlite or (scripts/with-postgres.sh) PostgreSQL; here the files are in a bucket.
const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

describe(`backup and restore with the files in a bucket (${kind})`, { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-backup-bucket-'));
  const backupDir = path.join(dataDir, '..', `${path.basename(dataDir)}-backup`);
  const restored = useEmptyDatabase('restore_bucket');
  let s3: S3TestServer;
  let source: S3StoreConfig;
  let target: S3StoreConfig;
  let url: string | undefined;
  let dropCopy: (() => Promise<void>) | undefined;
  let filesBefore: Awaited<ReturnType<typeof readStoreContents>>;

  beforeAll(async () => {
    s3 = await startS3TestServer(['lms-backup']);
    source = s3.storeConfig('lms-backup', 'kampus/');
    target = s3.storeConfig('lms-backup', 'pulih/');
    if (kind === 'postgres') {
      const copy = await openTestDatabase();
      url = copy.url;
      dropCopy = copy.drop;
      await copy.database.close();
    } else {
      const template = new Blob([readFileSync(inject('templateDatabase'))]);
      await (await openDatabase({ dataDir, loadDataDir: template })).close();
    }
    const store = new S3FileStore(source, path.join(dataDir, 'files'));
    const original = await store.put(randomBytes(300_000), {
      collegeId: 'demo',
      contentType: 'application/pdf',
      fileName: 'Modul 1 — Pengantar.pdf',
    });
    await store.put(randomBytes(40_000), {
      collegeId: 'demo',
      contentType: 'application/pdf',
      derivedFrom: original.key,
    });
    await store.put(Buffer.from('lampiran forum'), {
      collegeId: 'demo',
      contentType: 'text/plain',
      private: true,
    });
    filesBefore = await readStoreContents(store);
    store.close();
  }, 180_000);

  afterAll(async () => {
    await s3?.stop();
    await dropCopy?.();
    await rm(dataDir, { recursive: true, force: true });
    await rm(backupDir, { recursive: true, force: true });
  });

  it('backs the bucket up in the local store layout and restores it into another bucket, checked', async () => {
    const manifest = await createBackup({ databaseUrl: url, dataDir, s3: source }, backupDir);
    // Bytes and metadata of each of the three files.
    expect(manifest.files.count).toBe(6);
    // The backup's files read as a local store: the same backup restores onto disk as well.
    expect(await readStoreContents(new LocalFileStore(path.join(backupDir, 'files')))).toEqual(filesBefore);

    const installation = { databaseUrl: restored.databaseUrl, dataDir: restored.dataDir, s3: target };
    await restoreBackup(installation, backupDir);
    const bucket = new S3FileStore(target, path.join(restored.dataDir, 'files'));
    try {
      expect(await readStoreContents(bucket)).toEqual(filesBefore);
      // Not again over what is there, unless asked; asked, the bucket ends as the backup says.
      await expect(restoreBackup(installation, backupDir)).rejects.toBeInstanceOf(RestoreRefusedError);
      await bucket.put(Buffer.from('diunggah setelah pemulihan'), {
        collegeId: 'demo',
        contentType: 'text/plain',
      });
      await restoreBackup(installation, backupDir, { force: true });
      expect(await readStoreContents(bucket)).toEqual(filesBefore);
    } finally {
      bucket.close();
    }
  });
});
