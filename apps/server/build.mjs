// Bundles the server into dist/main.js. Workspace packages (the contract) are bundled; npm packages stay
// external so that PGlite and native modules load their own files.
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    // `node dist/migrate.js`: migrates and exits (an upgrade runs it once before new instances start).
    migrate: 'src/migrate-command.ts',
    'make-pglite-template': 'src/db/make-pglite-template.ts',
    // The worker threads' tasks (platform/worker-pool.ts loads it from beside main.js).
    'worker-tasks': 'src/worker-tasks.ts',
    // `node dist/backup.js backup|restore|verify` in an installation without the sources (docs/operations.md).
    backup: 'src/backup-command.ts',
    // `node dist/create-operator.js`: the first operator of an empty database (docs/operations.md › First account).
    'create-operator': 'src/create-operator-command.ts',
    // `node dist/move-files-to-bucket.js`: the local files into the bucket of FILE_STORE=s3 (docs/operations.md › Object storage).
    'move-files-to-bucket': 'src/move-files-command.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@lms/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

// The demo materials' files, read by the bundled seed from beside main.js (src/db/seed/files in development).
cpSync('src/db/seed/files', 'dist/files', { recursive: true });

// Made after bundling so it carries exactly the migrations this build ships.
execFileSync(process.execPath, ['dist/make-pglite-template.js', 'dist/pglite-template.tar.gz'], {
  stdio: 'inherit',
});
