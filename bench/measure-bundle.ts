// Measures the JavaScript and CSS a browser downloads for the sign-in page and for the dashboard
// (gzip), from the Vite manifest of the built web app: the entry chunk plus the lazy route chunks
// of each screen and everything they import statically. Run `npm run build -w @lms/web` first.
//   npx tsx bench/measure-bundle.ts
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

/** Every file a set of manifest keys loads: the chunks, their static imports, their CSS. */
function closure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return files;
}

function gzipKb(files: Set<string>): { js: number; css: number } {
  let js = 0;
  let css = 0;
  for (const file of files) {
    const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    if (file.endsWith('.css')) css += size;
    else js += size;
  }
  return { js: js / 1000, css: css / 1000 };
}

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const screens: Record<string, string[]> = {
  'sign-in (/login)': [entry, 'src/features/auth/routes/login-page.tsx'],
  'dashboard (/beranda)': [
    entry,
    'src/app/layouts/default-layout.tsx',
    'src/features/dashboard/routes/dashboard-page.tsx',
  ],
};

const budgetKb = 300;
console.log('| screen | JavaScript, gzip KB | CSS, gzip KB | within 300 KB |');
console.log('|---|---:|---:|---|');
for (const [name, keys] of Object.entries(screens)) {
  const { js, css } = gzipKb(closure(keys));
  console.log(`| ${name} | ${js.toFixed(1)} | ${css.toFixed(1)} | ${js <= budgetKb ? 'yes' : 'no'} |`);
}
