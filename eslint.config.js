import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { areaCycleRule } from './apps/server/eslint-area-cycle.rule.js';

const ormImport = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'The ORM is used only in src/db/ and *.repository.ts files.',
};
// `../<area>/<file>` from inside modules/: only the file an area exposes, `<area>.api.ts`.
const areaBoundary = {
  regex: '^\\.\\./(?!\\.\\.)[\\w-]+/(?![\\w-]+\\.api\\.ts$)',
  message: 'Another area is used only through the one file it exposes (<area>.api.ts).',
};
// Tests may also use another area's test helpers (`<area>.testing.ts`).
const areaBoundaryInTests = {
  regex: '^\\.\\./(?!\\.\\.)[\\w-]+/(?![\\w-]+\\.(api|testing)\\.ts$)',
  message: 'Tests use another area through <area>.api.ts or its <area>.testing.ts helpers.',
};
const repositoryImport = {
  regex: '\\.repository\\.ts$',
  message: 'Routes call services; only services (and src/db) use repositories.',
};
const sourceExtensions = ['.ts', '.tsx', '.js'];
const serverModules = 'apps/server/src/modules/**/*.ts';
const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/src/**/*.testing.ts'];

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

// The first screens (the dashboard, a class page, a meeting page) and the shell around them draw without
// antd, neither its script nor its CSS: antd's runtime was a third of a first screen's script (docs/web.md
// "Plain first screen"; the bundle check measures them). These are the files they load up front: whole
// folders (lib, the shell's layouts and the dashboard, each with a README.md saying so; every feature's
// api/, which only fetches) and, in folders shared with antd's pages, the files by name;
// apps/web/build/first-screen-lint-zone.test.ts checks that every file they load is named.
const firstScreenFolders = ['lib', 'app/layouts', 'features/dashboard', 'features/*/api'];
const firstScreenFiles = [
  '{main,early-main}',
  'app/{app,provider,router,middleware,route-guards,menus,page-title,route-error-boundary,session-watcher}',
  'app/{page-prefetch,class-route,meeting-route,meeting-content-registry,offline-session}',
  'components/plain-*',
  'components/{class-banner,class-crumb,class-highlight-card,class-status-tag,college-logo,confirm-dialog}',
  'components/{empty-state,lazy-modal,lazy-with-antd,loading-lines,meeting-status-tag,page-loader}',
  'components/{pagination,pdf-reader,rich-text,route-handle,search-box,status-page,toasts,use-copy-text}',
  'components/{content-card-edit-buttons,meeting-content-list,use-modal-dialog,user-avatar}',
  'features/class/components/{class-data-card,class-meeting-href,class-meetings-card,class-participants-card}',
  'features/class/components/{class-schedule-slot,class-teachers-card,lazy-class-modals}',
  'features/class/routes/class-detail-page',
  'features/meeting/components/{meeting-bap-button,meeting-content-blocks,meeting-info}',
  'features/meeting/components/{meeting-status-actions,meeting-text}',
  'features/meeting/routes/meeting-page',
  // The meeting page's content blocks (app/meeting-content-registry.tsx) and the class page's cards.
  'features/material/components/{meeting-materials,material-card}',
  // Kept materials: the meeting block's bar and what the shell runs to send offline records.
  'features/material/components/{offline-materials-bar,use-offline-evidence,use-offline-evidence-sync}',
  'features/material/components/use-online-status',
  'features/task/components/{meeting-tasks,task-card,task-files,task-tags,assignment-monitoring-card}',
  'features/exam/components/{meeting-exams,exam-card}',
  'features/forum/components/{meeting-forums,forum-card,class-forums-card}',
  'features/vidcon/components/{meeting-vidcons,vidcon-card}',
  'features/lecturer-attendance/components/{own-attendance-button,lecturer-attendance-tag}',
  'features/task-group/components/class-groups-card',
  // The header's bell and its list.
  'features/notification/components/{notification-bell,notification-panel}',
];
const firstScreenCode = [
  ...firstScreenFolders.map((folder) => `apps/web/src/${folder}/**/*.{ts,tsx}`),
  ...firstScreenFiles.map((file) => `apps/web/src/${file}.{ts,tsx}`),
];
// antd's icons draw without antd (docs/web.md "Plain first screen"); everything else of antd is its runtime.
const antdImport = {
  regex: '^(antd|@ant-design/(?!icons(/|$)))',
  message:
    'First screens load no antd (docs/web.md "Plain first screen"): use a plain-* component, or load the ' +
    'part that needs antd with lazyWithAntd or lazyModal (components/lazy-with-antd.tsx, lazy-modal.tsx).',
};

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
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: sourceExtensions })],
      // The files whose imports the import-x rules follow (default: .js only): without .ts and .tsx,
      // no-cycle saw no import of a TypeScript file and reported no cycle at all.
      'import-x/extensions': sourceExtensions,
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
    files: [serverModules],
    ignores: ['apps/server/src/**/*.repository.ts', ...serverTests],
    rules: { 'no-restricted-imports': ['error', { patterns: [ormImport, areaBoundary] }] },
  },
  {
    // no-cycle follows files; areas can still import each other in a circle through different files.
    files: [serverModules],
    ignores: serverTests,
    plugins: { lms: { rules: { 'area-cycle': areaCycleRule } } },
    rules: { 'lms/area-cycle': 'error' },
  },
  {
    files: ['apps/server/src/modules/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [areaBoundary] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ormImport, areaBoundary, repositoryImport] }] },
  },
  {
    files: serverTests.map((glob) => glob.replace('src/**', 'src/modules/**')),
    rules: { 'no-restricted-imports': ['error', { patterns: [areaBoundaryInTests] }] },
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
  {
    files: firstScreenCode,
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      // A type import loads nothing.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ ...antdImport, allowTypeImports: true }] },
      ],
    },
  },
  {
    files: ['apps/web/build/service-worker.template.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
