import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StoreConfig } from '../config.ts';
import {
  LocalFileStore,
  createFileKey,
  isValidFileKey,
  type ByteRange,
  type FileStore,
  type PutFileOptions,
  type StagedFile,
  type StoredFile,
} from './file-storage.ts';

/** A multipart upload's part: memory holds at most `queueSize` of these per upload. */
const partSize = 8 * 1024 * 1024;
const partsInFlight = 2;
/** Connections to the store at once, per instance (each download being sent holds one). */
const maxConnections = 1024;
/** Metadata reads (HEAD) at once while listing a page. */
const listConcurrency = 8;
/** S3 allows 2 KB of user metadata; the uploader's name gets what the other fields leave. */
const maxEncodedFileName = 1500;

/** A stored file as the bucket holds it, with the checksum the move command recorded (if any). */
export type BucketFile = StoredFile & { sha256?: string };

/**
 * Files in an S3-compatible bucket: object `{prefix}{key}` holds the bytes, its user metadata the rest
 * of `StoredFile` (college, name, dates, private, derivedFrom), so one HEAD answers what the local store's
 * `.json` does and a PUT is atomic (readers never see half a file). Uploads are staged on local disk as
 * with the local store (the content checks read the staged file), then streamed to the bucket.
 */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  /** Staging is local: a staged upload lives only during its request, on the instance that received it. */
  private readonly staging: LocalFileStore;
  /** Deletes under way in this process, so that callers removing one key at once count it once. */
  private readonly deleting = new Map<string, Promise<boolean>>();

  constructor(config: S3StoreConfig, stagingRoot: string) {
    this.client = createS3Client(config);
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.staging = new LocalFileStore(stagingRoot);
  }

  private objectName(key: string): string {
    return `${this.prefix}${key}`;
  }

  async put(body: Buffer | Readable | StagedFile, options: PutFileOptions): Promise<StoredFile> {
    const key = options.key ?? createFileKey();
    if (!isValidFileKey(key)) throw new Error(`invalid file key ${key}`);
    const file: StoredFile = {
      key,
      collegeId: options.collegeId,
      contentType: options.contentType,
      size: 0,
      fileName: options.fileName ?? null,
      createdAt: new Date().toISOString(),
      ...(options.private ? { private: true } : {}),
      ...(options.derivedFrom ? { derivedFrom: options.derivedFrom } : {}),
    };
    if (Buffer.isBuffer(body)) {
      await this.upload(file, body);
      return { ...file, size: body.length };
    }
    if ('stagedPath' in body) {
      const stagedPath = this.staging.stagedPathOf(body);
      await this.upload(file, createReadStream(stagedPath));
      await rm(stagedPath, { force: true });
      return { ...file, size: body.size };
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    body.on('error', (error) => counter.destroy(error));
    await this.upload(file, body.pipe(counter));
    return { ...file, size };
  }

  /** Streams the bytes up with the file's metadata: one PUT when small, else parts of `partSize`. */
  private async upload(file: StoredFile, body: Buffer | Readable, sha256?: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      queueSize: partsInFlight,
      partSize,
      leavePartsOnError: false,
      params: {
        Bucket: this.bucket,
        Key: this.objectName(file.key),
        Body: body,
        ContentType: file.contentType,
        Metadata: encodeMetadata(file, sha256),
      },
    });
    await upload.done();
  }

  /**
   * Writes a file that exists elsewhere (the local store) under its own key with all its metadata kept,
   * recording its SHA-256 so that a second run can tell it is there already (s3-file-move.ts).
   */
  async putCopy(file: StoredFile, body: Readable, sha256: string): Promise<void> {
    if (!isValidFileKey(file.key)) throw new Error(`invalid file key ${file.key}`);
    await this.upload(file, body, sha256);
  }

  stage(stream: Readable, maxBytes: number): Promise<StagedFile> {
    return this.staging.stage(stream, maxBytes);
  }

  discard(staged: StagedFile): Promise<void> {
    return this.staging.discard(staged);
  }

  /** The file's metadata, or undefined for an unknown key (or an object of the bucket that is not ours). */
  async head(key: string): Promise<BucketFile | undefined> {
    if (!isValidFileKey(key)) return undefined;
    let answer: HeadObjectCommandOutput;
    try {
      answer = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }),
      );
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    return decodeMetadata(key, answer);
  }

  /**
   * The metadata (one HEAD) and a stream that fetches the bytes only when first read: a caller that
   * looks at the metadata and drops the stream costs no transfer. One range becomes one ranged GET.
   */
  async get(key: string, range?: ByteRange): Promise<{ file: StoredFile; stream: Readable } | undefined> {
    const found = await this.head(key);
    if (!found) return undefined;
    const { sha256: _sha256, ...file } = found;
    const client = this.client;
    const request = {
      Bucket: this.bucket,
      Key: this.objectName(key),
      ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
    };
    async function* bytes() {
      const answer = await client.send(new GetObjectCommand(request));
      yield* answer.Body as Readable;
    }
    return { file, stream: Readable.from(bytes(), { objectMode: false }) };
  }

  /** Copies the object onto itself with the private flag in its metadata (S3 metadata cannot be edited). */
  async makePrivate(key: string): Promise<boolean> {
    const found = await this.head(key);
    if (!found) return false;
    if (found.private) return true;
    const { sha256, ...file } = found;
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.objectName(key),
        CopySource: `${this.bucket}/${this.objectName(key).split('/').map(encodeURIComponent).join('/')}`,
        MetadataDirective: 'REPLACE',
        ContentType: file.contentType,
        Metadata: encodeMetadata({ ...file, private: true }, sha256),
      }),
    );
    return true;
  }

  /**
   * Removes the object. S3 deletes answer the same whether the object was there, so this asks first; two
   * removals at once in this process share one answer. Across instances the sweep runs once (jobs).
   */
  delete(key: string): Promise<boolean> {
    const running = this.deleting.get(key);
    if (running) return running.then(() => false);
    const removal = this.removeObject(key).finally(() => this.deleting.delete(key));
    this.deleting.set(key, removal);
    return removal;
  }

  private async removeObject(key: string): Promise<boolean> {
    if (!(await this.head(key))) return false;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectName(key) }));
    return true;
  }

  /** A listing page at a time (up to 1,000 names, in name order), each file's metadata by HEAD. */
  async *list(): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken: token }),
      );
      const keys = (page.Contents ?? [])
        .map((object) => (object.Key ?? '').slice(this.prefix.length))
        .filter(isValidFileKey);
      for (let i = 0; i < keys.length; i += listConcurrency) {
        const files = await Promise.all(keys.slice(i, i + listConcurrency).map((key) => this.head(key)));
        for (const found of files) {
          // Deleted since the page was read.
          if (!found) continue;
          const { sha256: _sha256, ...file } = found;
          yield file;
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Closes the client's connections (commands and tests; the server keeps its client). */
  close(): void {
    this.client.destroy();
  }
}

/** The SDK client for a campus server or Amazon S3. */
export function createS3Client(config: S3StoreConfig): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Downloads stream through the server, each holding a connection while a phone reads it: the SDK's
    // default of 50 would queue the 51st video behind the others.
    requestHandler: {
      httpAgent: { keepAlive: true, maxSockets: maxConnections },
      httpsAgent: { keepAlive: true, maxSockets: maxConnections },
      connectionTimeout: 10_000,
    },
    // Checksums only where S3 requires them: the SDK's default (CRC32 in aws-chunked bodies) is not
    // understood by every S3-compatible server a campus runs.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** User metadata is ASCII headers: the uploader's name is percent-encoded (and shortened past 2 KB). */
function encodeMetadata(file: StoredFile, sha256?: string): Record<string, string> {
  return {
    college: file.collegeId,
    'created-at': file.createdAt,
    ...(file.fileName ? { 'file-name': encodeFileName(file.fileName) } : {}),
    ...(file.private ? { private: 'true' } : {}),
    ...(file.derivedFrom ? { 'derived-from': file.derivedFrom } : {}),
    ...(sha256 ? { sha256 } : {}),
  };
}

function encodeFileName(fileName: string): string {
  let name = fileName;
  while (encodeURIComponent(name).length > maxEncodedFileName) {
    // Keep the extension, shorten the stem.
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = `${[...name.slice(0, name.length - extension.length)].slice(0, -50).join('')}${extension}`;
  }
  return encodeURIComponent(name);
}

function decodeMetadata(key: string, answer: HeadObjectCommandOutput): BucketFile | undefined {
  const meta = answer.Metadata ?? {};
  if (!meta.college) return undefined;
  let fileName: string | null = null;
  try {
    fileName = meta['file-name'] ? decodeURIComponent(meta['file-name']) : null;
  } catch {
    fileName = null;
  }
  return {
    key,
    collegeId: meta.college,
    contentType: answer.ContentType ?? 'application/octet-stream',
    size: answer.ContentLength ?? 0,
    fileName,
    // Without a date the sweep keeps the file (an unreadable date is never past its grace).
    createdAt: meta['created-at'] ?? '',
    ...(meta.private === 'true' ? { private: true } : {}),
    ...(meta['derived-from'] ? { derivedFrom: meta['derived-from'] } : {}),
    ...(meta.sha256 ? { sha256: meta.sha256 } : {}),
  };
}
