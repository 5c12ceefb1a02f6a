// `npm run release`: one artifact a campus installs — the built server and web app with only the server's
// production dependencies, laid out as in this repository so Node resolves every package exactly as it
// does here (the same versions the tests ran against, copied from the installed tree, no registry call).
//
//   release/lms-<version>/            unpacked, ready to run
//   release/lms-<version>.tar.gz      the same, to copy to a server
//
// On the server: `node apps/server/dist/migrate.js` (once per upgrade), then `node apps/server/dist/main.js`
// (docs/operations.md, "Installing a release").
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const skipBuild = process.argv.includes('--no-build');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function describeVersion() {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return new Date().toISOString().slice(0, 10);
  }
}

if (!skipBuild) run('npm', ['run', 'build']);
for (const built of ['apps/web/dist/index.html', 'apps/server/dist/main.js']) {
  if (!existsSync(path.join(root, built))) {
    console.error(`release: ${built} is missing; run npm run build first`);
    process.exit(1);
  }
}

const version = describeVersion();
const name = `lms-${version}`;
const releaseDir = path.join(root, 'release');
const out = path.join(releaseDir, name);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

for (const part of ['apps/server/dist', 'apps/server/drizzle', 'apps/web/dist']) {
  cpSync(path.join(root, part), path.join(out, part), { recursive: true });
}

// The server's production dependency tree as npm installed it (hoisted to the root, or kept under
// apps/server/node_modules where versions differ). Workspace packages (@lms/*) are bundled into dist.
const listed = execFileSync('npm', ['ls', '--omit=dev', '-w', '@lms/server', '--all', '--parseable'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let copied = 0;
for (const full of listed.split('\n')) {
  const relative = path.relative(root, full.trim());
  if (!relative.includes('node_modules') || relative.includes(`node_modules${path.sep}@lms${path.sep}`))
    continue;
  cpSync(path.join(root, relative), path.join(out, relative), {
    recursive: true,
    // A nested node_modules is copied as its own entry, only when it is a production dependency.
    filter: (source) => !path.relative(path.join(root, relative), source).includes('node_modules'),
  });
  copied += 1;
}

const serverPackage = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
writeFileSync(
  path.join(out, 'package.json'),
  `${JSON.stringify(
    {
      name: 'lms',
      version: serverPackage.version,
      private: true,
      description: `${rootPackage.description} (release ${version})`,
      type: 'module',
      engines: rootPackage.engines,
      scripts: {
        start: 'node --enable-source-maps apps/server/dist/main.js',
        migrate: 'node apps/server/dist/migrate.js',
        backup: 'node apps/server/dist/backup.js backup',
        restore: 'node apps/server/dist/backup.js restore',
        'move-files-to-bucket': 'node apps/server/dist/move-files-to-bucket.js',
      },
    },
    null,
    2,
  )}\n`,
);
writeFileSync(path.join(out, 'RELEASE'), `${version}\n`);

mkdirSync(releaseDir, { recursive: true });
run('tar', ['-czf', path.join(releaseDir, `${name}.tar.gz`), '-C', releaseDir, name]);
console.log(`release: ${path.relative(root, out)} (${copied} packages) and ${name}.tar.gz`);
