import { describe, expect, it } from 'vitest';
import type { OperatorRights } from '@lms/contract/operator-rights.schema';
import { openDatabase } from '../../db/database.ts';
import { authedRequest, signIn } from '../../testing/requests.ts';
import { runServerEntry, useEmptyDatabase } from '../../testing/server-process.ts';
import { buildTestApp } from '../../testing/test-app.ts';
import { fullRights } from './first-operator.service.ts';

// The command on an empty database (what SEED=none leaves), then a sign-in through the app.
const place = useEmptyDatabase('first');
const password = 'kata-sandi-pertama-1';

function run(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) {
  return runServerEntry(['src/create-operator-command.ts', ...args], place, {
    env: {
      TOKEN_SECRET: 'first-operator-test-secret-first-operator',
      PUBLIC_URL: 'https://lms.kampus-a.ac.id',
      ...options.env,
    },
    stdin: options.stdin,
  });
}

describe('the create-operator command', () => {
  it('makes the college and its first operator on an empty database, who then signs in with every right', async () => {
    const args = ['--college', 'kampus-a', '--nama', 'Universitas Kampus A', '--username', 'admin'];
    const noPassword = await run(args);
    expect(noPassword.code).toBe(1);
    expect(noPassword.output).toContain('the password is not valid');

    const created = await run(args, { stdin: `${password}\n` });
    expect(created.output).toContain('Created college kampus-a and its operator admin.');
    expect(created.output).toContain('Sign in at https://lms.kampus-a.ac.id/login as admin');
    expect(created.output).not.toContain(password);
    expect(created.code).toBe(0);

    // Again: refused, nothing changes (the password from the environment this time).
    const again = await run(args, { env: { LMS_OPERATOR_PASSWORD: password } });
    expect(again.code).toBe(1);
    expect(again.output).toContain('Refused: college kampus-a already has a user admin');

    const database = await openDatabase(place);
    const app = await buildTestApp(database);
    try {
      // No college-id header: the only college is the default.
      const [college] = await database.query<{ id: string; is_default: boolean }>(
        `select id, is_default from colleges`,
      );
      expect(college).toEqual({ id: 'kampus-a', is_default: true });
      const tokens = await signIn(app, { username: 'admin', collegeId: 'kampus-a', password });
      const res = await authedRequest<{ data: OperatorRights[] }>(app, tokens.access_token, {
        url: '/v2/lms/hak-akses-operator',
      });
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toEqual([
        expect.objectContaining({
          username: 'admin',
          is_active: true,
          lingkup: 'A:T',
          hak_akses: fullRights,
        }),
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  }, 300_000);

  it('refuses a password given as an argument', async () => {
    const result = await run(['--college', 'kampus-b', '--username', 'admin', '--password', 'rahasia123']);
    expect(result.code).toBe(1);
    expect(result.output).toContain("Unknown option '--password'");
  }, 60_000);
});
