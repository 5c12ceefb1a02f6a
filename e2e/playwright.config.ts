import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

// Overridable so that two runs on one machine do not collide.
const port = Number(process.env.E2E_PORT ?? 3104);
export const baseURL = `http://localhost:${port}`;

// A fresh, empty data folder per run (the demo seed loads into it); the config is evaluated again in
// every worker, which inherit this variable, so only the runner creates one. Teardown removes it.
process.env.LMS_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'lms-e2e-'));
// The run's mail server (smtp-sink.ts): the LMS's fallback SMTP, its mail kept in the data folder.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 1000);
process.env.E2E_SMTP_PORT = String(smtpPort);
process.env.E2E_MAIL_DIR ??= path.join(process.env.LMS_E2E_DATA_DIR, 'mail');
// The run's campus OpenID provider (oidc-provider.ts), which oidc-sign-in.spec.ts configures.
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 2000);
process.env.E2E_OIDC_PORT = String(oidcPort);
export const oidcIssuer = `http://127.0.0.1:${oidcPort}`;
export const oidcClient = { id: 'lms-e2e', secret: 'rahasia-klien-e2e' };

// The run's push service stand-in, which notification-delivery.spec.ts starts (the LMS allows its origin).
const pushPort = Number(process.env.E2E_PUSH_PORT ?? port + 5000);
process.env.E2E_PUSH_PORT = String(pushPort);

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
// Specs that change college-wide settings (the time zone, QR check-in, validating lecturer attendance,
// who integrates grades, the exam rules): they run after the rest, one at a time, so no other spec sees
// the college in a state it does not expect; each sets what it needs first and puts back what it changed.
const collegeWideSpecs =
  /(profile-settings|college-rules|qr-attendance|lecturer-attendance|grade-integration|oidc-sign-in)\.spec\.ts/;

// The move-in flow (move-in.spec.ts) has an installation of its own: an LMS on an empty database
// (SEED=none) whose first operator the create-operator command makes before it starts, and a campus
// OpenID provider for its college. Its servers start only for a run that may include it: a run naming
// other spec files alone does not pay for them.
const moveInSpec = /move-in\.spec\.ts/;
const namedSpecs = process.argv.filter((arg) => arg.endsWith('.spec.ts'));
const moveInRun = namedSpecs.length === 0 || namedSpecs.some((arg) => moveInSpec.test(arg));
const moveInPort = port + 3000;
export const moveInURL = `http://localhost:${moveInPort}`;
const moveInOidcPort = port + 4000;
export const moveInOidcIssuer = `http://127.0.0.1:${moveInOidcPort}`;
export const moveIn = {
  college: 'kampus-pindahan',
  collegeName: 'Universitas Kampus Pindahan',
  username: 'admin',
  password: 'sandi-admin-pertama',
};
const moveInDataDir = path.join(process.env.LMS_E2E_DATA_DIR, 'move-in');

export default defineConfig({
  testDir: './tests',
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  // Generous: the machines that run this share two cores with other work.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // Every flow makes what it changes (tests/test-data.ts) or claims the seeded meeting it changes, so it
  // passes on its first try in any order; a test that needs a second try is a bug to fix. CI gives one
  // second try all the same, so that a flake met under load does not stop a landing: the list reporter
  // names it "flaky", and the failure-snapshot reporter prints the page as the first try left it.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['./failure-snapshot-reporter.ts']],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
    // As a user who asks for reduced motion (the app then opens antd's dialogs and menus at once): a
    // click during a dialog's opening animation could miss its target (exam-copy and question-bank
    // flakes, 27 Nov 2026). Like every option here, it applies to contexts a test makes itself too.
    reducedMotion: 'reduce',
    // Recording a trace (a screencast and a DOM snapshot per step) for every test halved the suite's
    // speed (docs/web.md, "End-to-end tests' time"), so none is recorded: to look at a failure, run its
    // file again with --trace on.
    trace: 'off',
    // Each test's contexts are a first visit, where the service worker would only install and precache
    // the shell (browser work the flow never uses). installable-app.spec.ts allows it and tests it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: desktop, testIgnore: [collegeWideSpecs, moveInSpec] },
    {
      name: 'college-wide',
      use: desktop,
      testMatch: collegeWideSpecs,
      dependencies: ['chromium'],
      workers: 1,
    },
    { name: 'move-in', use: { ...desktop, baseURL: moveInURL }, testMatch: moveInSpec },
  ],
  webServer: [
    {
      command: 'node smtp-sink.ts',
      port: smtpPort,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_DIR: process.env.E2E_MAIL_DIR },
    },
    {
      command: 'node oidc-provider.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_OIDC_PORT: String(oidcPort),
        E2E_LMS_URL: baseURL,
        E2E_OIDC_CLIENT_ID: oidcClient.id,
        E2E_OIDC_CLIENT_SECRET: oidcClient.secret,
      },
    },
    {
      command: 'node ../apps/server/dist/main.js',
      url: `${baseURL}/health/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.LMS_E2E_DATA_DIR,
        SEED: 'demo',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        // SIAKAD is stood in for by the SPA's /dev page, so single sign-on can be followed to the end.
        SIAKAD_URL: `${baseURL}/dev`,
        // Every test signs in; the production limits would throttle the suite.
        RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
        RATE_LIMIT_TOKEN_PER_MINUTE: '5000',
        RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '5000',
        // Job workers run as in production: attendance recalculations are jobs the screens wait for.
        JOBS: 'on',
        // The installation's mail server is the run's own (password reset links).
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtpPort),
        SMTP_SECURITY: 'none',
        SMTP_FROM: 'LMS Demo <lms@und.ac.id>',
        RATE_LIMIT_PASSWORD_RESET_PER_HOUR: '1000',
        // The run's OpenID provider listens on loopback over http.
        OIDC_PRIVATE_NETWORKS: '127.0.0.0/8',
        // Web Push with the run's own keys and push receiver; digests after a 3 s settle, not 2 minutes.
        VAPID_PUBLIC_KEY:
          'BM1rTBTDjuaaKPHe76VZi8YEWvJg5pFBdBBOFylVBywVGX1T8KKdQR4ZsFQpcn9LyVKdzTexwMqyVZH9qCvEb4M',
        VAPID_PRIVATE_KEY: 'WRKl2qpVVW0ZAWQSYiqkfmhC0rWGO9CAM6Vmrlj-no0',
        VAPID_SUBJECT: 'mailto:lms@und.ac.id',
        PUSH_EXTRA_ORIGINS: `http://127.0.0.1:${pushPort}`,
        NOTIFICATION_EMAIL_SETTLE_SECONDS: '3',
      },
    },
    ...(moveInRun ? moveInServers() : []),
  ],
});

/** The move-in flow's campus provider and its LMS, started empty with its first operator. */
function moveInServers(): Extract<PlaywrightTestConfig['webServer'], unknown[]> {
  return [
    {
      command: 'node oidc-provider.ts',
      url: `${moveInOidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        E2E_OIDC_PORT: String(moveInOidcPort),
        E2E_LMS_URL: moveInURL,
        E2E_OIDC_COLLEGE: moveIn.college,
        E2E_OIDC_CLIENT_ID: oidcClient.id,
        E2E_OIDC_CLIENT_SECRET: oidcClient.secret,
      },
    },
    {
      // As docs/operations.md › First account says: the command on the stopped, empty installation,
      // then the server.
      command:
        `node ../apps/server/dist/create-operator.js --college ${moveIn.college} ` +
        `--nama "${moveIn.collegeName}" --username ${moveIn.username} && node ../apps/server/dist/main.js`,
      url: `${moveInURL}/health/ready`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(moveInPort),
        HOST: '127.0.0.1',
        DATA_DIR: moveInDataDir,
        SEED: 'none',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: moveInURL,
        LMS_OPERATOR_PASSWORD: moveIn.password,
        JOBS: 'on',
        OIDC_PRIVATE_NETWORKS: '127.0.0.0/8',
      },
    },
  ];
}
