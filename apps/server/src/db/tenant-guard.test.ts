import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, openTestDatabase, type TestApp } from '../testing/test-app.ts';
import { ofCollege } from './college-scope.ts';
import type { Database } from './database.ts';
import { users } from './schema/identity.schema.ts';
import { schemaTables } from '../platform/area-modules.ts';
import { checkTenancy, tenantTables, unscopedTenantTables } from './tenant-guard.ts';

const tables = tenantTables(schemaTables());
const check = (statement: string) => unscopedTenantTables(statement, tables);

describe('tenant guard', () => {
  it('knows which tables belong to a college and which are keyed per college', () => {
    expect(tables.get('users')).toBe(false);
    expect(tables.get('classes')).toBe(true);
    expect(tables.get('courses')).toBe(true);
    expect(tables.has('colleges')).toBe(false);
  });

  it('passes a read, update or delete that names the college of the table it starts from', () => {
    expect(
      check('select "users"."id" from "users" where ("users"."college_id" = $1 and "users"."id" = $2)'),
    ).toEqual([]);
    expect(
      check('update "users" set "nama" = $1 where ("users"."college_id" = $2 and "users"."id" = $3)'),
    ).toEqual([]);
    expect(check('delete from "announcements" where ("announcements"."college_id" = $1)')).toEqual([]);
    expect(check('select "c"."id" from "classes" "c" where "c"."college_id" = $1')).toEqual([]);
  });

  it('refuses one that leaves the college out, also inside a subquery', () => {
    expect(check('select "users"."id" from "users" where "users"."id" = $1')).toEqual(['users']);
    expect(check('update "users" set "avatar_key" = $1 where "users"."id" = $2')).toEqual(['users']);
    expect(
      check(
        'select count(*) from "activities" where "activities"."college_id" = $1 and not exists ' +
          '(select 1 from "activity_facts" where "activity_facts"."activity_id" = "activities"."id")',
      ),
    ).toEqual(['activity_facts']);
  });

  it('trusts a join to a uuid-keyed table, not to a table keyed per college', () => {
    const teachers =
      'select "users"."nama" from "class_teachers" inner join "users" on "users"."id" = "class_teachers"."dosen_id" ' +
      'where "class_teachers"."college_id" = $1';
    expect(check(teachers)).toEqual([]);
    const classes =
      'select "classes"."nama" from "meetings" inner join "classes" on "classes"."id" = "meetings"."kelas_id" ' +
      'where "meetings"."college_id" = $1';
    expect(check(classes)).toEqual(['classes']);
    expect(
      check(
        classes.replace(
          'on "classes"."id"',
          'on "classes"."college_id" = "meetings"."college_id" and "classes"."id"',
        ),
      ),
    ).toEqual([]);
  });

  it('refuses an insert that does not set the college', () => {
    expect(check('insert into "users" ("id", "college_id", "nama") values ($1, $2, $3)')).toEqual([]);
    expect(check('insert into "users" ("id", "nama") values ($1, $2)')).toEqual(['users']);
  });

  it('lets the sweep of expired sign-in codes span colleges', () => {
    expect(check('delete from "auth_codes" where "auth_codes"."expires_at" < $1')).toEqual([]);
    expect(check('delete from "auth_codes" where "auth_codes"."user_id" = $1')).toEqual(['auth_codes']);
  });

  it('wants the college in a condition, not merely in the select list', () => {
    expect(check('select "users"."college_id", "users"."id" from "users" where "users"."id" = $1')).toEqual([
      'users',
    ]);
    expect(check('select "users"."id" from "users" order by "users"."college_id"')).toEqual(['users']);
    expect(check('select "users"."id" from "users" where $1 = "users"."college_id"')).toEqual([]);
    expect(check('select "users"."id" from "users" where "users"."college_id" in ($1, $2)')).toEqual([]);
  });

  it('passes a table bound through a join to a bound table, and refuses a join bound to nothing', () => {
    const joined =
      'select "c"."nama" from "meetings" inner join "classes" "c" on "c"."college_id" = "meetings"."college_id" ' +
      'and "c"."id" = "meetings"."kelas_id"';
    expect(check(`${joined} where "meetings"."college_id" = $1`)).toEqual([]);
    expect(check(`${joined} where "meetings"."id" = $1`).sort()).toEqual(['classes', 'meetings']);
  });

  it('checks raw SQL with bare names too', () => {
    expect(check('select u.id from users u where u.college_id = $1 and u.id = $2')).toEqual([]);
    expect(check('select u.id from users u where u.id = $1')).toEqual(['users']);
    expect(check('update users set nama = $1 where college_id = $2 and id = $3')).toEqual([]);
    expect(check('delete from users where id = $1')).toEqual(['users']);
    expect(check('select count(*) from users where users.college_id = $1')).toEqual([]);
  });

  it("refuses a college parameter other than the request's", () => {
    const read = 'select "users"."id" from "users" where "users"."college_id" = $1 and "users"."id" = $2';
    const demo = { collegeId: 'demo' };
    expect(checkTenancy(read, tables, { ...demo, params: ['demo', 'x'] })).toEqual({
      unscoped: [],
      otherCollege: [],
    });
    expect(checkTenancy(read, tables, { ...demo, params: ['kampus2', 'x'] }).otherCollege).toEqual(['users']);
    expect(checkTenancy(read, tables, { params: ['kampus2', 'x'] }).otherCollege).toEqual([]);
    const list = 'select "users"."id" from "users" where "users"."college_id" = any($1)';
    expect(checkTenancy(list, tables, { ...demo, params: [['demo', 'kampus2']] }).otherCollege).toEqual([
      'users',
    ]);
    const insert = 'insert into "users" ("id", "college_id", "nama") values ($1, $2, $3), ($4, $5, $6)';
    expect(checkTenancy(insert, tables, { ...demo, params: ['a', 'demo', 'A', 'b', 'demo', 'B'] })).toEqual({
      unscoped: [],
      otherCollege: [],
    });
    expect(
      checkTenancy(insert, tables, { ...demo, params: ['a', 'demo', 'A', 'b', 'kampus2', 'B'] }).otherCollege,
    ).toEqual(['users']);
  });

  describe('on the test database', () => {
    let opened: Awaited<ReturnType<typeof openTestDatabase>>;
    let database: Database;
    beforeAll(async () => {
      opened = await openTestDatabase();
      database = opened.database;
    });
    afterAll(async () => {
      await database.close();
      await opened.drop();
    });

    it('refuses a query without the college before it reaches the database', async () => {
      await expect(
        database.db.select({ id: users.id }).from(users).where(eq(users.username, 'x')),
      ).rejects.toThrow(/query without college_id on users/);
      await expect(
        database.db.select({ id: users.id }).from(users).where(eq(users.collegeId, 'demo')).limit(1),
      ).resolves.toHaveLength(1);
      await expect(
        database.db
          .select({ id: users.id })
          .from(users)
          .where(ofCollege(users, 'demo', eq(users.username, 'mahasiswa'), undefined)),
      ).resolves.toHaveLength(1);
    });
  });

  describe('in a request', () => {
    let test: TestApp;
    // A probe reads users of the college it is given, whatever college the request is for.
    const readUsersOf = async (college: string) => {
      const rows = await test.app.db
        .select({ id: users.id })
        .from(users)
        .where(ofCollege(users, college, eq(users.username, 'mahasiswa')));
      return { rows: rows.length };
    };
    beforeAll(async () => {
      test = await createTestApp(
        {},
        {
          extend(app) {
            app.get('/v2/guard-probe', { config: { public: 'test probe' } }, (request) =>
              readUsersOf((request.query as { college: string }).college),
            );
            app.post('/v2/guard-probe', { config: { public: 'test probe' } }, (request) =>
              readUsersOf((request.body as { college: string }).college),
            );
          },
        },
      );
    });
    afterAll(async () => {
      await test.close();
    });

    it("refuses a statement bound to another college than the request's, also after reading a body", async () => {
      const headers = { 'college-id': 'demo' };
      const get = (college: string) =>
        test.app.inject({ method: 'GET', url: `/v2/guard-probe?college=${college}`, headers });
      const post = (college: string) =>
        test.app.inject({ method: 'POST', url: '/v2/guard-probe', headers, payload: { college } });
      expect((await get('demo')).json()).toEqual({ rows: 1 });
      expect((await post('demo')).json()).toEqual({ rows: 1 });
      expect((await get('kampus-lain')).statusCode).toBe(500);
      expect((await post('kampus-lain')).statusCode).toBe(500);
      // Outside a request (jobs, scripts) the college is unknown: any bound college passes.
      await expect(readUsersOf('kampus-lain')).resolves.toEqual({ rows: 0 });
    });
  });
});
