import type { TestProject } from 'vitest/node';
import { startS3TestServer, testBucket } from './s3-test-server.ts';

/**
 * TEST_FILE_STORE=s3: one s3rver for the run, so that every test app keeps its files in a bucket
 * (test-app.ts; a folder per test file) and the server suite runs on the bucket store as on the disk one.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_FILE_STORE !== 's3') {
    project.provide('s3TestEndpoint', '');
    return undefined;
  }
  const server = await startS3TestServer([testBucket]);
  project.provide('s3TestEndpoint', server.endpoint);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    s3TestEndpoint: string;
  }
}
