import { describe, expect, it } from 'vitest';
import { productionLibrariesPlugin } from './production-libraries.plugin.ts';

type Hook = (this: unknown, ...args: unknown[]) => Promise<string | null>;
const plugin = productionLibrariesPlugin();
const resolveId = plugin.resolveId as unknown as Hook;
const load = plugin.load as unknown as Hook;
const context = { resolve: async (source: string) => ({ id: `/modules/${source}.js` }) };

describe('productionLibrariesPlugin', () => {
  it('leaves React Router to its package exports (production in a build since React Router 8)', async () => {
    expect(
      await resolveId.call(context, 'react-router', '/app/src/router.tsx', { kind: 'import-statement' }),
    ).toBeNull();
  });

  it("gives ES modules React's entries through a facade, and CommonJS requires the real module", async () => {
    for (const source of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client']) {
      const id = await resolveId.call(context, source, '/app/src/main.tsx', { kind: 'import-statement' });
      expect(id).toBe(`\0lms-esm:${source}`);
      expect(
        await resolveId.call(context, source, '/node_modules/x/index.js', { kind: 'require-call' }),
      ).toBeNull();
      // The facade's own import of the entry is left to the other resolvers.
      expect(await resolveId.call(context, source, id, { kind: 'import-statement' })).toBeNull();
    }
  });

  it("re-exports every name of React's production build as a binding of its own", async () => {
    const source = await load.call(context, '\0lms-esm:react');
    expect(source).toContain('import cjs from "/modules/react.js";');
    expect(source).toMatch(/export const \{[^}]*\buseState\b[^}]*\buseSyncExternalStore\b[^}]*\} = cjs;/);
    expect(source).toContain('export default cjs;');
    const client = await load.call(context, '\0lms-esm:react-dom/client');
    expect(client).toMatch(/export const \{[^}]*\bcreateRoot\b[^}]*\} = cjs;/);
    expect(await load.call(context, '/app/src/main.tsx')).toBeNull();
  });
});
