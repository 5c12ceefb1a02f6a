import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isUploadRefused, LocalFileStore, stagedUploadsOf, type FileStore } from './file-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live: the local folder or an S3-compatible bucket (FILE_STORE). */
    files: FileStore;
  }
}

/**
 * Decorates `app.files` with the configured store: the bucket of FILE_STORE=s3 (its module loads only
 * then), else the local folder `{dataDir}/files` (created on first upload). Uploads are staged under
 * `{dataDir}/files/.staging` either way.
 */
export const fileStoragePlugin = fp(
  async (app: FastifyInstance) => {
    const root = path.join(app.config.dataDir, 'files');
    const s3 = app.config.s3;
    if (s3) {
      const { S3FileStore } = await import('./s3-file-store.ts');
      const store = new S3FileStore(s3, root);
      app.decorate('files', store);
      app.addHook('onClose', async () => store.close());
    } else {
      app.decorate('files', new LocalFileStore(root));
    }
    app.addHook('onSend', async (request, reply) => {
      if (isUploadRefused(request)) reply.header('connection', 'close');
    });
    app.addHook('onResponse', async (request) => {
      await Promise.all(stagedUploadsOf(request).map((file) => app.files.discard(file)));
    });
  },
  { name: 'file-storage', dependencies: ['database'] },
);
