import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  /** Demo data loads only where asked for: `npm start` and `npm run dev` ask for it, a bare start does not. */
  SEED: z.enum(['demo', 'none']).default('none'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SIAKAD_URL: z.url().optional(),
  SIAKAD_CLIENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Hosts a college may set as its SIAKAD (HTTP connector, single sign-on): comma-separated names. */
  SIAKAD_ALLOWED_HOSTS: z.string().optional(),
  /** Private/loopback networks those hosts may resolve to: comma-separated CIDRs. */
  SIAKAD_PRIVATE_NETWORKS: z
    .string()
    .refine((value) => splitList(value).every(isCidr), 'must be comma-separated CIDRs (10.0.0.0/8)')
    .optional(),
  /** The installation's SMTP server, used by colleges that set none of their own. */
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** tls (implicit TLS, 465), starttls (587, the default) or none. */
  SMTP_SECURITY: z.enum(['tls', 'starttls', 'none']).default('starttls'),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().min(1).optional(),
  /** The sender of the installation's mail: `lms@kampus.ac.id` or `LMS Kampus <lms@kampus.ac.id>`. */
  SMTP_FROM: z.string().min(3).optional(),
  /** Private/loopback networks a college's own SMTP host may resolve to: comma-separated CIDRs. */
  SMTP_PRIVATE_NETWORKS: z
    .string()
    .refine((value) => splitList(value).every(isCidr), 'must be comma-separated CIDRs (10.0.0.0/8)')
    .optional(),
  /** Web Push (VAPID) key pair, base64url (`npx web-push generate-vapid-keys`); unset: push is off. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}={0,1}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services may contact about this sender: `mailto:admin@kampus.ac.id` or an https URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be mailto:address or an https:// URL')
    .optional(),
  /** How long a user's notifications wait after their newest one before the email digest takes them. */
  NOTIFICATION_EMAIL_SETTLE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
  /** Push-service origins besides the known ones (https://host[:port], comma-separated): tests, private setups. */
  PUSH_EXTRA_ORIGINS: z
    .string()
    .refine(
      (value) => splitList(value).every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
      'must be comma-separated origins (https://push.kampus.ac.id)',
    )
    .optional(),
  /** Private/loopback networks a college's OpenID provider may resolve to (http allowed there): CIDRs. */
  OIDC_PRIVATE_NETWORKS: z
    .string()
    .refine((value) => splitList(value).every(isCidr), 'must be comma-separated CIDRs (10.0.0.0/8)')
    .optional(),
  /** Password reset requests (and link uses) per client address per hour. */
  RATE_LIMIT_PASSWORD_RESET_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_TOKEN_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Sign-in attempts per client address per minute, whatever the usernames (password spraying). */
  RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Password hashes (argon2) computed at once; default: the machine's cores. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  /** Password checks waiting for a free slot; beyond it sign-in answers 503 with Retry-After. */
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
  WEB_DIST_DIR: z.string().optional(),
  JOBS: z.enum(['on', 'off']).default('on'),
  /** Proxies in front of the server whose X-Forwarded-For is believed: `true`, or comma-separated addresses/CIDRs. */
  TRUST_PROXY: z.string().optional(),
  /** How long a caller's active flag, role and operator rights may be remembered (0: read every request). */
  ACTOR_CACHE_SECONDS: z.coerce.number().min(0).max(5).default(5),
  /** The largest upload the platform takes, MB; bounds every college's own limits. */
  UPLOAD_MAX_MB: z.coerce.number().int().min(1).max(1024).default(512),
  /** Days activity-log entries are kept; 0 keeps them forever. */
  ACTIVITY_LOG_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
  /** Days after a period's end its trace facts are kept; 0 keeps them forever. */
  FACT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
  /** Folder of pg_dump/pg_restore for the backup command, when they are elsewhere than Debian's or PATH. */
  PG_BIN_DIR: z.string().min(1).optional(),
  /** Connections per instance in the PostgreSQL pool (LISTEN takes one more). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** Whether start-up applies pending migrations; `false` when `npm run migrate` runs them before. */
  MIGRATE_ON_START: z.enum(['true', 'false']).default('true'),
  /** Bearer token a Prometheus scraper presents at /metrics; unset: only loopback callers get an answer. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Load shedding: event-loop delay (ms) beyond which requests answer 503; 0 turns the check off. */
  PRESSURE_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Load shedding: heap in use (MB) beyond which requests answer 503; default 90 % of V8's heap limit. */
  PRESSURE_MAX_HEAP_MB: z.coerce.number().int().min(0).optional(),
  /**
   * Load shedding: API requests worked on at once beyond which new ones wait, then answer 503; 0: no cap.
   * Default on PostgreSQL 1.5 per core (at least 3, at most the pool); none on the embedded database.
   */
  PRESSURE_MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(0).optional(),
  /** Load shedding: how long (ms) a request past that cap may wait for a place before it answers 503. */
  PRESSURE_MAX_QUEUE_MS: z.coerce.number().int().min(0).max(10_000).default(100),
  /**
   * Load shedding: the time (ms) beyond the usual fastest answer that marks a standing queue, which
   * lowers the number of requests let in at once (platform/admission-queue.ts); 0 turns that off.
   */
  PRESSURE_LATENCY_TARGET_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  /** The tenant guard (db/tenant-guard.ts) on every ORM statement, as in the tests; off by default. */
  TENANT_GUARD: z.enum(['on', 'off']).default('off'),
  /** OTLP/HTTP collector base address (OpenTelemetry's name): traces are sent to `<it>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The traces address itself, when it is not `<base>/v1/traces`; either variable turns tracing on. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** OpenTelemetry's switch: `true` keeps tracing off even where an endpoint is set. */
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).default('false'),
  OTEL_SERVICE_NAME: z.string().min(1).default('lms'),
  NODE_ENV: z.string().optional(),
  /** Where uploaded files live: `local` (DATA_DIR/files, the default) or `s3` (an S3-compatible bucket). */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  /** The S3-compatible server (Ceph RGW, Garage, SeaweedFS, …); unset: Amazon S3 of S3_REGION. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .refine((value) => !/^https?:\/\/[^/]*@/.test(value), 'must not carry credentials (use S3_ACCESS_KEY_ID)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a-z, 0-9, dot, hyphen)')
    .optional(),
  /** A folder inside the bucket for this installation's files, e.g. `lms/`; empty: the bucket's root. */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be folder names each ending in / (lms/ or kampus/lms/)')
    .default(''),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `true`: http://host/bucket/key addresses (most campus servers); `false`: bucket.host. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
});

/**
 * Variables holding secrets: each may instead be given as `NAME_FILE`, the path of a file holding the
 * value (Docker and Kubernetes secrets), so that it stays out of the environment and of `ps` output.
 */
export const secretVariables = [
  'DATABASE_URL',
  'TOKEN_SECRET',
  'SIAKAD_CLIENT_SECRET',
  'METRICS_TOKEN',
  'SMTP_PASSWORD',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  seed: 'demo' | 'none';
  logLevel: (typeof logLevels)[number];
  tokenSecret: string;
  /** Default SIAKAD address when the college has none configured. */
  siakadUrl: string;
  /**
   * SIAKAD single sign-on to anywhere but this server's own origin is on only when set; SIAKAD must then
   * send it as client_secret to exchange its codes.
   */
  siakadClientSecret: string | undefined;
  /** Host names (lower case; `*.x` for subdomains of x) a college may point its SIAKAD at. */
  siakadAllowedHosts: string[];
  /** CIDRs of non-public addresses an allowed SIAKAD host may resolve to (none by default). */
  siakadPrivateNetworks: string[];
  /** The installation's SMTP server (SMTP_*), the fallback of colleges without their own; undefined: none. */
  smtp: SmtpConfig | undefined;
  /** CIDRs of non-public addresses a college's own SMTP host may resolve to (none by default). */
  smtpPrivateNetworks: string[];
  /** OIDC_PRIVATE_NETWORKS: where a college's OpenID provider may be besides public addresses. */
  oidcPrivateNetworks: string[];
  /** Web Push's VAPID keys and subject (VAPID_*); undefined: push is off. */
  vapid: VapidConfig | undefined;
  /** A burst of notifications becomes one email digest: each waits this long after the user's newest (ms). */
  emailDigestSettleMs: number;
  /** PUSH_EXTRA_ORIGINS: push-service origins allowed besides the known hosts, as `URL.origin`s. */
  pushExtraOrigins: string[];
  /** Password reset requests and link uses per client IP per hour. */
  rateLimitPasswordResetPerHour: number;
  /** Sign-in attempts per client IP and username per minute (POST /v2/authorize). */
  rateLimitLoginPerMinute: number;
  /** Token-endpoint calls per client IP per minute (POST /v2/access_token, /v2/revoke). */
  rateLimitTokenPerMinute: number;
  /** Sign-in attempts per client IP per minute across all usernames (POST /v2/authorize). */
  rateLimitLoginPerAddressPerMinute: number;
  /** Password hashes computed at once (sign-in, password change). */
  passwordHashConcurrency: number;
  /** Password checks that may wait for a free slot; more answer 503 with Retry-After. */
  passwordHashQueue: number;
  /** Folder of the built web app; served when it exists. */
  webDistDir: string | undefined;
  /** Whether job workers run in this process. */
  jobs: boolean;
  /** Fastify's trustProxy: false unless configured, so clients cannot forge their address. */
  trustProxy: boolean | string[];
  /** Bound on how late a deactivation, a role or an operator-rights change takes effect (ms; ≤ 5 s). */
  actorCacheMs: number;
  /** Upper bound of every upload limit (MB of 1,000,000 bytes), whatever a college sets. */
  uploadMaxMb: number;
  /** Days activity-log entries are kept (platform/retention.job.ts); 0: forever. */
  activityLogRetentionDays: number;
  /** Days after a period ended that its classes' trace facts are kept (platform/retention.repository.ts); 0: forever. */
  factRetentionDays: number;
  /** Where the backup command looks first for pg_dump and pg_restore (platform/postgres-tools.ts). */
  pgBinDir: string | undefined;
  /** Size of the PostgreSQL connection pool. */
  databasePoolMax: number;
  /** Whether start-up migrates; when not, a database behind this build stops the start. */
  migrateOnStart: boolean;
  /** Bearer token /metrics requires; undefined: /metrics answers loopback callers only. */
  metricsToken: string | undefined;
  /** Event-loop delay (ms) beyond which requests are shed with 503; 0: not checked. */
  pressureMaxEventLoopDelayMs: number;
  /** Heap in use (bytes) beyond which requests are shed with 503; 0: not checked. */
  pressureMaxHeapBytes: number;
  /** Requests being worked on (before their answer's headers) beyond which new ones get 503; 0: no cap. */
  pressureMaxRequestsInFlight: number;
  /** How long a request past the cap may wait for a place (ms); 0: refused at once. */
  pressureMaxQueueMs: number;
  /** Time beyond the usual fastest answer that marks a standing queue and lowers the cap (ms); 0: off. */
  pressureLatencyTargetMs: number;
  /** Every ORM statement passes the tenant guard first; one that leaves its college out fails (500) unsent. */
  tenantGuard: boolean;
  /** OpenTelemetry traces (platform/tracing.plugin.ts); undefined: off, and no OpenTelemetry code loads. */
  tracing: TracingConfig | undefined;
  /** NODE_ENV is `production`. */
  production: boolean;
  /** The bucket uploaded files live in (FILE_STORE=s3); undefined: the local folder DATA_DIR/files. */
  s3: S3StoreConfig | undefined;
}

/** An S3-compatible bucket for the stored files (platform/s3-file-store.ts). */
export interface S3StoreConfig {
  /** Undefined: Amazon S3 of `region`. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Prepended to every object name: '' or folders ending in `/`. */
  prefix: string;
  /** Both or neither; neither: the AWS SDK's own chain (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export interface SmtpConfig {
  host: string;
  port: number;
  security: 'tls' | 'starttls' | 'none';
  user: string | undefined;
  password: string | undefined;
  from: string;
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface TracingConfig {
  /** Where spans are POSTed (OTLP/HTTP, JSON). */
  tracesUrl: string;
  serviceName: string;
}

export class ConfigError extends Error {}

/** Reads the configuration from environment variables; throws ConfigError naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const blankToUndefined: Record<string, string | undefined> = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  for (const name of secretVariables) {
    const fromFile = readSecretFile(name, env);
    if (fromFile !== undefined) blankToUndefined[name] = fromFile;
  }
  const parsed = envSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const hashConcurrency = e.PASSWORD_HASH_CONCURRENCY ?? availableParallelism();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    tokenSecret: e.TOKEN_SECRET ?? readOrCreateSecret(dataDir),
    siakadUrl: e.SIAKAD_URL ?? `${publicUrl}/dev`,
    siakadClientSecret: e.SIAKAD_CLIENT_SECRET,
    siakadAllowedHosts: splitList(e.SIAKAD_ALLOWED_HOSTS).map((host) => host.toLowerCase()),
    siakadPrivateNetworks: splitList(e.SIAKAD_PRIVATE_NETWORKS),
    smtp: readSmtp(e, publicUrl),
    smtpPrivateNetworks: splitList(e.SMTP_PRIVATE_NETWORKS),
    oidcPrivateNetworks: splitList(e.OIDC_PRIVATE_NETWORKS),
    vapid: readVapid(e),
    emailDigestSettleMs: e.NOTIFICATION_EMAIL_SETTLE_SECONDS * 1000,
    pushExtraOrigins: splitList(e.PUSH_EXTRA_ORIGINS).map((origin) => new URL(origin).origin),
    rateLimitPasswordResetPerHour: e.RATE_LIMIT_PASSWORD_RESET_PER_HOUR,
    rateLimitLoginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
    rateLimitTokenPerMinute: e.RATE_LIMIT_TOKEN_PER_MINUTE,
    rateLimitLoginPerAddressPerMinute: e.RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE,
    passwordHashConcurrency: hashConcurrency,
    // A short queue: each waiting check costs one hash time (tens of ms); a longer line only piles up.
    passwordHashQueue: e.PASSWORD_HASH_QUEUE ?? hashConcurrency * 4,
    webDistDir: e.WEB_DIST_DIR,
    jobs: e.JOBS === 'on',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    actorCacheMs: e.ACTOR_CACHE_SECONDS * 1000,
    uploadMaxMb: e.UPLOAD_MAX_MB,
    activityLogRetentionDays: e.ACTIVITY_LOG_RETENTION_DAYS,
    factRetentionDays: e.FACT_RETENTION_DAYS,
    pgBinDir: e.PG_BIN_DIR,
    databasePoolMax: e.DATABASE_POOL_MAX,
    migrateOnStart: e.MIGRATE_ON_START === 'true',
    metricsToken: e.METRICS_TOKEN,
    pressureMaxEventLoopDelayMs: e.PRESSURE_MAX_EVENT_LOOP_DELAY_MS,
    pressureMaxHeapBytes:
      e.PRESSURE_MAX_HEAP_MB === undefined
        ? Math.floor(getHeapStatistics().heap_size_limit * 0.9)
        : e.PRESSURE_MAX_HEAP_MB * 1024 * 1024,
    // Requests past a few per core only queue for the cores and the pool: measured with
    // `npm run bench:overload` (docs/performance.md). Taking an exam is never held back by it
    // (`critical` routes). The embedded database runs its statements one at a time on the event loop,
    // which the event-loop check already watches.
    pressureMaxRequestsInFlight:
      e.PRESSURE_MAX_REQUESTS_IN_FLIGHT ??
      (e.DATABASE_URL
        ? Math.min(e.DATABASE_POOL_MAX, Math.max(3, Math.ceil(1.5 * availableParallelism())))
        : 0),
    pressureMaxQueueMs: e.PRESSURE_MAX_QUEUE_MS,
    pressureLatencyTargetMs: e.PRESSURE_LATENCY_TARGET_MS,
    // Off: the tests run it on every statement; on (a few µs a statement) where a 500 beats a leak.
    tenantGuard: e.TENANT_GUARD === 'on',
    tracing: readTracing(e),
    production: e.NODE_ENV === 'production',
    s3: readS3(e),
  };
}

/** FILE_STORE=s3 needs a bucket; the keys go together; the endpoint is the operator's, never a college's. */
function readS3(e: z.infer<typeof envSchema>): S3StoreConfig | undefined {
  if (e.FILE_STORE !== 's3') return undefined;
  if (!e.S3_BUCKET) throw new ConfigError('Invalid configuration: FILE_STORE=s3 needs S3_BUCKET');
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together; set both or neither',
    );
  }
  return {
    ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    prefix: e.S3_PREFIX,
    ...(e.S3_ACCESS_KEY_ID
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
      : {}),
    // A campus server rarely has a wildcard DNS name per bucket; Amazon S3 prefers the bucket's own name.
    forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? (e.S3_ENDPOINT ? 'true' : 'false')) === 'true',
  };
}

/** SMTP_HOST turns the installation's mail on; the port follows the security unless given. */
function readSmtp(e: z.infer<typeof envSchema>, publicUrl: string): SmtpConfig | undefined {
  if (!e.SMTP_HOST) return undefined;
  if (!!e.SMTP_USER !== !!e.SMTP_PASSWORD) {
    throw new ConfigError(
      'Invalid configuration: SMTP_USER and SMTP_PASSWORD go together; set both or neither',
    );
  }
  return {
    host: e.SMTP_HOST,
    port: e.SMTP_PORT ?? (e.SMTP_SECURITY === 'tls' ? 465 : e.SMTP_SECURITY === 'starttls' ? 587 : 25),
    security: e.SMTP_SECURITY,
    user: e.SMTP_USER,
    password: e.SMTP_PASSWORD,
    from: e.SMTP_FROM ?? `noreply@${new URL(publicUrl).hostname}`,
  };
}

/** The three VAPID variables go together: all set turns push on, none leaves it off. */
function readVapid(e: z.infer<typeof envSchema>): VapidConfig | undefined {
  const set = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT].filter(Boolean).length;
  if (set === 0) return undefined;
  if (set < 3) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together; set all or none',
    );
  }
  return { publicKey: e.VAPID_PUBLIC_KEY!, privateKey: e.VAPID_PRIVATE_KEY!, subject: e.VAPID_SUBJECT! };
}

/** OpenTelemetry's own variables decide, so a collector set up for other services needs nothing new. */
function readTracing(e: z.infer<typeof envSchema>): TracingConfig | undefined {
  if (e.OTEL_SDK_DISABLED === 'true') return undefined;
  // As the OpenTelemetry exporters do: the signal's address as given, or the base with the signal's path.
  const tracesUrl =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (e.OTEL_EXPORTER_OTLP_ENDPOINT && `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  return tracesUrl ? { tracesUrl, serviceName: e.OTEL_SERVICE_NAME } : undefined;
}

/**
 * The value of `NAME_FILE`'s file (one trailing line break dropped), or undefined when it is unset.
 * Errors name the variable and the reason, never what the file holds.
 */
function readSecretFile(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const file = env[`${name}_FILE`];
  if (!file) return undefined;
  if (env[name]) {
    throw new ConfigError(`Invalid configuration: ${name} and ${name}_FILE are both set; set only one`);
  }
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`Invalid configuration: ${name}_FILE cannot be read (${reason}: ${file})`);
  }
  const value = content.replace(/\r?\n$/, '');
  if (value === '')
    throw new ConfigError(`Invalid configuration: ${name}_FILE names an empty file (${file})`);
  return value;
}

/** The signing key is generated once and kept in the data folder so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
