// `npm start`: builds the web app and the server when their sources are newer than the build, then
// runs the server, which serves both.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, 'packages/contract')),
  newestMtime(path.join(root, 'apps/web')),
  newestMtime(path.join(root, 'apps/server')),
);
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/main.js'].map((f) => path.join(root, f));
const built = outputs.every(existsSync) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
if (built < sources) {
  console.log('Membangun aplikasi…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The quick start asks for the demo university; a server given its own database, or run in production
// mode, gets demo data only when SEED=demo says so.
const env = { ...process.env };
if (!env.SEED && !env.DATABASE_URL && env.NODE_ENV !== 'production') env.SEED = 'demo';

const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
