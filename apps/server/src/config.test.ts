import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const secret = { TOKEN_SECRET: 'x'.repeat(32) };

describe('loadConfig', () => {
  it('needs nothing to start', () => {
    const config = loadConfig({ ...secret });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jobs).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    // Demo accounts with a published password never load unless asked for.
    expect(config.seed).toBe('none');
  });

  it.each([
    [{ PORT: 'delapan' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/lms' }, 'DATABASE_URL'],
    [{ SEED: 'semua' }, 'SEED'],
    [{ TOKEN_SECRET: 'pendek' }, 'TOKEN_SECRET'],
  ])('stops on %o with one line naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig({ ...secret, ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^Invalid configuration: ${variable} `));
    expect(message).not.toContain('\n');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...secret, PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
