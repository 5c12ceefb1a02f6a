import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3TestServer, type S3TestServer } from '../testing/s3-test-server.ts';
import {
  LocalFileStore,
  StagingLimitError,
  isValidFileKey,
  readAll,
  sniffDocumentType,
  sniffImageType,
  type FileStore,
} from './file-storage.ts';
import { S3FileStore } from './s3-file-store.ts';

const root = mkdtempSync(path.join(tmpdir(), 'lms-files-'));
let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3TestServer(['lms-files', 'lms-listed']);
}, 30_000);
afterAll(async () => {
  await s3?.stop();
  rmSync(root, { recursive: true, force: true });
});

/**
 * The same cases run on both stores: each opens a store over its own place (`name`: a folder under the
 * local root, a bucket of the S3 server) whose uploads are staged under `{stagingRoot}/.staging`.
 */
const stores: Array<{ kind: string; open: (name: string) => FileStore; listOrder: (key: string) => string }> =
  [
    {
      kind: 'LocalFileStore',
      open: (name) => new LocalFileStore(path.join(root, 'local', name)),
      // Folder by folder, and by metadata file name within one.
      listOrder: (key) => `${key.slice(0, 2)}/${key}.json`,
    },
    {
      kind: 'S3FileStore',
      // A folder in the bucket, as an installation sharing a bucket sets (S3_PREFIX).
      open: (name) => new S3FileStore(s3.storeConfig(`lms-${name}`, 'lms/'), path.join(root, 's3', name)),
      // By object name, as S3 lists.
      listOrder: (key) => key,
    },
  ];
const stagingOf = (kind: string, name: string) =>
  path.join(root, kind === 'LocalFileStore' ? 'local' : 's3', name, '.staging');

describe.each(stores)('$kind', ({ kind, open, listOrder }) => {
  let store: FileStore;
  beforeAll(() => {
    store = open('files');
  });

  it('stores a buffer or a stream under a generated key and reads it back', async () => {
    const a = await store.put(Buffer.from('halo'), {
      collegeId: 'demo',
      contentType: 'text/plain',
      fileName: 'a.txt',
    });
    expect(isValidFileKey(a.key)).toBe(true);
    expect(a).toMatchObject({ collegeId: 'demo', contentType: 'text/plain', size: 4, fileName: 'a.txt' });
    const got = await store.get(a.key);
    expect(got?.file).toEqual(a);
    expect((await readAll(got!.stream)).toString()).toBe('halo');

    const b = await store.put(Readable.from([Buffer.from('dua '), Buffer.from('bagian')]), {
      collegeId: 'demo',
      contentType: 'text/plain',
    });
    expect(b.key).not.toBe(a.key);
    expect(b.size).toBe(10);
    expect((await readAll((await store.get(b.key))!.stream)).toString()).toBe('dua bagian');
  });

  it('stages a stream within its byte limit and stores it by moving it, keeping only its head in memory', async () => {
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(10_000, 65 + (i % 26)));
    const staged = await store.stage(Readable.from(chunks), 400_000);
    expect(staged.size).toBe(400_000);
    expect(staged.head.length).toBe(65_536);
    expect(staged.head.subarray(0, 3).toString()).toBe('AAA');
    const stored = await store.put(staged, { collegeId: 'demo', contentType: 'text/plain' });
    expect(stored.size).toBe(400_000);
    expect((await readAll((await store.get(stored.key))!.stream)).length).toBe(400_000);
    expect(readdirSync(stagingOf(kind, 'files'))).toEqual([]);
    // Discarding what was already put changes nothing.
    await store.discard(staged);
    expect(await store.get(stored.key)).toBeDefined();
  });

  it('stops a stream past its limit and leaves nothing behind; refuses paths outside staging', async () => {
    let produced = 0;
    // An endless stream: staging must stop it, not read it to its end.
    const endless = new Readable({
      read() {
        produced += 65_536;
        this.push(Buffer.alloc(65_536));
      },
    });
    await expect(store.stage(endless, 1_000_000)).rejects.toBeInstanceOf(StagingLimitError);
    expect(produced).toBeLessThan(5_000_000);
    expect(readdirSync(stagingOf(kind, 'files'))).toEqual([]);
    const outside = { stagedPath: path.join(root, 'etc-passwd'), size: 1, head: Buffer.alloc(0) };
    await expect(store.put(outside, { collegeId: 'demo', contentType: 'text/plain' })).rejects.toThrow(
      'not a staged upload',
    );
  });

  it('never reads outside its folder and forgets deleted files', async () => {
    expect(await store.get('../../etc/passwd')).toBeUndefined();
    expect(await store.get('AAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
    const c = await store.put(Buffer.from('x'), { collegeId: 'demo', contentType: 'text/plain' });
    expect(await store.delete(c.key)).toBe(true);
    expect(await store.get(c.key)).toBeUndefined();
    expect(await store.delete(c.key)).toBe(false);
    await expect(store.delete('../x')).resolves.toBe(false);
  });

  it('lets a caller drop the stream of a file removed meanwhile without an unheard error', async () => {
    // An unheard stream error ends the process: the store opens the bytes only when they are read.
    const e = await store.put(Buffer.from('z'), { collegeId: 'demo', contentType: 'text/plain' });
    const dropped = await store.get(e.key);
    expect(dropped?.file.key).toBe(e.key);
    expect(await store.delete(e.key)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const kept = await store.put(Buffer.from('w'), { collegeId: 'demo', contentType: 'text/plain' });
    const read = await store.get(kept.key);
    await store.delete(kept.key);
    await expect(readAll(read!.stream)).rejects.toThrow();
  });

  it('counts a file removed by two callers at once only once', async () => {
    const d = await store.put(Buffer.from('y'), { collegeId: 'demo', contentType: 'text/plain' });
    const removed = await Promise.all([store.delete(d.key), store.delete(d.key), store.delete(d.key)]);
    expect(removed.filter(Boolean)).toHaveLength(1);
  });

  it('reads one byte range, keeps a file name in any script, and makes a file private once', async () => {
    const stored = await store.put(Buffer.from('0123456789'), {
      collegeId: 'kampus-b',
      contentType: 'video/mp4',
      fileName: 'Materi Pertemuan 1 — “Ringkasan” 講義.mp4',
    });
    expect((await readAll((await store.get(stored.key, { start: 2, end: 5 }))!.stream)).toString()).toBe(
      '2345',
    );
    expect((await readAll((await store.get(stored.key, { start: 9, end: 9 }))!.stream)).toString()).toBe('9');
    const got = await store.get(stored.key);
    got!.stream.destroy();
    expect(got!.file).toEqual(stored);
    expect(await store.makePrivate(stored.key)).toBe(true);
    expect(await store.makePrivate(stored.key)).toBe(true);
    expect(await store.makePrivate('AAAAAAAAAAAAAAAAAAAAAAAAAAAB')).toBe(false);
    const privateFile = await store.get(stored.key);
    expect(privateFile!.file).toEqual({ ...stored, private: true });
    expect((await readAll(privateFile!.stream)).toString()).toBe('0123456789');
  });

  it('streams a file of several upload parts and reads the end of it back', async () => {
    const part = Buffer.alloc(1024 * 1024, 7);
    const parts = 20;
    const stored = await store.put(
      Readable.from(Array.from({ length: parts }, (_, i) => (i === parts - 1 ? Buffer.from('akhir') : part))),
      { collegeId: 'demo', contentType: 'application/octet-stream' },
    );
    const size = (parts - 1) * part.length + 5;
    expect(stored.size).toBe(size);
    expect((await store.get(stored.key))!.file.size).toBe(size);
    const end = await store.get(stored.key, { start: size - 5, end: size - 1 });
    expect((await readAll(end!.stream)).toString()).toBe('akhir');
  });

  it('lists every stored file with its metadata, in key order, and nothing staged', async () => {
    const own = open('listed');
    const empty: unknown[] = [];
    for await (const file of own.list()) empty.push(file);
    expect(empty).toEqual([]);

    const stored = [];
    for (let i = 0; i < 5; i++) {
      stored.push(await own.put(Buffer.from(`file ${i}`), { collegeId: 'demo', contentType: 'text/plain' }));
    }
    const derived = await own.put(Buffer.from('{}'), {
      collegeId: 'demo',
      contentType: 'application/json',
      key: `${stored[0]!.key}_html1`,
      derivedFrom: stored[0]!.key,
    });
    await own.stage(Readable.from([Buffer.from('belum disimpan')]), 1_000);
    await own.delete(stored[1]!.key);

    const listed = [];
    for await (const file of own.list()) listed.push(file);
    const expected = [...stored.filter((_, i) => i !== 1), derived];
    const inOrder = expected.map((file) => file.key).sort((a, b) => (listOrder(a) < listOrder(b) ? -1 : 1));
    expect(listed.map((file) => file.key)).toEqual(inOrder);
    expect(listed).toEqual(expect.arrayContaining(expected));
    expect(listed.find((file) => file.key === derived.key)?.derivedFrom).toBe(stored[0]!.key);
  });
});

describe('S3FileStore in a shared bucket', () => {
  it('sees only the files under its own folder (S3_PREFIX)', async () => {
    const ours = new S3FileStore(s3.storeConfig('lms-files', 'kampus-a/lms/'), path.join(root, 's3', 'a'));
    const theirs = new S3FileStore(s3.storeConfig('lms-files', 'kampus-b/'), path.join(root, 's3', 'b'));
    try {
      const mine = await ours.put(Buffer.from('milik kami'), {
        collegeId: 'demo',
        contentType: 'text/plain',
      });
      const other = await theirs.put(Buffer.from('milik mereka'), {
        collegeId: 'demo',
        contentType: 'text/plain',
      });
      const listed = [];
      for await (const file of ours.list()) listed.push(file.key);
      expect(listed).toEqual([mine.key]);
      expect(await ours.get(other.key)).toBeUndefined();
      expect(await ours.delete(other.key)).toBe(false);
      expect(await theirs.get(other.key)).toBeDefined();
    } finally {
      ours.close();
      theirs.close();
    }
  });
});

describe('content sniffing', () => {
  it('recognises PNG and JPEG by magic bytes only', () => {
    expect(sniffImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(Buffer.from('<svg onload=alert(1)>'))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });
  it('recognises PDF, DOC and DOCX', () => {
    expect(sniffDocumentType(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffDocumentType(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(
      'application/msword',
    );
    expect(sniffDocumentType(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toMatch(/wordprocessingml/);
    expect(sniffDocumentType(Buffer.from('<html>'))).toBeUndefined();
  });
});
