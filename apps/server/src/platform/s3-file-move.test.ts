import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../testing/s3-test-server.ts';
import { runServerEntry } from '../testing/server-process.ts';
import { LocalFileStore, readAll, type StoredFile } from './file-storage.ts';
import { moveFilesToBucket } from './s3-file-move.ts';
import { S3FileStore } from './s3-file-store.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lms-move-'));
const root = path.join(dataDir, 'files');
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer(['lms-moved', 'lms-command']);
}, 30_000);
afterAll(async () => {
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function listAll(store: { list(): AsyncIterable<StoredFile> }): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  for await (const file of store.list()) files.push(file);
  return files.sort((a, b) => (a.key < b.key ? -1 : 1));
}

describe('moving the files of the local store into a bucket', () => {
  const local = new LocalFileStore(root);

  it('copies every file with its metadata, then skips what is there, and copies only what is new or changed', async () => {
    const photo = await local.put(Buffer.from('foto'), {
      collegeId: 'kampus-a',
      contentType: 'image/png',
      fileName: 'Foto Profil — Budi.png',
    });
    const answer = await local.put(Buffer.alloc(3 * 1024 * 1024, 1), {
      collegeId: 'kampus-b',
      contentType: 'application/pdf',
      fileName: 'jawaban.pdf',
      private: true,
    });
    await local.put(Buffer.from('{}'), {
      collegeId: 'kampus-b',
      contentType: 'application/json',
      key: `${answer.key}_html1`,
      derivedFrom: answer.key,
    });
    const bucket = new S3FileStore(s3.storeConfig('lms-moved', 'lms/'), root);
    const log: string[] = [];
    try {
      expect(await moveFilesToBucket(local, bucket, (line) => log.push(line))).toEqual({
        copied: 3,
        skipped: 0,
        bytes: 4 + 3 * 1024 * 1024 + 2,
      });
      // The same keys, colleges, names, dates and flags: rows naming a key find it in the bucket.
      expect(await listAll(bucket)).toEqual(await listAll(local));
      const photoThere = await bucket.get(photo.key);
      expect(photoThere?.file).toEqual(photo);
      expect((await readAll(photoThere!.stream)).toString()).toBe('foto');

      expect(await moveFilesToBucket(local, bucket, () => undefined)).toEqual({
        copied: 0,
        skipped: 3,
        bytes: 0,
      });

      // A file uploaded meanwhile and a file whose bytes differ from the bucket's copy are written.
      const late = await local.put(Buffer.from('terlambat'), {
        collegeId: 'kampus-a',
        contentType: 'text/plain',
      });
      writeFileSync(path.join(root, photo.key.slice(0, 2), photo.key), 'FOTO');
      expect(await moveFilesToBucket(local, bucket, () => undefined)).toEqual({
        copied: 2,
        skipped: 2,
        bytes: 4 + 9,
      });
      expect((await readAll((await bucket.get(photo.key))!.stream)).toString()).toBe('FOTO');
      expect((await bucket.get(late.key))?.file).toEqual(late);
    } finally {
      bucket.close();
    }
  });

  it('runs as a command on the configured bucket, re-runnable, and refuses without FILE_STORE=s3', async () => {
    const config = s3.storeConfig('lms-command');
    const env = {
      TOKEN_SECRET: 'x'.repeat(32),
      FILE_STORE: 's3',
      S3_ENDPOINT: config.endpoint!,
      S3_BUCKET: config.bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId!,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey!,
    };
    const place = { dataDir, databaseUrl: undefined };
    const first = await runServerEntry(['src/move-files-command.ts'], place, { env });
    expect(first).toMatchObject({ code: 0 });
    expect(first.output).toMatch(/Files in bucket lms-command: 4 copied \(\d+ bytes\), 0 already there/);
    const second = await runServerEntry(['src/move-files-command.ts'], place, { env });
    expect(second.output).toContain('0 copied (0 bytes), 4 already there');

    const refused = await runServerEntry(['src/move-files-command.ts'], place, {
      env: { TOKEN_SECRET: 'x'.repeat(32) },
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('Set FILE_STORE=s3');
  }, 60_000);
});
