import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { operatorAreas, type OperatorPermissions } from '@lms/contract/permission.rules';
import type { Role } from '@lms/contract/role.rules';
import {
  createCollege,
  createExam,
  createForum,
  createForumAttachment,
  createMaterial,
  createTask,
  createTaskAttachment,
  createTaskGroup,
  createUser,
  createVidcon,
} from '../testing/factories.ts';
import { signToken } from '../testing/requests.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { Actor } from './actor.ts';
import { meetsRouteAccess, type GovernedRoute } from './auth.plugin.ts';
import { objectFieldNames } from './input-guard.ts';
import type { RouteAccess } from './route-access.ts';

/**
 * The authorization matrix: every registered API route, tried by every kind of caller against the demo
 * university. A route joins by its declaration (`config.public` or `config.access` with its area and
 * resource); what a caller may do is derived from that declaration, so an unexpected 2xx fails here
 * without anyone writing a test for the new route. The same walk sends malformed input to every route
 * (no 5xx, no hang) and bodies that name none of a write's fields (refused, nothing changed).
 */

interface Caller {
  name: string;
  /** Null: no token. */
  actor: Actor | null;
  collegeId: string;
  token?: string;
  enrolledInClass?: boolean;
  teachesClass?: boolean;
  isTheStudent?: boolean;
  otherCollege?: boolean;
}

interface World {
  collegeId: string;
  classId: string;
  meetingId: string;
  courseId: string;
  studentNim: string;
  teacherId: string;
  announcementId: string;
  newsId: string;
  helpId: string;
  materialId: string;
  vidconId: string;
  forumId: string;
  forumAttachmentId: string;
  chatGroupId: string;
  programId: string;
  exam: { id: string; groupId: string; questionId: string; attemptId: string; studentId: string };
  taskId: string;
  taskAttachmentId: string;
  taskGroupId: string;
  /** A hidden bank of the class's main teacher, with one question. */
  bank: { id: string; questionId: string };
}

// The bantuan area has no write level (spec 3).
const allWrite = {
  ...Object.fromEntries(operatorAreas.map((a) => [a, 'write'])),
  bantuan: 'read',
} as OperatorPermissions;
const allRead = Object.fromEntries(operatorAreas.map((a) => [a, 'read'])) as OperatorPermissions;
const noAccess = Object.fromEntries(operatorAreas.map((a) => [a, 'no_access'])) as OperatorPermissions;

/** Tables that a refused request may still write to: logs of who called what. */
const loggingTables = new Set(['activity_logs', 'refresh_tokens', 'auth_codes']);

let t: TestApp;
let world: World;
let callers: Caller[];

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(sql, params);
  if (!row) throw new Error(`no row for: ${sql}`);
  return row;
}

async function buildWorld(): Promise<World> {
  // A class with a student and a main teacher, in the college with the most classes.
  const cls = await one<{ id: string; college_id: string; course_id: string; prodi_id: string }>(
    `select c.id, c.college_id, c.mata_kuliah_id as course_id,
            (select k.prodi_id from courses k where k.college_id = c.college_id and k.id = c.mata_kuliah_id) as prodi_id
       from classes c
      where exists (select 1 from class_students s where s.kelas_id = c.id)
        and exists (select 1 from class_teachers ct where ct.kelas_id = c.id and ct.is_utama)
        and exists (select 1 from meetings m where m.kelas_id = c.id)
      order by (select count(*) from classes o where o.college_id = c.college_id) desc, c.id limit 1`,
  );
  const student = await one<{ id: string; nim: string }>(
    `select s.user_id as id, s.nim from class_students cs join students s on s.user_id = cs.mahasiswa_id
      join users u on u.id = s.user_id where cs.kelas_id = $1 and u.is_active order by s.nim limit 1`,
    [cls.id],
  );
  const teacher = await one<{ id: string }>(
    `select dosen_id as id from class_teachers where kelas_id = $1 and is_utama limit 1`,
    [cls.id],
  );
  const meeting = await one<{ id: string }>(
    `select id from meetings where kelas_id = $1 order by id limit 1`,
    [cls.id],
  );
  const announcement = await one<{ id: string }>(
    `select id from announcements where college_id = $1 limit 1`,
    [cls.college_id],
  );
  const news = await one<{ id: string }>(`select id from news_articles where college_id = $1 limit 1`, [
    cls.college_id,
  ]);
  const help = await one<{ id: string }>(`select id from help_articles where college_id = $1 limit 1`, [
    cls.college_id,
  ]);
  const { materialId } = await createMaterial(t.database, {
    collegeId: cls.college_id,
    meetingId: meeting.id,
  });
  const { vidconId } = await createVidcon(t.database, { collegeId: cls.college_id, meetingId: meeting.id });
  const { forumId } = await createForum(t.database, { collegeId: cls.college_id, meetingId: meeting.id });
  const { attachmentId: forumAttachmentId } = await createForumAttachment(t.database, t.app.files, {
    collegeId: cls.college_id,
    forumId,
    authorId: student.id,
  });
  // A lecturer's group of the class with the class's student in it.
  const chatGroupId = 'GRUP-matrix';
  await t.database.query(
    `insert into chat_groups (college_id, id, kelas_id, jenis, nama) values ($1, $2, $3, 'kelas', 'Grup')`,
    [cls.college_id, chatGroupId, cls.id],
  );
  await t.database.query(
    `insert into chat_group_members (college_id, group_id, user_id, role)
      values ($1, $2, $3, 'Mahasiswa'), ($1, $2, $4, 'Dosen')`,
    [cls.college_id, chatGroupId, student.id, teacher.id],
  );
  const exam = await createExam(t.database, {
    collegeId: cls.college_id,
    meetingId: meeting.id,
    attemptBy: [student.id],
  });
  const { taskId } = await createTask(t.database, { collegeId: cls.college_id, meetingId: meeting.id });
  const { attachmentId: taskAttachmentId } = await createTaskAttachment(t.database, t.app.files, {
    collegeId: cls.college_id,
    taskId,
  });
  const { groupId: taskGroupId } = await createTaskGroup(t.database, {
    collegeId: cls.college_id,
    kelasId: cls.id,
    memberIds: [],
  });
  const [bank] = await t.database.query<{ id: string }>(
    `insert into question_banks (college_id, judul, deskripsi, dosen_id, mata_kuliah_id, ditampilkan, created_by)
      values ($1, 'Bank Matriks', 'Uji', $2, $3, false, $2) returning id`,
    [cls.college_id, teacher.id, cls.course_id],
  );
  const [bankQuestion] = await t.database.query<{ id: string }>(
    `insert into bank_questions (college_id, bank_id, urutan, jenis, pertanyaan, isi)
      values ($1, $2, 1, 'benar_salah', '<p>Benar?</p>', '{"jenis":"benar_salah","label":{"benar":"Benar","salah":"Salah"},"kunci":true}')
      returning id`,
    [cls.college_id, bank!.id],
  );
  return {
    bank: { id: bank!.id, questionId: bankQuestion!.id },
    exam: {
      id: exam.examId,
      groupId: exam.groupId,
      questionId: exam.questionIds[0],
      attemptId: exam.attemptIds[0]!,
      studentId: student.id,
    },
    collegeId: cls.college_id,
    classId: cls.id,
    chatGroupId,
    taskId,
    taskAttachmentId,
    taskGroupId,
    meetingId: meeting.id,
    materialId,
    vidconId,
    forumId,
    forumAttachmentId,
    courseId: cls.course_id,
    programId: cls.prodi_id,
    studentNim: student.nim,
    teacherId: teacher.id,
    announcementId: announcement.id,
    newsId: news.id,
    helpId: help.id,
  };
}

async function buildCallers(): Promise<Caller[]> {
  const c = world.collegeId;
  const studentId = (
    await one<{ id: string }>(`select user_id as id from students where nim = $1`, [world.studentNim])
  ).id;
  const otherStudent = await one<{ id: string }>(
    `select s.user_id as id from students s join users u on u.id = s.user_id
      where s.college_id = $1 and u.is_active
        and not exists (select 1 from class_students cs where cs.kelas_id = $2 and cs.mahasiswa_id = s.user_id)
      order by s.nim limit 1`,
    [c, world.classId],
  );
  const otherTeacher = await one<{ id: string }>(
    `select l.user_id as id from lecturers l join users u on u.id = l.user_id
      where u.college_id = $1 and u.is_active
        and not exists (select 1 from class_teachers ct where ct.kelas_id = $2 and ct.dosen_id = l.user_id)
      order by u.username limit 1`,
    [c, world.classId],
  );
  const operator = async (permissions: OperatorPermissions, collegeId = c) =>
    (await createUser(t.database, { collegeId, role: 'operator', permissions })).userId;
  const writer = await operator(allWrite);
  const reader = await operator(allRead);
  const outsider = await operator(noAccess);
  const { collegeId: otherCollegeId } = await createCollege(t.database);
  const foreignOperator = await operator(allWrite, otherCollegeId);

  const actor = (
    userId: string,
    role: Role,
    permissions: OperatorPermissions | null,
    collegeId = c,
  ): Actor => ({
    userId,
    collegeId,
    role,
    permissions,
    actorUserId: null,
  });
  const list: Caller[] = [
    { name: 'anonymous', actor: null, collegeId: c },
    {
      name: 'student of the class',
      actor: actor(studentId, 'mahasiswa', null),
      collegeId: c,
      enrolledInClass: true,
      isTheStudent: true,
    },
    { name: 'student of another class', actor: actor(otherStudent.id, 'mahasiswa', null), collegeId: c },
    {
      name: 'lecturer of the class',
      actor: actor(world.teacherId, 'dosen', null),
      collegeId: c,
      teachesClass: true,
    },
    { name: 'lecturer of another class', actor: actor(otherTeacher.id, 'dosen', null), collegeId: c },
    { name: 'operator with no_access', actor: actor(outsider, 'operator', noAccess), collegeId: c },
    { name: 'operator with read', actor: actor(reader, 'operator', allRead), collegeId: c },
    { name: 'operator with write', actor: actor(writer, 'operator', allWrite), collegeId: c },
    {
      name: 'operator acting for a student of another class',
      actor: { ...actor(otherStudent.id, 'mahasiswa', null), actorUserId: writer },
      collegeId: c,
    },
    {
      name: 'operator of another college',
      actor: actor(foreignOperator, 'operator', allWrite, otherCollegeId),
      collegeId: otherCollegeId,
      otherCollege: true,
    },
  ];
  for (const caller of list) {
    if (!caller.actor) continue;
    caller.token = await signToken(t.app, caller.actor, {
      actorUserId: caller.actor.actorUserId ?? undefined,
    });
  }
  return list;
}

/** The path of a route with its parameters pointing at the world's rows. */
function fillPath(route: GovernedRoute, override?: string): string {
  const kind = route.config.access?.resource?.kind;
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (override !== undefined) return override;
    if (name === 'id') {
      if (kind === 'meeting') return world.meetingId;
      if (kind === 'help') return world.helpId;
      if (kind === 'material') return world.materialId;
      if (kind === 'vidcon') return world.vidconId;
      if (kind === 'forum') return world.forumId;
      if (kind === 'program') return world.programId;
      if (kind === 'exam') return world.exam.id;
      if (kind === 'exam_attempt') return world.exam.attemptId;
      if (kind === 'task') return world.taskId;
      if (kind === 'task-group') return world.taskGroupId;
      if (kind === 'question-bank') return world.bank.id;
      if (kind === 'publication') return route.url.includes('berita') ? world.newsId : world.announcementId;
      return world.classId;
    }
    if (name === 'lampiranId') return kind === 'task' ? world.taskAttachmentId : world.forumAttachmentId;
    if (name === 'groupId' && kind === 'chat') return world.chatGroupId;
    if (name === 'studentId') return world.exam.studentId;
    if (name === 'groupId') return world.exam.groupId;
    if (name === 'soalId' && kind === 'question-bank') return world.bank.questionId;
    if (name === 'questionId' || name === 'soalId') return world.exam.questionId;
    if (name === 'courseId') return world.courseId;
    if (name === 'nim') return world.studentNim;
    if (name === 'idDosen') return world.teacherId;
    if (name === 'keyword') return 'url_sikad';
    return 'x';
  });
}

/**
 * Whether the declaration lets the caller through: true, false, or undefined where only the area's
 * service knows (an operator of another college on a list of their own college).
 */
function expectedAllowed(access: RouteAccess | undefined, caller: Caller): boolean | undefined {
  if (!access) return true;
  if (!caller.actor) return false;
  if (caller.otherCollege) return access.resource ? false : undefined;
  if (!meetsRouteAccess(caller.actor, access)) return false;
  const { role } = caller.actor;
  switch (access.resource?.kind) {
    case 'class':
    case 'meeting':
    case 'material':
    case 'vidcon':
    case 'forum':
    case 'chat':
    case 'exam':
    case 'exam_attempt':
    case 'task':
    case 'task-group':
      if (role === 'mahasiswa') return !!caller.enrolledInClass;
      if (role === 'dosen') return !!caller.teachesClass;
      return true;
    case 'question-bank':
      // The world's bank is hidden: only its owner (the class's main teacher) among lecturers.
      if (role === 'dosen') return !!caller.teachesClass;
      return role === 'operator';
    case 'lecturer':
      // A lecturer's own records (the world's lecturer is the class's teacher).
      if (role === 'dosen') return !!caller.teachesClass;
      return role === 'operator';
    case 'student':
      if (role === 'mahasiswa') return !!caller.isTheStudent;
      if (role === 'dosen') return !!caller.teachesClass;
      return true;
    default:
      return true;
  }
}

function request(caller: Caller, options: InjectOptions): Promise<{ statusCode: number; body: string }> {
  const headers = { 'college-id': caller.collegeId, ...(options.headers ?? {}) } as Record<string, string>;
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  const call = t.app.inject({ ...options, headers });
  // A hang is a failure too.
  return Promise.race([
    call,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${options.method} ${options.url} hung`)), 15_000),
    ),
  ]);
}

/** Whether a write route takes fields (a JSON body schema, or a form its handler reads itself). */
function takesFields(route: GovernedRoute): boolean {
  const schema = route.schema as { body?: unknown; consumes?: string[] } | undefined;
  return !!schema?.body || !!schema?.consumes?.length;
}

/** The most privileged caller the declaration lets through (for the bad-input walks). */
function privilegedCaller(route: GovernedRoute): Caller {
  const access = route.config.access;
  if (!access) return callers[0]!;
  const order = ['operator with write', 'lecturer of the class', 'student of the class'];
  for (const name of order) {
    const caller = callers.find((c) => c.name === name)!;
    if (expectedAllowed(access, caller)) return caller;
  }
  throw new Error(`no caller may call ${route.method} ${route.url}`);
}

/** One checksum per table of what users keep (logs excluded), to prove a refused write changed nothing. */
async function tableChecksums(): Promise<Record<string, string>> {
  const tables = await t.database.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    if (loggingTables.has(name) || name.startsWith('__') || name.startsWith('pgboss')) continue;
    const [row] = await t.database.query<{ sum: string | null }>(
      `select md5(string_agg(r::text, '|' order by r::text)) as sum from "${name}" r`,
    );
    sums[name] = row?.sum ?? '';
  }
  return sums;
}

beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld();
  callers = await buildCallers();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('route declarations', () => {
  it('every API route declares itself public or its access', () => {
    expect(t.app.governedRoutes.length).toBeGreaterThan(50);
    for (const route of t.app.governedRoutes) {
      expect(route.config.public || route.config.access, `${route.method} ${route.url}`).toBeTruthy();
    }
  });

  it('refuses to build an app with a route that declares neither', async () => {
    await expect(
      createTestApp(
        {},
        {
          extend(app) {
            app.get('/v2/lms/tanpa_deklarasi', async () => ({ data: 'terbuka' }));
          },
        },
      ),
    ).rejects.toThrow(/declares neither config.public nor config.access/);
  }, 120_000);
});

describe('authorization matrix', () => {
  it('lets no caller through that the declaration refuses, and lets the allowed ones reach the handler', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of t.app.governedRoutes) {
      if (route.config.public) continue;
      // Deleting would take the world's rows away from the routes after it; refusals are still tried.
      const isRead = route.method === 'GET';
      for (const caller of callers) {
        const allowed = expectedAllowed(route.config.access, caller);
        if (!isRead && allowed !== false) continue;
        tried++;
        const url = fillPath(route);
        const res = await request(caller, {
          method: route.method as InjectOptions['method'],
          url,
          ...(isRead ? {} : { payload: {} }),
        });
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (allowed === false && ok)
          failures.push(`${caller.name} got ${res.statusCode} on ${route.method} ${url}`);
        if (allowed === true && [401, 403, 404].includes(res.statusCode)) {
          failures.push(
            `${caller.name} was refused (${res.statusCode}) on ${route.method} ${url}: ${res.body}`,
          );
        }
        if (res.statusCode >= 500)
          failures.push(`${caller.name} got ${res.statusCode} on ${route.method} ${url}`);
      }
    }
    const routes = t.app.governedRoutes.filter((r) => !r.config.public).length;
    console.info(
      `authorization matrix: ${routes} routes × ${callers.length} callers; ${tried} requests made ` +
        `(writes only by callers that must be refused)`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});

describe('bad writes change nothing', () => {
  it('refuses a body that names none of the route fields, and leaves every table as it was', async () => {
    const before = await tableChecksums();
    const failures: string[] = [];
    for (const route of t.app.governedRoutes) {
      if (route.method === 'GET' || route.method === 'DELETE' || !takesFields(route)) continue;
      if (route.config.public) continue;
      const caller = privilegedCaller(route);
      for (const payload of [{ foo: 1 }, {}]) {
        const res = await request(caller, {
          method: route.method as InjectOptions['method'],
          url: fillPath(route),
          payload,
        });
        if (res.statusCode < 400 || res.statusCode >= 500) {
          failures.push(
            `${route.method} ${route.url} with ${JSON.stringify(payload)} answered ${res.statusCode}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await tableChecksums()).toEqual(before);
  }, 300_000);

  it('knows the fields of every JSON write route', () => {
    for (const route of t.app.governedRoutes) {
      const body = (route.schema as { body?: unknown } | undefined)?.body;
      if (!body || route.url === '/v2/lms/pengaturan') continue;
      expect(objectFieldNames(body), `${route.method} ${route.url}`).toBeDefined();
    }
  });
});

describe('malformed input never answers 5xx', () => {
  const big = 'x'.repeat(300_000);

  function bodiesFor(route: GovernedRoute): Array<{ payload: string; contentType: string }> {
    const fields = objectFieldNames((route.schema as { body?: unknown } | undefined)?.body) ?? ['nama'];
    const json = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
    const each = (value: unknown) => json(Object.fromEntries(fields.map((f) => [f, value])));
    return [
      { payload: '{"broken": ', contentType: 'application/json' },
      { payload: '\xff\xfe{"a":"\xff"}', contentType: 'application/json' },
      json([]),
      json('teks'),
      json(42),
      each({ nested: [1, { deep: null }] }),
      each('a\u0000b'),
      each(big),
      each(-1e308),
      { payload: '------x--\r\n', contentType: 'multipart/form-data; boundary=----x' },
      { payload: '', contentType: 'multipart/form-data' },
    ];
  }

  it('answers every route with bad path, query and body with a 4xx', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const route of t.app.governedRoutes) {
      const caller = privilegedCaller(route);
      const method = route.method as InjectOptions['method'];
      const hasParams = route.url.includes(':');
      const urls = [
        ...(hasParams
          ? [fillPath(route, 'a%00b'), fillPath(route, '%FF%FE'), fillPath(route, big.slice(0, 5000))]
          : []),
        `${fillPath(route)}?search=a%00b&page=abc&per_page=-1&periode=%FF`,
        `${fillPath(route)}?search=${big.slice(0, 20_000)}&page=99999999999999999999`,
      ];
      for (const url of urls) {
        tried++;
        const res = await request(caller, { method, url, ...(method === 'GET' ? {} : { payload: {} }) });
        if (res.statusCode >= 500)
          failures.push(`${method} ${url.slice(0, 120)} answered ${res.statusCode}: ${res.body}`);
      }
      if (method === 'GET' || method === 'DELETE') continue;
      for (const body of bodiesFor(route)) {
        tried++;
        const res = await request(caller, {
          method,
          url: fillPath(route),
          payload: body.payload,
          headers: { 'content-type': body.contentType },
        });
        if (res.statusCode >= 500) {
          failures.push(
            `${method} ${route.url} with ${body.payload.slice(0, 60)} answered ${res.statusCode}: ${res.body}`,
          );
        }
      }
    }
    console.info(`malformed input: ${tried} requests over ${t.app.governedRoutes.length} routes`);
    expect(failures).toEqual([]);
  }, 600_000);
});
