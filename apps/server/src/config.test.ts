import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, secretVariables } from './config.ts';

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
    expect(config.tenantGuard).toBe(false);
    expect(loadConfig({ ...secret, TENANT_GUARD: 'on' }).tenantGuard).toBe(true);
  });

  it.each([
    [{ PORT: 'delapan' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/lms' }, 'DATABASE_URL'],
    [{ SEED: 'semua' }, 'SEED'],
    [{ TOKEN_SECRET: 'pendek' }, 'TOKEN_SECRET'],
    [{ SIAKAD_PRIVATE_NETWORKS: '10.0.0.0/8, kampus' }, 'SIAKAD_PRIVATE_NETWORKS'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX'],
    [{ MIGRATE_ON_START: 'ya' }, 'MIGRATE_ON_START'],
    [{ METRICS_TOKEN: 'pendek' }, 'METRICS_TOKEN'],
    [{ TENANT_GUARD: 'ya' }, 'TENANT_GUARD'],
    [{ PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '-1' }, 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT'],
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

describe('settings that were read outside the check', () => {
  it('has defaults for the pool, start-up migration and load shedding', () => {
    const config = loadConfig({ ...secret });
    expect(config).toMatchObject({
      databasePoolMax: 10,
      migrateOnStart: true,
      metricsToken: undefined,
      pressureMaxEventLoopDelayMs: 1000,
      pressureMaxRequestsInFlight: 0,
      production: false,
    });
    expect(config.pressureMaxHeapBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(config.pressureMaxQueueMs).toBe(100);
  });

  it('caps the requests in work on PostgreSQL at 1.5 per core, at least 3 and at most the pool', () => {
    const onPostgres = (env: NodeJS.ProcessEnv = {}) =>
      loadConfig({ ...secret, DATABASE_URL: 'postgres://lms@db/lms', ...env }).pressureMaxRequestsInFlight;
    expect(onPostgres()).toBe(Math.min(10, Math.max(3, Math.ceil(1.5 * availableParallelism()))));
    expect(onPostgres({ DATABASE_POOL_MAX: '2' })).toBe(2);
    expect(onPostgres({ PRESSURE_MAX_REQUESTS_IN_FLIGHT: '0' })).toBe(0);
  });

  it('reads them when set', () => {
    const config = loadConfig({
      ...secret,
      DATABASE_POOL_MAX: '25',
      MIGRATE_ON_START: 'false',
      PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
      PRESSURE_MAX_HEAP_MB: '512',
      PRESSURE_MAX_REQUESTS_IN_FLIGHT: '40',
      PRESSURE_MAX_QUEUE_MS: '250',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      databasePoolMax: 25,
      migrateOnStart: false,
      pressureMaxEventLoopDelayMs: 0,
      pressureMaxHeapBytes: 512 * 1024 * 1024,
      pressureMaxRequestsInFlight: 40,
      pressureMaxQueueMs: 250,
      production: true,
    });
  });
});

describe('traces', () => {
  it('are off unless an OTLP endpoint is set, and OTEL_SDK_DISABLED wins', () => {
    expect(loadConfig({ ...secret }).tracing).toBeUndefined();
    const endpoint = { ...secret, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' };
    expect(loadConfig(endpoint).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      serviceName: 'lms',
    });
    expect(
      loadConfig({
        ...endpoint,
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:4318/ingest',
        OTEL_SERVICE_NAME: 'lms-kampus',
      }).tracing,
    ).toEqual({ tracesUrl: 'http://traces:4318/ingest', serviceName: 'lms-kampus' });
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).tracing).toBeUndefined();
  });
});

describe('object storage (FILE_STORE=s3)', () => {
  const bucket = { FILE_STORE: 's3', S3_BUCKET: 'lms-kampus' };
  const errorOf = (env: NodeJS.ProcessEnv): string => {
    try {
      loadConfig({ ...secret, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('loadConfig accepted the configuration');
  };

  it('keeps files on local disk unless asked, whatever S3_* says', () => {
    expect(loadConfig({ ...secret }).s3).toBeUndefined();
    expect(loadConfig({ ...secret, S3_BUCKET: 'lms-kampus' }).s3).toBeUndefined();
  });

  it('reads a campus server with path-style addresses, and Amazon S3 with bucket names', () => {
    expect(
      loadConfig({
        ...secret,
        ...bucket,
        S3_ENDPOINT: 'http://10.1.2.3:3900',
        S3_REGION: 'garage',
        S3_PREFIX: 'lms/',
        S3_ACCESS_KEY_ID: 'GK0123',
        S3_SECRET_ACCESS_KEY: 'rahasia-s3',
      }).s3,
    ).toEqual({
      endpoint: 'http://10.1.2.3:3900',
      region: 'garage',
      bucket: 'lms-kampus',
      prefix: 'lms/',
      accessKeyId: 'GK0123',
      secretAccessKey: 'rahasia-s3',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...secret, ...bucket, S3_REGION: 'ap-southeast-3' }).s3).toEqual({
      region: 'ap-southeast-3',
      bucket: 'lms-kampus',
      prefix: '',
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        ...secret,
        ...bucket,
        S3_ENDPOINT: 'https://s3.kampus.ac.id',
        S3_FORCE_PATH_STYLE: 'false',
      }).s3?.forcePathStyle,
    ).toBe(false);
  });

  it.each([
    [{ FILE_STORE: 's3' }, 'FILE_STORE=s3 needs S3_BUCKET'],
    [{ ...bucket, S3_BUCKET: 'LMS_Kampus' }, 'S3_BUCKET must be a bucket name'],
    [{ ...bucket, S3_ENDPOINT: 'ftp://s3.kampus' }, 'S3_ENDPOINT'],
    [{ ...bucket, S3_ENDPOINT: 'https://kunci:rahasia@s3.kampus' }, 'S3_ENDPOINT must not carry credentials'],
    [{ ...bucket, S3_PREFIX: '/lms' }, 'S3_PREFIX'],
    [{ ...bucket, S3_PREFIX: 'lms' }, 'S3_PREFIX'],
    [{ ...bucket, S3_ACCESS_KEY_ID: 'GK0123' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together'],
    [{ FILE_STORE: 'nfs' }, 'FILE_STORE'],
  ])('refuses %o, naming the variable', (env, expected) => {
    expect(errorOf(env)).toContain(expected);
  });
});

describe('secrets from files (NAME_FILE)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lms-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fileWith = (name: string, content: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, content, { mode: 0o600 });
    return file;
  };
  const errorOf = (env: NodeJS.ProcessEnv): Error => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return error as Error;
    }
    throw new Error('loadConfig accepted the configuration');
  };

  it('covers every secret the server reads', () => {
    expect([...secretVariables].sort()).toEqual(
      [
        'DATABASE_URL',
        'METRICS_TOKEN',
        'SIAKAD_CLIENT_SECRET',
        'SMTP_PASSWORD',
        'TOKEN_SECRET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
      ].sort(),
    );
  });

  it("reads each secret from its file, without the file's one trailing line break", () => {
    const config = loadConfig({
      TOKEN_SECRET_FILE: fileWith('token', `${'t'.repeat(40)}\n`),
      DATABASE_URL_FILE: fileWith('url', 'postgres://lms:rahasia@db.kampus:5432/lms\r\n'),
      SIAKAD_CLIENT_SECRET_FILE: fileWith('siakad', 'siakad-secret-0123456789'),
      METRICS_TOKEN_FILE: fileWith('metrics', 'metrics-token-0123456789\n\n'),
      SMTP_HOST: 'smtp.kampus.ac.id',
      SMTP_USER: 'lms',
      SMTP_PASSWORD_FILE: fileWith('smtp', 'smtp-rahasia\n'),
    });
    expect(config.smtp?.password).toBe('smtp-rahasia');
    expect(config.tokenSecret).toBe('t'.repeat(40));
    expect(config.databaseUrl).toBe('postgres://lms:rahasia@db.kampus:5432/lms');
    expect(config.siakadClientSecret).toBe('siakad-secret-0123456789');
    // Only one line break goes: the second is part of the value (and then fails no check here).
    expect(config.metricsToken).toBe('metrics-token-0123456789\n');
  });

  it('validates a value from a file like one from the environment, naming the variable', () => {
    const message = errorOf({ TOKEN_SECRET_FILE: fileWith('short', 'pendek-rahasia\n') }).message;
    expect(message).toMatch(/^Invalid configuration: TOKEN_SECRET must be at least 32 characters/);
    expect(message).not.toContain('pendek-rahasia');
  });

  it('refuses both the variable and its file', () => {
    const message = errorOf({ ...secret, TOKEN_SECRET_FILE: fileWith('both', 'x'.repeat(40)) }).message;
    expect(message).toBe(
      'Invalid configuration: TOKEN_SECRET and TOKEN_SECRET_FILE are both set; set only one',
    );
  });

  it('names the variable of a missing, unreadable or empty file, never its content', () => {
    const missing = path.join(dir, 'tidak-ada');
    expect(errorOf({ ...secret, DATABASE_URL_FILE: missing }).message).toBe(
      `Invalid configuration: DATABASE_URL_FILE cannot be read (ENOENT: ${missing})`,
    );
    expect(errorOf({ ...secret, METRICS_TOKEN_FILE: dir }).message).toMatch(
      /^Invalid configuration: METRICS_TOKEN_FILE cannot be read \(EISDIR: /,
    );
    const locked = fileWith('locked', 'siakad-secret-0123456789');
    chmodSync(locked, 0o000);
    // root reads a file whatever its mode; the refusal can only be seen as another user.
    if (process.getuid?.() !== 0) {
      expect(errorOf({ ...secret, SIAKAD_CLIENT_SECRET_FILE: locked }).message).toMatch(
        /^Invalid configuration: SIAKAD_CLIENT_SECRET_FILE cannot be read \(EACCES: /,
      );
    }
    const empty = errorOf({ ...secret, SIAKAD_CLIENT_SECRET_FILE: fileWith('empty', '\n') }).message;
    expect(empty).toMatch(/^Invalid configuration: SIAKAD_CLIENT_SECRET_FILE names an empty file/);
  });

  it('treats an empty NAME_FILE as unset', () => {
    expect(loadConfig({ ...secret, DATABASE_URL_FILE: '' }).databaseUrl).toBeUndefined();
  });
});

describe('web push (VAPID)', () => {
  const keys = {
    VAPID_PUBLIC_KEY:
      'BE5NZL8S7BBQkSLmCvgPj-ToaHzlpfdLIpAjkrA2-BnKD7H5zaal3Ym-Vwt7JOEjFuSrUZvuKKipkNhbIfbnGgc',
    VAPID_PRIVATE_KEY: 'x'.repeat(43),
    VAPID_SUBJECT: 'mailto:admin@kampus.ac.id',
  };

  it('is off unless all three are set, and refuses some without the others', () => {
    expect(loadConfig({ ...secret }).vapid).toBeUndefined();
    expect(loadConfig({ ...secret }).emailDigestSettleMs).toBe(120_000);
    expect(loadConfig({ ...secret, ...keys }).vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: keys.VAPID_SUBJECT,
    });
    expect(() => loadConfig({ ...secret, VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(
      /set all or none/,
    );
  });

  it('refuses a subject that is neither mailto: nor https, and origins that are not origins', () => {
    expect(() => loadConfig({ ...secret, ...keys, VAPID_SUBJECT: 'http://kampus.ac.id' })).toThrow(
      /VAPID_SUBJECT/,
    );
    expect(() => loadConfig({ ...secret, PUSH_EXTRA_ORIGINS: 'https://push.kampus.ac.id/jalur' })).toThrow(
      /PUSH_EXTRA_ORIGINS/,
    );
    expect(
      loadConfig({ ...secret, PUSH_EXTRA_ORIGINS: 'https://push.kampus.ac.id:8443' }).pushExtraOrigins,
    ).toEqual(['https://push.kampus.ac.id:8443']);
  });
});
