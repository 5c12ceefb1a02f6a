import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const ormImport = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'The ORM is used only in src/db/ and *.repository.ts files.',
};

// Each web feature is one folder; features share through src/components and src/lib, and only src/app
// (the router, the layouts) puts them together.
const webFeatures = readdirSync(new URL('apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webSrc = './apps/web/src';
const webBoundaries = [
  ...webFeatures.map((feature) => ({
    target: `${webSrc}/features/${feature}`,
    from: `${webSrc}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: move what both need to src/components or src/lib.',
  })),
  {
    target: [`${webSrc}/components`, `${webSrc}/lib`, `${webSrc}/testing`],
    from: [`${webSrc}/features`, `${webSrc}/app`],
    message: 'Shared web code does not depend on features or the app shell.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      '**/test-results/**',
      '**/test-results-*/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X }` still loads the module (verbatimModuleSyntax); `import type` does not.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // No barrel files: a file named index that only re-exports hides where things live.
    files: ['**/index.ts', '**/index.tsx'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: 'No barrel files.' }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/**',
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/testing/**',
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [ormImport] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webBoundaries }],
    },
  },
);
