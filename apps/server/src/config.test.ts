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
    [{ SIAKAD_PRIVATE_NETWORKS: '10.0.0.0/8, kampus' }, 'SIAKAD_PRIVATE_NETWORKS'],
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

  it('reads the SIAKAD hosts and networks as lists; none by default', () => {
    expect(loadConfig({ ...secret })).toMatchObject({ siakadAllowedHosts: [], siakadPrivateNetworks: [] });
    expect(
      loadConfig({
        ...secret,
        SIAKAD_ALLOWED_HOSTS: 'Siakad.Kampus.ac.id, *.kampus.ac.id',
        SIAKAD_PRIVATE_NETWORKS: '10.20.0.0/16,fd12::/48',
      }),
    ).toMatchObject({
      siakadAllowedHosts: ['siakad.kampus.ac.id', '*.kampus.ac.id'],
      siakadPrivateNetworks: ['10.20.0.0/16', 'fd12::/48'],
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...secret, PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
