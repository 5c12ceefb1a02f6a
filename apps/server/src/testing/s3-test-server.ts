import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { S3StoreConfig } from '../config.ts';

/** s3rver's fixed credentials (it accepts only these). */
const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** The bucket of a TEST_FILE_STORE=s3 run (s3-global-setup.ts). */
export const testBucket = 'lms-test';

/** This test file's folder in that bucket: the instances a file builds share it, other files do not. */
const testFilePrefix = `file-${randomBytes(6).toString('hex')}/`;

/** The store of a TEST_FILE_STORE=s3 run for the test apps (test-app.ts), else undefined: local disk. */
export function testFileStoreConfig(): S3StoreConfig | undefined {
  const endpoint = inject('s3TestEndpoint');
  return endpoint ? s3rverStoreConfig(endpoint, testBucket, testFilePrefix) : undefined;
}

function s3rverStoreConfig(endpoint: string, bucket: string, prefix: string): S3StoreConfig {
  return { endpoint, region: 'us-east-1', bucket, prefix, forcePathStyle: true, ...s3rverCredentials };
}

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  /** The store configuration of a bucket made at start, in `prefix` (a folder ending in `/`) if given. */
  storeConfig(bucket: string, prefix?: string): S3StoreConfig;
  /** Stops the server's process and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from npm) in its own process on a free loopback port, over HTTP,
 * with `buckets` created at its start: the tests speak to it through the AWS SDK as to Ceph or Garage.
 */
export async function startS3TestServer(buckets: string[]): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'lms-s3rver-'));
  const bin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('s3rver/package.json')),
    'bin/s3rver.js',
  );
  const args = [bin, '-d', directory, '-a', '127.0.0.1', '-p', '0', '--silent', '--no-vhost-buckets'];
  for (const bucket of buckets) args.push('--configure-bucket', bucket);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`s3rver did not start: ${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on [^:\s]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}): ${output}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    storeConfig: (bucket, prefix = '') => s3rverStoreConfig(endpoint, bucket, prefix),
    stop: () => stopProcess(child).finally(() => rmSync(directory, { recursive: true, force: true })),
  };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
