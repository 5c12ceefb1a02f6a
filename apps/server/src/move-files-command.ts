// `npm run move-files-to-bucket` / `node dist/move-files-to-bucket.js`: copies the files of DATA_DIR/files
// into the bucket that FILE_STORE=s3 and S3_* name (docs/operations.md › Object storage). Re-runnable: it
// skips what the bucket holds already with the same size and checksum, so it can run once while the
// server still writes to disk and again after the switch to catch what came meanwhile.
import path from 'node:path';
import { loadCommandConfig } from './command-setup.ts';
import { LocalFileStore } from './platform/file-storage.ts';
import { moveFilesToBucket } from './platform/s3-file-move.ts';
import { S3FileStore } from './platform/s3-file-store.ts';

async function moveFiles(): Promise<number> {
  const config = loadCommandConfig();
  if (!config) return 1;
  if (!config.s3) {
    console.error('Set FILE_STORE=s3 and the S3_* settings of the bucket to move the files into.');
    return 1;
  }
  const root = path.join(config.dataDir, 'files');
  const target = new S3FileStore(config.s3, root);
  try {
    const result = await moveFilesToBucket(new LocalFileStore(root), target, (line) => console.error(line));
    console.log(
      `Files in bucket ${config.s3.bucket}: ${result.copied} copied (${result.bytes} bytes), ` +
        `${result.skipped} already there. The files in ${root} stay until you remove them.`,
    );
    return 0;
  } catch (error) {
    console.error(`Moving the files failed: ${(error as Error).message}`);
    return 1;
  } finally {
    target.close();
  }
}

process.exitCode = await moveFiles();
