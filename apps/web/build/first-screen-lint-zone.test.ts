// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The first screens' files are a lint zone without antd (eslint.config.js, `firstScreenFolders` and
// `firstScreenFiles`). The zone names them; this checks that it names every file they load up front, so a
// file that joins a first screen cannot stay outside it.
const root = path.resolve(import.meta.dirname, '../../..');
const src = path.join(root, 'apps/web/src');
/** The app's entry and the first screens' lazy routes (app/router.tsx). */
const firstScreenEntries = [
  'main.tsx',
  'app/class-route.tsx',
  'app/meeting-route.tsx',
  'features/dashboard/routes/dashboard-page.tsx',
];

/** The source files a file imports statically: not `import type`, not `import()`, which load nothing now. */
function staticImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gms),
    ...text.matchAll(/^import\s+'([^']+)'/gm),
  ].map((match) => match[1]!);
  return specifiers
    .filter((specifier) => specifier.startsWith('.') && /\.tsx?$/.test(specifier))
    .map((specifier) => path.resolve(path.dirname(file), specifier))
    .filter((imported) => existsSync(imported));
}

function firstScreenFiles(): string[] {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    staticImportsOf(file).forEach(visit);
  };
  firstScreenEntries.forEach((entry) => visit(path.join(src, entry)));
  return [...files];
}

describe('the first screens without antd', () => {
  it('keeps every file a first screen loads up front in the lint zone', async () => {
    const eslint = new ESLint({ cwd: root });
    const files = firstScreenFiles();
    expect(files.length).toBeGreaterThan(100);
    const outside: string[] = [];
    for (const file of files) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
      if (!config.rules?.['@typescript-eslint/no-restricted-imports']) outside.push(path.relative(src, file));
    }
    expect(outside, 'add them to firstScreenFiles in eslint.config.js').toEqual([]);
  });

  it('refuses antd there and allows its icons', async () => {
    const eslint = new ESLint({ cwd: root });
    const lint = async (code: string, file: string) =>
      (await eslint.lintText(code, { filePath: path.join(src, file) }))[0]!.messages.map((m) => m.ruleId);
    const restricted = '@typescript-eslint/no-restricted-imports';
    expect(await lint("import { Button } from 'antd';\nexport const x = Button;\n", 'lib/x.ts')).toContain(
      restricted,
    );
    expect(
      await lint("import { Tag } from 'antd';\nexport const x = Tag;\n", 'components/plain-tag.tsx'),
    ).toContain(restricted);
    expect(
      await lint(
        "import { ReadOutlined } from '@ant-design/icons';\nexport const x = ReadOutlined;\n",
        'lib/x.ts',
      ),
    ).not.toContain(restricted);
    expect(
      await lint("import { Tag } from 'antd';\nexport const x = Tag;\n", 'components/antd-scope.tsx'),
    ).not.toContain(restricted);
  });
});
