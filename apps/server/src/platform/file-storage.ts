import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';

/** What the store keeps beside a file's bytes. */
export interface StoredFile {
  key: string;
  /** The tenant the file belongs to; the file route serves it only for that college. */
  collegeId: string;
  contentType: string;
  size: number;
  /** The uploader's file name, for the download's content-disposition; never used as a path. */
  fileName: string | null;
  createdAt: string;
  /**
   * Served only by its area's route, which checks who asks (forum attachments), never by the public
   * `/v2/files/{key}`.
   */
  private?: boolean;
  /**
   * The key of the stored file this one was made from (a converted document): it is kept as long as that
   * file is referenced, since no row names it (see the file sweep, modules/storager/file-sweep.service.ts).
   */
  derivedFrom?: string;
}

/** Bytes `start` to `end` of a file, both inclusive (as HTTP ranges count). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutFileOptions {
  collegeId: string;
  contentType: string;
  fileName?: string | null;
  /**
   * A fixed key instead of a new one: only for files shipped with the product (the demo seed's) and for
   * what is derived from a stored file under a key built from its key (a converted document).
   */
  key?: string;
  /** See `StoredFile.private`. */
  private?: boolean;
  /** See `StoredFile.derivedFrom`. */
  derivedFrom?: string;
}

/**
 * An upload received into the store's staging folder, not stored yet: `put` moves it under a key;
 * what is not put is removed when its request ends.
 */
export interface StagedFile {
  stagedPath: string;
  size: number;
  /** Its first bytes (up to 64 KiB): enough to recognise an image or document by content. */
  head: Buffer;
}

const stagedHeadBytes = 65_536;

/** A stream that passed more than its byte limit while being staged. */
export class StagingLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload over ${maxBytes} bytes`);
  }
}

/** A file store with generated keys. Callers never choose paths. */
export interface FileStore {
  /** Stores bytes, a stream or a staged upload under a new key. */
  put(body: Buffer | Readable | StagedFile, options: PutFileOptions): Promise<StoredFile>;
  /**
   * Writes a stream to the staging folder, counting its bytes: past `maxBytes` it stops, deletes what
   * was written and rejects with StagingLimitError. Memory holds one chunk at a time.
   */
  stage(stream: Readable, maxBytes: number): Promise<StagedFile>;
  /** Removes a staged upload (nothing when it was put). */
  discard(staged: StagedFile): Promise<void>;
  /**
   * The file's metadata and a stream of its bytes (only `range`, inclusive, when given), or undefined
   * when the key is unknown.
   */
  get(key: string, range?: ByteRange): Promise<{ file: StoredFile; stream: Readable } | undefined>;
  /**
   * Removes a file; unknown keys are ignored. Answers whether this call removed it (false when it was
   * gone already, also when another caller removed it at the same moment), so removals are counted once.
   */
  delete(key: string): Promise<boolean>;
  /**
   * Every stored file's metadata, a page at a time (a folder of the local store, a listing page of an
   * object store): the store is never held in memory whole. Files put or deleted meanwhile may or may
   * not be seen.
   */
  list(): AsyncIterable<StoredFile>;
  /**
   * Makes a stored file private (see `StoredFile.private`), for files stored public before their area
   * served them itself; false for an unknown key. Idempotent.
   */
  makePrivate(key: string): Promise<boolean>;
}

/** The form of a key this store generates (also for validating a key in a route's path). */
export const fileKeyPattern = /^[A-Za-z0-9_-]{24,64}$/;

/** Whether a text is a key this store could have generated (so it can never escape the folder). */
export function isValidFileKey(key: string): boolean {
  return fileKeyPattern.test(key);
}

/** A new random key: 144 bits, URL-safe. */
export function createFileKey(): string {
  return randomBytes(18).toString('base64url');
}

/** Files in a local folder: `{root}/{first two key characters}/{key}` plus `{key}.json` metadata. */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, key.slice(0, 2), key);
  }

  /** The staging folder: beside the two-character key folders, on the same disk, so `put` is a rename. */
  private get stagingDir(): string {
    return path.join(this.root, '.staging');
  }

  /** Stores bytes or a stream under a new key; writes to a temporary name first so readers never see half a file. */
  async put(body: Buffer | Readable | StagedFile, options: PutFileOptions): Promise<StoredFile> {
    const key = options.key ?? createFileKey();
    if (!isValidFileKey(key)) throw new Error(`invalid file key ${key}`);
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.part`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(partial, body);
      else if ('stagedPath' in body) await rename(this.stagedPathOf(body), partial);
      else await pipeline(body, createWriteStream(partial));
      const { size } = await stat(partial);
      const file: StoredFile = {
        key,
        collegeId: options.collegeId,
        contentType: options.contentType,
        size,
        fileName: options.fileName ?? null,
        createdAt: new Date().toISOString(),
        ...(options.private ? { private: true } : {}),
        ...(options.derivedFrom ? { derivedFrom: options.derivedFrom } : {}),
      };
      await writeFile(`${target}.json`, JSON.stringify(file));
      await rename(partial, target);
      return file;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  /** A staged file's path, only when it is in this store's staging folder. */
  stagedPathOf(staged: StagedFile): string {
    const resolved = path.resolve(staged.stagedPath);
    if (path.dirname(resolved) !== path.resolve(this.stagingDir)) throw new Error('not a staged upload');
    return resolved;
  }

  async stage(stream: Readable, maxBytes: number): Promise<StagedFile> {
    await mkdir(this.stagingDir, { recursive: true });
    const stagedPath = path.join(this.stagingDir, createFileKey());
    let size = 0;
    const head: Buffer[] = [];
    let headSize = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new StagingLimitError(maxBytes));
        if (headSize < stagedHeadBytes) {
          head.push(chunk.subarray(0, stagedHeadBytes - headSize));
          headSize += Math.min(chunk.length, stagedHeadBytes - headSize);
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(stream, counter, createWriteStream(stagedPath));
    } catch (error) {
      await rm(stagedPath, { force: true });
      throw error;
    }
    return { stagedPath, size, head: Buffer.concat(head) };
  }

  async discard(staged: StagedFile): Promise<void> {
    await rm(this.stagedPathOf(staged), { force: true });
  }

  /** The file and a stream of its bytes, or undefined. */
  async get(key: string, range?: ByteRange): Promise<{ file: StoredFile; stream: Readable } | undefined> {
    if (!isValidFileKey(key)) return undefined;
    const target = this.pathOf(key);
    let file: StoredFile;
    try {
      file = JSON.parse(await readFile(`${target}.json`, 'utf8')) as StoredFile;
      await stat(target);
    } catch {
      return undefined;
    }
    // Opened only when first read, as the bucket's store does: a caller that looks at the metadata and
    // drops the stream holds no descriptor, and a file removed meanwhile cannot raise an error nobody hears
    // (an unheard stream error ends the process).
    async function* bytes() {
      yield* createReadStream(target, range);
    }
    return { file, stream: Readable.from(bytes(), { objectMode: false }) };
  }

  /** Rewrites the metadata with the private flag; written beside and renamed, so readers never see half. */
  async makePrivate(key: string): Promise<boolean> {
    if (!isValidFileKey(key)) return false;
    const meta = `${this.pathOf(key)}.json`;
    let file: StoredFile;
    try {
      file = JSON.parse(await readFile(meta, 'utf8')) as StoredFile;
    } catch {
      return false;
    }
    if (file.private) return true;
    await writeFile(`${meta}.part`, JSON.stringify({ ...file, private: true }));
    await rename(`${meta}.part`, meta);
    return true;
  }

  /**
   * Removes the file, then its metadata: a crash in between leaves metadata that `list` still shows (so
   * the sweep finishes the removal), never bytes nothing lists. Whoever removes the metadata removed it.
   */
  async delete(key: string): Promise<boolean> {
    if (!isValidFileKey(key)) return false;
    const target = this.pathOf(key);
    await rm(target, { force: true });
    try {
      // unlink, not rm: of two at once exactly one succeeds (rm checks first, and both may pass).
      await unlink(`${target}.json`);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  /** One key folder at a time, in key order; a file is the metadata beside it (written before its bytes). */
  async *list(): AsyncIterable<StoredFile> {
    let folders: string[];
    try {
      folders = (await readdir(this.root, { withFileTypes: true }))
        // The staging folder starts with a dot, so it is never one of these.
        .filter((entry) => entry.isDirectory() && /^[A-Za-z0-9_-]{2}$/.test(entry.name))
        .map((entry) => entry.name)
        .sort();
    } catch (error) {
      // Nothing was ever uploaded.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const folder of folders) {
      const names = await readdir(path.join(this.root, folder)).catch(() => [] as string[]);
      for (const name of names.sort()) {
        if (!name.endsWith('.json') || !isValidFileKey(name.slice(0, -'.json'.length))) continue;
        let file: StoredFile;
        try {
          file = JSON.parse(await readFile(path.join(this.root, folder, name), 'utf8')) as StoredFile;
        } catch {
          // Deleted since the folder was read.
          continue;
        }
        yield file;
      }
    }
  }
}

/** Reads a whole stream (tests and small files). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Image type by content (magic bytes), not by the name or the client's claim: PNG or JPEG only. */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | undefined {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return undefined;
}

/**
 * The URL a stored file is served at. The college travels in the query because `<img>` and download
 * links cannot send the `college-id` header; the unguessable key is the capability.
 */
export function fileUrl(key: string, collegeId: string): string {
  return `/v2/files/${key}?college-id=${encodeURIComponent(collegeId)}`;
}

/** A profile photo's address, or null for none (the client then shows its placeholder). */
export function avatarUrl(avatarKey: string | null, collegeId: string): string | null {
  return avatarKey ? fileUrl(avatarKey, collegeId) : null;
}

/** Uploads staged during a request, removed when it ends (those that were put are gone already). */
const stagedOf = new WeakMap<FastifyRequest, StagedFile[]>();

/** Requests whose upload was refused for its size: their connection is closed after the answer. */
const refusedUploads = new WeakSet<FastifyRequest>();

/**
 * Marks a request whose upload went past its limit: the answer closes the connection, so the client
 * stops sending (and the server stops reading) the rest of a body that may be a gigabyte.
 */
export function refuseUploadBody(request: FastifyRequest): void {
  refusedUploads.add(request);
}

/** Remembers an upload staged for `request`, so that it is removed when the request ends. */
export function trackStaged(request: FastifyRequest, staged: StagedFile): void {
  const list = stagedOf.get(request) ?? [];
  list.push(staged);
  stagedOf.set(request, list);
}

/** Whether `request`'s upload was refused for its size (see refuseUploadBody). */
export function isUploadRefused(request: FastifyRequest): boolean {
  return refusedUploads.has(request);
}

/** The uploads staged for `request` (see trackStaged). */
export function stagedUploadsOf(request: FastifyRequest): readonly StagedFile[] {
  return stagedOf.get(request) ?? [];
}

/** Document type by content: PDF, legacy Office (doc) or Office Open XML (docx, a zip). */
export function sniffDocumentType(bytes: Uint8Array): string | undefined {
  const starts = (sig: number[]) => bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'application/msword';
  if (starts([0x50, 0x4b, 0x03, 0x04])) {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  return undefined;
}
