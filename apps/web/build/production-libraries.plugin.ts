import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** A file of an installed package, past its `exports` map. */
function packageFile(name: string, file: string): string {
  return path.join(path.dirname(require.resolve(`${name}/package.json`)), file);
}

/**
 * React's CommonJS entries, each with the production file whose exports it re-exports. Rolldown gives
 * every ES module that imports a CommonJS module a copy of its exports made of getters (`__toESM`): with
 * ~150 modules importing React on the first screen that was ~0.1–0.2 s of a phone's start-up copying
 * properties, and every hook call of every render went through a getter (rolldown issue 8719). Through
 * an ES module that re-exports React's names once, modules bind to them directly.
 */
const reactEntries: Record<string, string> = {
  react: packageFile('react', 'cjs/react.production.js'),
  'react/jsx-runtime': packageFile('react', 'cjs/react-jsx-runtime.production.js'),
  'react-dom': packageFile('react-dom', 'cjs/react-dom.production.js'),
  'react-dom/client': packageFile('react-dom', 'cjs/react-dom-client.production.js'),
};

const facadePrefix = '\0lms-esm:';

/** Whether a module id is one of React's ES module facades (the build's React chunk takes them). */
export function isReactFacade(id: string): boolean {
  return id.startsWith(facadePrefix);
}

/** The source of the ES module standing for one CommonJS entry of React. */
function facadeSource(resolvedEntry: string, productionFile: string): string {
  const names = Object.keys(require(productionFile) as object).filter((name) =>
    /^[A-Za-z_$][\w$]*$/.test(name),
  );
  return [
    `import cjs from ${JSON.stringify(resolvedEntry)};`,
    `export const { ${names.join(', ')} } = cjs;`,
    'export default cjs;',
  ].join('\n');
}

/**
 * React's production entries as ES modules (above), in the build only: the dev server and the tests keep
 * the libraries' own entries. (React Router 8's package exports select its production build themselves.)
 */
export function productionLibrariesPlugin(): Plugin {
  return {
    name: 'lms-production-libraries',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const productionFile = reactEntries[source];
      // CommonJS requires (React DOM of React, say) and the facade's own import keep the real module.
      if (!productionFile || (importer && isReactFacade(importer))) return null;
      if ((options as { kind?: string }).kind === 'require-call') return null;
      return `${facadePrefix}${source}`;
    },
    async load(id) {
      if (!isReactFacade(id)) return null;
      const source = id.slice(facadePrefix.length);
      const resolved = await this.resolve(source, undefined, { skipSelf: true });
      if (!resolved) throw new Error(`cannot resolve ${source}`);
      return facadeSource(resolved.id, reactEntries[source]!);
    },
  };
}
