// Bundles the server into dist/main.js. Workspace packages (the contract) are bundled; npm packages stay
// external so that PGlite and native modules load their own files.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
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
