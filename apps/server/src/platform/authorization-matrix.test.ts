import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { z } from 'zod';
import { commentGroupId, commentThreadId } from '@lms/contract/chat.rules';
import { materialFieldsSchema } from '@lms/contract/material.schema';
import { taskFieldsSchema, handInFieldsSchema } from '@lms/contract/task.schema';
import { classUpdateFieldsSchema } from '@lms/contract/class.schema';
import { syllabusUpdateFieldsSchema } from '@lms/contract/academic.schema';
import { forumPostInputSchema } from '@lms/contract/forum.schema';
import { operatorAreas, type OperatorPermissions } from '@lms/contract/permission.rules';
import type { Role } from '@lms/contract/role.rules';
import {
  createClass,
  createCollege,
  createExam,
  createMeeting,
  createForum,
  createForumAttachment,
  createMaterial,
  createTask,
  createTaskAttachment,
  createTaskGroup,
  createUser,
  createVidcon,
  factoryPassword,
  type ExamRef,
} from '../testing/factories.ts';
import {
  createPkcePair,
  multipartBody,
  signToken,
  testRedirectUri,
  tinyPng,
  type MultipartFile,
} from '../testing/requests.ts';
import { settleNotifications } from '../modules/notification/notification.testing.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import type { Actor } from './actor.ts';
import { meetsRouteAccess, type GovernedRoute } from './auth.plugin.ts';
import { objectFieldNames } from './input-guard.ts';
import { areaModules, platformResourceKinds, resourceDefinitions } from './area-modules.ts';
import type { ResourceKind, RouteAccess } from './route-access.ts';

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
  studentId: string;
  /** Another student of the class: enrolled, but owner of none of the world's rows. */
  classmate: { id: string; nim: string };
  teacherId: string;
  /** The student's post in the world's forum, and their message in the world's chat thread. */
  postId: string;
  chatThreadId: string;
  chatMessageId: string;
  /** A notification of the student's (only they mark it read). */
  notificationId: string;
  /** The student's hand-in of the world's task, with one file. */
  submissionId: string;
  submissionFileId: string;
  announcementId: string;
  newsId: string;
  helpId: string;
  materialId: string;
  vidconId: string;
  forumId: string;
  forumAttachmentId: string;
  chatGroupId: string;
  programId: string;
  exam: {
    id: string;
    groupId: string;
    questionId: string;
    /** pilihan, benar_salah, esay (which takes image files). */
    questionIds: [string, string, string];
    waktuMulai: string;
    attemptId: string;
    studentId: string;
  };
  taskId: string;
  taskAttachmentId: string;
  taskGroupId: string;
  /** A SIAKAD grade component of the class. */
  komponenId: string;
  /** A picture the class's teacher uploaded through the storager. */
  storagerUrl: string;
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

/** Tables that a refused request may still write to: logs of who called what, and rate limit counts. */
const loggingTables = new Set(['activity_logs', 'refresh_tokens', 'auth_codes', 'rate_limit_counters']);

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
  const { attachmentId: forumAttachmentId, postId } = await createForumAttachment(t.database, t.app.files, {
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
  const chatThreadId = 'topik-matrix';
  await t.database.query(
    `insert into chat_threads (college_id, group_id, id, judul) values ($1, $2, $3, 'Topik')`,
    [cls.college_id, chatGroupId, chatThreadId],
  );
  const chatMessage = await one<{ id: string }>(
    `insert into chat_messages (college_id, group_id, thread_id, author_id, isi)
      values ($1, $2, $3, $4, '<p>Halo</p>') returning id`,
    [cls.college_id, chatGroupId, chatThreadId, student.id],
  );
  const notification = await one<{ id: string }>(
    `with event as (
       insert into notification_events (college_id, kind, kelas_id, audience, title, link, resource_kind, resource_id, done_at)
       values ($1, 'tugas', $2, 'mahasiswa', 'Tugas', '/tugas', 'task', 'matrix', now()) returning id)
     insert into notifications (college_id, user_id, event_id, kind, title, link, resource_kind, resource_id)
     select $1, $3, event.id, 'tugas', 'Tugas', '/tugas', 'task', 'matrix' from event returning id`,
    [cls.college_id, cls.id, student.id],
  );
  // A classmate: enrolled in the class, owner of nothing in it.
  const classmate = await createUser(t.database, { collegeId: cls.college_id, role: 'mahasiswa' });
  await t.database.query(
    `insert into class_students (college_id, kelas_id, mahasiswa_id) values ($1, $2, $3)`,
    [cls.college_id, cls.id, classmate.userId],
  );
  // The world's teacher coordinates the course, so the syllabus and course rules have an allowed lecturer.
  await t.database.query(`update courses set koordinator_dosen_id = $3 where college_id = $1 and id = $2`, [
    cls.college_id,
    cls.course_id,
    teacher.id,
  ]);
  // The teacher teaches the world's meeting, and the meeting's attendance is computed (online, with
  // parameters), so the meeting's attendance and lecturer routes have allowed callers.
  await t.database.query(
    `insert into meeting_teachers (college_id, pertemuan_id, dosen_id, is_pengajar) values ($1, $2, $3, true)
      on conflict (pertemuan_id, dosen_id) do update set is_pengajar = true`,
    [cls.college_id, meeting.id, teacher.id],
  );
  await t.database.query(
    `update meetings set jenis = 'online',
        parameter_kehadiran = '{"hadir_vidcon":true,"kerjakan_kuis_ujian":true,"kerjakan_tugas":true,"posting_forum":true,"unduh_materi":true}'
      where college_id = $1 and id = $2`,
    [cls.college_id, meeting.id],
  );
  const component = await one<{ id: string }>(
    `insert into siakad_demo_components (college_id, kelas_id, jenis, label, bobot)
      values ($1, $2, 'uts', 'UTS Matriks', 10) returning id`,
    [cls.college_id, cls.id],
  );
  const exam = await createExam(t.database, {
    collegeId: cls.college_id,
    meetingId: meeting.id,
    attemptBy: [student.id],
  });
  const examStart = await one<{ waktu_mulai: Date }>(`select waktu_mulai from exams where id = $1`, [
    exam.examId,
  ]);
  await t.database.query(
    `update exam_questions set isi = jsonb_set(isi, '{jenis_file_diterima}', '["image"]') where id = $1`,
    [exam.questionIds[2]],
  );
  const { taskId } = await createTask(t.database, { collegeId: cls.college_id, meetingId: meeting.id });
  const { attachmentId: taskAttachmentId } = await createTaskAttachment(t.database, t.app.files, {
    collegeId: cls.college_id,
    taskId,
  });
  const submission = await one<{ id: string }>(
    `insert into task_submissions (college_id, tugas_id, mahasiswa_id, teks, submitted_at)
      values ($1, $2, $3, '<p>Jawaban</p>', now()) returning id`,
    [cls.college_id, taskId, student.id],
  );
  const handedIn = await t.app.files.put(tinyPng(), {
    collegeId: cls.college_id,
    contentType: 'image/png',
    fileName: 'jawaban.png',
    private: true,
  });
  const submissionFile = await one<{ id: string }>(
    `insert into task_submission_files (college_id, pengumpulan_id, file_key, file_name, file_size, content_type)
      values ($1, $2, $3, 'jawaban.png', $4, 'image/png') returning id`,
    [cls.college_id, submission.id, handedIn.key, handedIn.size],
  );
  const { groupId: taskGroupId } = await createTaskGroup(t.database, {
    collegeId: cls.college_id,
    kelasId: cls.id,
    memberIds: [student.id],
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
      questionIds: exam.questionIds,
      waktuMulai: examStart.waktu_mulai.toISOString(),
      attemptId: exam.attemptIds[0]!,
      studentId: student.id,
    },
    collegeId: cls.college_id,
    classId: cls.id,
    chatGroupId,
    chatThreadId,
    chatMessageId: chatMessage.id,
    notificationId: notification.id,
    postId,
    submissionId: submission.id,
    submissionFileId: submissionFile.id,
    studentId: student.id,
    classmate: { id: classmate.userId, nim: classmate.nim! },
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
    storagerUrl: '',
    komponenId: component.id,
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
        and not exists (select 1 from class_teachers ct join classes k on k.college_id = ct.college_id and k.id = ct.kelas_id
                         where ct.dosen_id = l.user_id and (k.id = $2 or k.mata_kuliah_id = $3))
      order by u.username limit 1`,
    [c, world.classId, world.courseId],
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
    {
      name: 'another student of the class',
      actor: actor(world.classmate.id, 'mahasiswa', null),
      collegeId: c,
      enrolledInClass: true,
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
      // Passes every relation of the student: only the rule that acting sessions read refuses its writes.
      name: 'operator acting for the student of the class',
      actor: { ...actor(studentId, 'mahasiswa', null), actorUserId: writer },
      collegeId: c,
      enrolledInClass: true,
      isTheStudent: true,
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

/**
 * The path of a route with its parameters pointing at the world's rows (or at `params`, rows made for
 * one request).
 */
function fillPath(route: GovernedRoute, override?: string, params: Record<string, string> = {}): string {
  const kind = route.config.access?.resource?.kind;
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (override !== undefined) return override;
    if (params[name] !== undefined) return params[name];
    if (name === 'id' && route.url.startsWith('/v2/lms/forum/post/')) return world.postId;
    if (name === 'id') {
      if (kind === 'meeting') return world.meetingId;
      if (kind === 'help') return world.helpId;
      if (kind === 'account') return world.teacherId;
      if (kind === 'material') return world.materialId;
      if (kind === 'vidcon') return world.vidconId;
      if (kind === 'forum') return world.forumId;
      if (kind === 'program') return world.programId;
      if (kind === 'exam') return world.exam.id;
      if (kind === 'exam_attempt') return world.exam.attemptId;
      if (kind === 'task') return world.taskId;
      if (kind === 'task-group') return world.taskGroupId;
      if (kind === 'question-bank') return world.bank.id;
      if (kind === 'announcement') return world.announcementId;
      if (kind === 'news') return world.newsId;
      return world.classId;
    }
    if (name === 'lampiranId') return kind === 'task' ? world.taskAttachmentId : world.forumAttachmentId;
    if (name === 'groupId' && kind === 'chat') return world.chatGroupId;
    if (name === 'studentId') return world.exam.studentId;
    if (name === 'groupId') return world.exam.groupId;
    if (name === 'soalId' && kind === 'question-bank') return world.bank.questionId;
    if (name === 'questionId' || name === 'soalId') return world.exam.questionId;
    if (name === 'courseId') return world.courseId;
    if (name === 'mahasiswaId') return world.studentId;
    if (name === 'pengumpulanId') return world.submissionId;
    if (name === 'fileId') return world.submissionFileId;
    if (name === 'threadId') return world.chatThreadId;
    if (name === 'pesanId') return world.chatMessageId;
    if (name === 'komponenId') return world.komponenId;
    if (name === 'tipe') return 'tugas';
    if (name === 'contentId') return world.taskId;
    if (name === 'nim') return world.studentNim;
    if (name === 'idDosen') return world.teacherId;
    if (name === 'keyword') return 'url_sikad';
    return 'x';
  });
  return params['?'] ? `${path}?${params['?']}` : path;
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

/**
 * Whether the caller has the relation a resource kind needs to a row of the world's class. Every kind
 * is listed: a kind added to `resourceKinds` without a rule here fails the matrix instead of counting
 * as allowed.
 */
function relationAllows(kind: ResourceKind, caller: Caller, level: 'read' | 'write' = 'write'): boolean {
  const { role } = caller.actor!;
  switch (kind) {
    case 'class':
    case 'meeting':
    case 'material':
    case 'vidcon':
    case 'forum':
    case 'exam':
    case 'task':
    case 'task-group':
      if (role === 'mahasiswa') return !!caller.enrolledInClass;
      if (role === 'dosen') return !!caller.teachesClass;
      return true;
    case 'exam_attempt':
      // The world's attempt is the student's own: a classmate has no business in it.
      if (role === 'mahasiswa') return !!caller.isTheStudent;
      if (role === 'dosen') return !!caller.teachesClass;
      return true;
    case 'chat':
      // Members only (the world's group holds the student and the teacher); never operators.
      if (role === 'mahasiswa') return !!caller.isTheStudent;
      if (role === 'dosen') return !!caller.teachesClass;
      return false;
    case 'question-bank':
      // The world's bank is hidden: only its owner (the class's main teacher) among lecturers.
      if (role === 'dosen') return !!caller.teachesClass;
      return role === 'operator';
    case 'course':
      // A course's plans are the college's to read; changing them, or a bank of the course, takes the
      // world's teacher (its coordinator, teaching it), not the other lecturer.
      if (level !== 'write') return true;
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
    case 'account':
      // Any account of the college: operators by their rights on its role's area (all or none here).
      return role === 'operator';
    case 'announcement':
    case 'news':
    case 'help':
    case 'program':
    case 'file':
      // Rows of the whole college: the declaration's role and area decide.
      return true;
    default: {
      const unlisted: never = kind;
      throw new Error(`the matrix has no relation rule for resource kind ${String(unlisted)}`);
    }
  }
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
  return access.resource ? relationAllows(access.resource.kind, caller, access.level ?? 'read') : true;
}

/** A valid body: JSON, or a multipart form with files. */
type WriteBody = { json: unknown } | { form: Record<string, string>; files?: MultipartFile[] };

/** How the matrix writes to one route as every caller. */
/** Body fields that name a row of the world, by the kind of that row. */
const rowFields: Record<string, ResourceKind> = { id_pertemuan: 'meeting', id_kelas_kuliah: 'class' };

interface WriteCase {
  /** A body that passes the route's schema (absent: the route takes none). */
  body?: (w: World, c: Caller) => WriteBody;
  /** The schema the handler parses a JSON body with, for routes that read their own form. */
  schema?: z.ZodType;
  /** Kinds of the world's rows the body names (id_pertemuan: meeting): the caller needs each relation. */
  names?: ResourceKind[];
  /** Only the student who wrote the row (post, message) may change it. */
  owner?: 'student';
  /** Path parameters (`?` for the query) the route needs besides the world's defaults. */
  params?: (w: World) => Record<string, string>;
  /**
   * Rows made for one allowed request, as path parameters: a delete or a one-time change would take the
   * world's own rows away from the routes after it.
   */
  fresh?: (w: World, c: Caller) => Promise<Record<string, string>>;
  /** The route ends the caller's session: an allowed caller sends it with a token of its own. */
  endsSession?: true;
  /** The roles the area's policy leaves of the declared ones (the grade integrator, …). */
  roles?: readonly Role[];
  /**
   * Who in an acting session ("Login Akun Lain") may send it: by default nobody, since acting sessions
   * only read; `also` for routes about the session itself, `only` for the way back to the operator.
   */
  acting?: 'also' | 'only';
  /** The policy answers a wrong relation as a field error of the form (400), not 403. */
  refusedAsFieldError?: true;
  /** The thread is a task group's: of the students, only its members (the world's student). */
  groupMembersOnly?: true;
  /** What the matrix's app cannot do (no mail server): allowed callers get this 503 code, not a 2xx. */
  unavailableHere?: 'email_belum_diatur' | 'push_belum_diatur';
}

/**
 * What a write by the caller should get: the declaration's answer, narrowed by the rows its body names
 * (the caller needs the same relation to them) and by ownership (only the author changes a post).
 */
function expectedWriteAllowed(route: GovernedRoute, caller: Caller, write: WriteCase): boolean | undefined {
  const declared = expectedAllowed(route.config.access, caller);
  if (declared === false || !caller.actor) return false;
  const acting = !!caller.actor.actorUserId;
  if (write.acting === 'only') return acting;
  if (acting && write.acting !== 'also') return false;
  if (write.roles && !write.roles.includes(caller.actor.role)) return false;
  if (write.groupMembersOnly && caller.actor.role === 'mahasiswa' && !caller.isTheStudent) return false;
  if (write.names?.length) {
    if (caller.otherCollege) return false;
    if (!write.names.every((kind) => relationAllows(kind, caller))) return false;
  }
  if (write.owner === 'student') return !!caller.isTheStudent && !caller.actor.actorUserId;
  return declared;
}

const png = (field: string): MultipartFile => ({
  field,
  name: 'gambar.png',
  type: 'image/png',
  content: tinyPng(),
});
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const json = (value: unknown): WriteBody => ({ json: value });

const meetingContent = (w: World) => ({
  id_pertemuan: w.meetingId,
  judul: 'Isi matriks',
  deskripsi: '<p>Uji</p>',
  waktu_mulai: inMinutes(-10),
  waktu_selesai: inMinutes(120),
});
const examBody = (w: World) =>
  json({ ...meetingContent(w), jenis: 'kuis', durasi: 30, gunakan_batas_waktu: false });
const choiceQuestion = () =>
  json({
    pertanyaan: '<p>Pilih satu</p>',
    isi: { jenis: 'pilihan', pilihan: [{ teks: 'A' }, { teks: 'B' }, { teks: 'C' }], kunci: 0 },
  });
const bankBody = (w: World) =>
  json({ judul: 'Bank baru', deskripsi: 'Uji', id_mata_kuliah: w.courseId, id_dosen: w.teacherId });
const publication = () =>
  json({ judul: 'Kabar matriks', isi: '<p>Isi</p>', tanggal_publish: null, ringkasan: 'Ringkas' });
const helpBody = () => json({ kategori: 'Umum', judul: 'Bantuan matriks', isi: '<p>Isi</p>', urutan: 1 });

let accountCount = 0;
const accountBody = () =>
  json({
    role: 'dosen',
    nama: 'Dosen Matriks',
    username: `dosen.matriks${++accountCount}`,
    nidn: `77${String(accountCount).padStart(8, '0')}`,
    password: 'sandi-awal-123',
  });
/** A lecturer's account made for one request (deactivated or given a new password by it). */
async function freshAccount(w: World) {
  return { id: (await createUser(t.database, { collegeId: w.collegeId, role: 'dosen' })).userId };
}

/** A new exam of the world's meeting, with the student's open attempt. */
async function freshExam(w: World) {
  return createExam(t.database, { collegeId: w.collegeId, meetingId: w.meetingId, attemptBy: [w.studentId] });
}

/** A row made through the API by the operator with write (publications and help articles). */
async function createdByWriter(url: string, body: WriteBody): Promise<string> {
  const writer = callers.find((c) => c.name === 'operator with write')!;
  const res = await request(writer, {
    method: 'POST',
    url,
    payload: (body as { json: unknown }).json as object,
  });
  if (res.statusCode >= 300) throw new Error(`could not make a row by POST ${url}: ${res.body}`);
  return (JSON.parse(res.body) as { data: { id: string } }).data.id;
}

/**
 * A valid body for every write route that takes one, keyed by method and path. The matrix sends it as
 * every caller, so a refusal proves a relation check and not the schema; a route without an entry here
 * fails the test.
 */
const writeCases: Record<string, WriteCase> = {
  'POST /v2/authorize/akun_lain': {
    body: (w) =>
      json({
        username: w.classmate.nim,
        client_id: 'web',
        redirect_uri: testRedirectUri,
        state: 'matriks',
        code_challenge: createPkcePair().challenge,
        code_challenge_method: 'S256',
      }),
  },
  // The code carries the acting operator to SIAKAD (auth.service), as the session it comes from.
  'POST /v2/authorize/sikad': {
    acting: 'also',
    body: () =>
      json({ response_type: 'code', client_id: 'web', state: 'matriks', redirect_uri: testRedirectUri }),
  },
  'PUT /v2/lms/kelas_kuliah/:id': {
    body: () => json({ banner_color_idx: 2 }),
    schema: classUpdateFieldsSchema,
  },
  'PUT /v2/lms/kelas_kuliah/:id/ketua_kelas': { body: (w) => json({ nim: w.studentNim }) },
  // A coordinator is not a recorded lecturer of the meetings: the teacher keeps teaching them.
  'PUT /v2/lms/kelas_kuliah/:id/pengajar/:idDosen': { body: () => json({ peran: 'dosen' }) },
  // While an operator acts for a student, the student is the one shown active (visitor.service).
  'PUT /v2/lms/visitor/last_active': { acting: 'also' },
  'PUT /v2/lms/pertemuan/:id': { body: () => json({ judul: 'Pertemuan matriks' }) },
  'PUT /v2/lms/pertemuan/:id/teks': { body: () => json({ teks: '<p>Catatan</p>' }) },
  'PUT /v2/lms/pertemuan/cek_bentrok': {
    body: (w) =>
      json({ id_kelas_kuliah: w.classId, waktu_mulai: inMinutes(60), waktu_selesai: inMinutes(120) }),
    names: ['class'],
  },
  'POST /v2/lms/materi': {
    body: (w) =>
      json({
        id_pertemuan: w.meetingId,
        judul: 'Tautan matriks',
        deskripsi: '<p>Bacaan</p>',
        jenis_materi: 'buku_ajar',
        tipe_file: 'url',
        file_url: 'https://example.org/materi-matriks',
      }),
    schema: materialFieldsSchema,
    names: ['meeting'],
  },
  'POST /v2/lms/materi/salin': {
    body: (w) => json({ id_pertemuan: w.meetingId, list_id: [w.materialId] }),
    names: ['meeting', 'material'],
  },
  'PUT /v2/lms/materi/:id': {
    body: (w) =>
      json({
        id_pertemuan: w.meetingId,
        judul: 'Tautan diubah',
        deskripsi: '<p>Bacaan</p>',
        jenis_materi: 'buku_ajar',
        tipe_file: 'url',
        file_url: 'https://example.org/materi-diubah',
      }),
    schema: materialFieldsSchema,
    names: ['meeting'],
  },
  'DELETE /v2/lms/materi/:id': {
    fresh: async (w) => ({
      id: (await createMaterial(t.database, { collegeId: w.collegeId, meetingId: w.meetingId })).materialId,
    }),
  },
  'PUT /v2/lms/materi/:id/putar': { body: () => json({ detik: 30 }) },
  'POST /v2/lms/materi/:id/luring': {
    body: () => json({ catatan: [{ jenis: 'baca', detik: 90, dibuka_pada: '2026-11-29T10:00:00+07:00' }] }),
  },
  'POST /v2/lms/vidcon': {
    body: (w) => json({ ...meetingContent(w), aplikasi: 'gmeet', link: 'https://meet.example.org/abc' }),
    names: ['meeting'],
  },
  'PUT /v2/lms/vidcon/:id': {
    body: (w) => json({ ...meetingContent(w), aplikasi: 'gmeet', link: 'https://meet.example.org/abc' }),
    names: ['meeting'],
  },
  'DELETE /v2/lms/vidcon/:id': {
    fresh: async (w) => ({
      id: (await createVidcon(t.database, { collegeId: w.collegeId, meetingId: w.meetingId })).vidconId,
    }),
  },
  'POST /v2/lms/ujian': { body: examBody, names: ['meeting'] },
  'POST /v2/lms/ujian/salin': {
    body: (w) => json({ ...(examBody(w) as { json: object }).json, id: w.exam.id }),
    names: ['meeting', 'exam'],
  },
  // The world's exam has an attempt: its start stays as it is.
  'PUT /v2/lms/ujian/:id': {
    body: (w) => json({ ...(examBody(w) as { json: object }).json, waktu_mulai: w.exam.waktuMulai }),
    names: ['meeting'],
  },
  'DELETE /v2/lms/ujian/:id': { fresh: async (w) => ({ id: (await freshExam(w)).examId }) },
  'POST /v2/lms/ujian/:id/kelompok_soal': { body: () => json({ judul: 'Bagian B', aturan: 'semua' }) },
  'PUT /v2/lms/ujian/:id/kelompok_soal/urutan': { body: (w) => json({ urutan: [w.exam.groupId] }) },
  'PUT /v2/lms/ujian/:id/kelompok_soal/:groupId': {
    body: () => json({ judul: 'Bagian A', aturan: 'semua' }),
  },
  'DELETE /v2/lms/ujian/:id/kelompok_soal/:groupId': {
    fresh: async (w) => {
      const exam = await freshExam(w);
      return { id: exam.examId, groupId: exam.groupId };
    },
  },
  'POST /v2/lms/ujian/:id/kelompok_soal/:groupId/soal': { body: choiceQuestion },
  'PUT /v2/lms/ujian/:id/kelompok_soal/:groupId/soal/urutan': {
    body: (w) => json({ urutan: w.exam.questionIds }),
  },
  'PUT /v2/lms/ujian/:id/kelompok_soal/:groupId/soal/:questionId': { body: choiceQuestion },
  'DELETE /v2/lms/ujian/:id/kelompok_soal/:groupId/soal/:questionId': {
    fresh: async (w) => {
      const exam = await freshExam(w);
      return { id: exam.examId, groupId: exam.groupId, questionId: exam.questionIds[0] };
    },
  },
  'PUT /v2/lms/pengerjaan/:id/jawaban/:soalId': {
    body: () => json({ jawaban: { jenis: 'pilihan', pilihan: 1 }, urutan: 1 }),
  },
  'POST /v2/lms/pengerjaan/:id/selesai': {
    fresh: async (w) => ({ id: (await freshExam(w)).attemptIds[0]! }),
  },
  'POST /v2/lms/pengerjaan/:id/keluar': { body: () => json({ jenis: 'tab' }) },
  'PUT /v2/lms/ujian/:id/pengerjaan/:studentId/kelompok_soal/:groupId/soal/:questionId/nilai': {
    body: () => json({ nilai: 80 }),
    params: (w) => ({ questionId: w.exam.questionIds[2] }),
  },
  'DELETE /v2/lms/ujian/:id/pengerjaan/:studentId/kelompok_soal/:groupId/soal/:questionId/nilai': {
    params: (w) => ({ questionId: w.exam.questionIds[0] }),
  },
  'PUT /v2/lms/pengerjaan/:id/pengurangan_nilai': { body: () => json({ nilai: 5 }) },
  'DELETE /v2/lms/pengerjaan/:id': { fresh: async (w) => ({ id: (await freshExam(w)).attemptIds[0]! }) },
  'PUT /v2/lms/ujian/:id/nilai_publishing': { body: () => json({ is_tampilkan_nilai: true }) },
  'PUT /v2/lms/ujian/:id/perpanjang': { body: () => json({ menit: 10 }) },
  'PUT /v2/lms/pengerjaan/:id/perpanjang': { body: () => json({ menit: 10 }) },
  'POST /v2/lms/ujian/:id/jeda': { body: () => json({ alasan: 'Gangguan listrik' }) },
  'PUT /v2/lms/ujian/:id/soal/:soalId/files': { body: () => ({ form: {}, files: [png('files')] }) },
  'POST /v2/lms/ujian/:id/soal/:soalId/files/hapus': {
    body: () => json({ soal_files_delete: [], kunci_files_delete: [] }),
  },
  'PUT /v2/lms/pengerjaan/:id/jawaban/:soalId/files': {
    body: () => ({ form: {}, files: [png('files')] }),
    params: (w) => ({ soalId: w.exam.questionIds[2] }),
  },
  'DELETE /v2/lms/pengerjaan/:id/jawaban/:soalId/files': {
    params: (w) => ({ soalId: w.exam.questionIds[2] }),
  },
  'POST /v2/lms/forum': { body: (w) => json({ ...meetingContent(w), minimal_post: 1 }), names: ['meeting'] },
  'PUT /v2/lms/forum/:id': {
    body: (w) => json({ ...meetingContent(w), minimal_post: 1 }),
    names: ['meeting'],
  },
  'DELETE /v2/lms/forum/:id': {
    fresh: async (w) => ({
      id: (await createForum(t.database, { collegeId: w.collegeId, meetingId: w.meetingId })).forumId,
    }),
  },
  'POST /v2/lms/forum/:id/post': {
    body: () => json({ isi: '<p>Pendapat saya</p>' }),
    schema: forumPostInputSchema,
  },
  'PUT /v2/lms/forum/post/:id': { body: () => json({ isi: '<p>Diubah</p>' }), owner: 'student' },
  'DELETE /v2/lms/forum/post/:id': {
    owner: 'student',
    fresh: async (w) => ({
      id: (
        await createForumAttachment(t.database, t.app.files, {
          collegeId: w.collegeId,
          forumId: w.forumId,
          authorId: w.studentId,
        })
      ).postId,
    }),
  },
  'POST /v2/lms/tugas': {
    body: (w) => json({ ...meetingContent(w), jenis: 'individu', tipe_file_jawaban: ['pdf'] }),
    schema: taskFieldsSchema,
    names: ['meeting'],
  },
  'PUT /v2/lms/tugas/:id': {
    body: (w) => json({ ...meetingContent(w), jenis: 'individu', tipe_file_jawaban: ['pdf'] }),
    schema: taskFieldsSchema,
    names: ['meeting'],
  },
  'DELETE /v2/lms/tugas/:id': {
    fresh: async (w) => ({
      id: (await createTask(t.database, { collegeId: w.collegeId, meetingId: w.meetingId })).taskId,
    }),
  },
  'POST /v2/lms/tugas/:id/pengumpulan': {
    body: () => json({ teks: '<p>Jawaban saya</p>' }),
    schema: handInFieldsSchema,
  },
  'PUT /v2/lms/tugas/:id/pengumpulan/:pengumpulanId/nilai': { body: () => json({ nilai: 90 }) },
  'PUT /v2/lms/tugas/:id/publikasi': { body: () => json({ publikasi: true }) },
  'POST /v2/lms/kelas_kuliah/:id/kelompok': { body: () => json({ nama: 'Kelompok matriks' }) },
  'POST /v2/lms/kelas_kuliah/:id/kelompok/bentuk': {
    body: () => json({ cara: 'manual', kelompok: [{ nama: 'Kelompok bentukan' }] }),
  },
  'PUT /v2/lms/kelompok/:id': { body: () => json({ nama: 'Kelompok diubah' }) },
  'DELETE /v2/lms/kelompok/:id': {
    fresh: async (w) => ({
      id: (await createTaskGroup(t.database, { collegeId: w.collegeId, kelasId: w.classId, memberIds: [] }))
        .groupId,
    }),
  },
  'POST /v2/lms/kelompok/:id/anggota': { body: (w) => json({ nim: w.classmate.nim }) },
  'DELETE /v2/lms/kelompok/:id/anggota/:nim': {
    fresh: async (w) => {
      // A student is in one group of a class at a time: take the classmate out of any before.
      await t.database.query(`delete from task_group_members where mahasiswa_id = $1`, [w.classmate.id]);
      return {
        id: (
          await createTaskGroup(t.database, {
            collegeId: w.collegeId,
            kelasId: w.classId,
            memberIds: [w.classmate.id],
          })
        ).groupId,
        nim: w.classmate.nim,
      };
    },
  },
  'PUT /v2/lms/kelompok/:id/ketua': { body: (w) => json({ nim: w.studentNim }) },
  'PUT /v2/lms/kehadiran_mahasiswa/pertemuan/:id': {
    body: (w) => json({ data: [{ nim: w.studentNim, presensi: 'H' }] }),
  },
  'PUT /v2/lms/kehadiran_mahasiswa/pertemuan/:id/mahasiswa/:mahasiswaId': {
    body: () => json({ presensi: 'H' }),
  },
  'POST /v2/lms/kehadiran_mahasiswa/hitung_persentase': {
    body: (w) => json({ id_kelas_kuliah: w.classId }),
    names: ['class'],
  },
  // The world's college names the lecturer its grade integrator: operators do not set components.
  'PUT /v2/lms/nilai/kelas_kuliah/:id/komponen/:komponenId': {
    body: () => json({ list_aktivitas: [] }),
    roles: ['dosen'],
  },
  'PUT /v2/lms/pengaturan/integrasi_nilai': {
    body: () => json({ pelaku: 'dosen', siakad: { jenis: 'demo' } }),
  },
  'POST /v2/lms/nilai/kelas_kuliah/:id/kirim': { body: () => json({ konfirmasi_timpa: false }) },
  'PUT /v2/dev/siakad/kelas_kuliah/:id': { body: () => json({ is_nilai_dikunci: false }) },
  'PUT /v2/dev/siakad/kelas_kuliah/:id/nilai': {
    body: (w) => json({ id_komponen: w.komponenId, nim: w.studentNim, nilai: 80 }),
  },
  'PUT /v2/lms/kehadiran_dosen/:id/me': { body: () => json({ aksi: 'mulai' }) },
  'PUT /v2/lms/kehadiran_dosen/:id/dosen/:idDosen': {
    body: () => json({ is_hadir: true, mulai_kuliah: inMinutes(-30), selesai_kuliah: inMinutes(-5) }),
  },
  'PUT /v2/lms/kehadiran_dosen/:id/dosen/:idDosen/validasi': { body: () => json({ is_valid: true }) },
  'POST /v2/lms/kehadiran_mahasiswa/presensi_qr': { body: () => json({ kode: 'bukan-kode-qr' }) },
  'POST /v2/chat/group': {
    body: (w) => json({ name: 'Grup baru', members: [w.studentNim], id_kelas_kuliah: w.classId }),
    names: ['class'],
  },
  'POST /v2/chat/group/:groupId': {
    body: (w) => json({ name: 'Grup diubah', members: [w.studentNim], id_kelas_kuliah: w.classId }),
    names: ['class'],
  },
  'POST /v2/chat/group/:groupId/thread': { body: () => json({ judul: 'Topik baru' }) },
  'POST /v2/chat/group/:groupId/thread/:threadId': { body: () => json({ judul: 'Topik diubah' }) },
  'POST /v2/chat/group/:groupId/thread/:threadId/pesan': { body: () => json({ isi: '<p>Pesan</p>' }) },
  'DELETE /v2/chat/group/:groupId/thread/:threadId/pesan/:pesanId': { owner: 'student' },
  'PUT /v2/chat/unread': { body: (w) => json({ id: w.chatGroupId, aksi: 'reset' }) },
  'POST /v2/lms/log_aktivitas/:tipe/:contentId/log_hapus_komentar': {
    body: () => json({ waktu_posting: inMinutes(-5), user_deleted: 'Mahasiswa' }),
    names: ['task'],
  },
  'POST /v2/lms/log_aktivitas/:tipe/:contentId/kelompok/:groupId/log_hapus_komentar': {
    body: () => json({ waktu_posting: inMinutes(-5), user_deleted: 'Mahasiswa' }),
    names: ['task'],
    groupMembersOnly: true,
    params: (w) => ({ groupId: w.taskGroupId }),
  },
  'PUT /v1/penandatangan_prodi/:id': { body: () => json({ nama: 'Dr. Penanda Tangan', jabatan: 'Kaprodi' }) },
  'PUT /v2/academic/makul/:courseId/rencana-pembelajaran': {
    body: () => json({ data: [{ id_pertemuan: 1, materi: 'Pengantar' }] }),
  },
  'PUT /v2/academic/makul/:courseId/rencana-evaluasi': {
    body: () => json({ data: [{ komponen_nilai: { id: 'uts_matriks', nama: 'UTS' }, bobot: 100 }] }),
  },
  'PUT /v2/academic/matakuliah/:courseId/silabus': {
    body: () => json({ teks: '<p>Silabus</p>' }),
    schema: syllabusUpdateFieldsSchema,
  },
  'PUT /v2/lms/perguruan_tinggi': {
    body: () =>
      json({ nama: 'Universitas Matriks', judul: 'LMS Matriks', alamat: '', email: '', telepon: '' }),
  },
  // A logo must be an image of at least 64×64 pixels (tinyPng is 1×1): a 64×64 blue square.
  'PUT /v2/lms/perguruan_tinggi/logo': {
    body: () => ({
      form: {},
      files: [
        {
          field: 'logo',
          name: 'logo.png',
          type: 'image/png',
          content: Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAMAAACdt4HsAAAAA1BMVEUdTthVdjWUAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAG0lEQVRYw+3BgQAAAADDoPlT3+AEVQEAAAB8AxBAAAEZszF2AAAAAElFTkSuQmCC',
            'base64',
          ),
        },
      ],
    }),
  },
  // Each student saves their own biodata, once the college allows students to edit it.
  'PUT /v2/lms/biodata': {
    body: () =>
      json({
        nik: '3273012345678901',
        tempat_lahir: 'Bandung',
        tanggal_lahir: '2000-01-01',
        alamat: 'Jl. Matriks 1',
        telepon: '081234567890',
        email: 'biodata@example.org',
        nama_ayah: null,
        tanggal_lahir_ayah: null,
        nama_ibu: null,
        tanggal_lahir_ibu: null,
      }),
    fresh: async (w) => {
      await t.database.query(
        `update colleges set settings = settings || '{"pengaturan_mahasiswa":{"is_edit_mahasiswa":true}}' where id = $1`,
        [w.collegeId],
      );
      t.app.invalidateCollegeCache();
      return {};
    },
  },
  'PUT /v2/lms/pengaturan': { body: () => json({ pengaturan_sistem: { time_zone: 'Asia/Jakarta' } }) },
  // No host: the college keeps the installation's SMTP (a host would be resolved and guarded).
  'PUT /v2/lms/pengaturan/email': {
    body: () =>
      json({
        host: '',
        port: 587,
        keamanan: 'starttls',
        username: '',
        pengirim_email: '',
        pengirim_nama: '',
      }),
  },
  // No issuer: the campus sign-in stays off (an issuer would be resolved, guarded and discovered).
  'PUT /v2/lms/pengaturan/sso': {
    body: () =>
      json({ issuer: '', client_id: '', cocokkan_dengan: 'email', nama_klaim: '', buat_akun_baru: false }),
  },
  'PUT /v2/lms/pengaturan/me': {
    body: () => json({ email: 'matriks@example.org', telepon: '081234567890' }),
  },
  // A wrong current password: the handler answers, and no caller's sign-in changes under the matrix.
  'PUT /v2/lms/pengaturan/password': {
    body: () =>
      json({
        password_lama: `${factoryPassword}-salah`,
        password_baru: 'Rahasia-baru-123',
        konfirmasi_password: 'Rahasia-baru-123',
      }),
  },
  'PUT /v2/lms/pengaturan/foto': { body: () => ({ form: {}, files: [png('foto')] }) },
  // Restricting the student would change what the rest of the matrix may do.
  'PUT /v2/lms/pembatasan/tunggakan/:nim': { body: () => json({ tunggakan: false }) },
  'PUT /v2/lms/hak-akses-operator/:id': {
    body: () => json({ hak_akses: { bank_soal: 'read' }, is_active: true }),
    params: () => ({ id: '00000000-0000-4000-8000-000000000001' }),
    // A new operator for each allowed change, so no caller's own rights move.
    fresh: async (w) => ({
      id: (await createUser(t.database, { collegeId: w.collegeId, role: 'operator', permissions: {} }))
        .userId,
    }),
  },
  'POST /v2/lms/pembatasan/tunggakan/impor/pratinjau': {
    body: () => ({
      form: {},
      files: [
        { field: 'file', name: 'tunggakan.csv', type: 'text/csv', content: Buffer.from('NIM\n0000\n') },
      ],
    }),
  },
  'POST /v2/lms/pembatasan/tunggakan/impor': {
    body: () => ({
      form: { mode: 'tambah' },
      files: [
        { field: 'file', name: 'tunggakan.csv', type: 'text/csv', content: Buffer.from('NIM\n0000\n') },
      ],
    }),
  },
  // The upload stores the file for its read job (no worker runs here); a second one waits (409).
  'POST /v2/lms/muat_semester': {
    body: () => ({
      form: {},
      files: [
        {
          field: 'file',
          name: 'semester.xlsx',
          type: 'application/octet-stream',
          content: Buffer.from('PK'),
        },
      ],
    }),
  },
  // A load from the demo SIAKAD is queued the same way; a second one waits (409).
  'POST /v2/lms/muat_semester/siakad': { body: () => json({ periode: 20301 }) },
  'PUT /v2/lms/muat_semester/sinkron_otomatis': { body: () => json({ aktif: false, jam: 2 }) },
  'POST /v2/lms/muat_semester/:importId/terapkan': { fresh: (w) => freshSemesterPreview(w) },
  'POST /v2/lms/muat_semester/:importId/batal': { fresh: (w) => freshSemesterPreview(w) },
  'POST /v2/lms/log_aktivitas/logout': { endsSession: true, acting: 'also' },
  'POST /v2/lms/log_aktivitas/keluar_ke_sikad': { endsSession: true, acting: 'also' },
  'POST /v2/lms/log_aktivitas/kembali_ke_akun_operator': { endsSession: true, acting: 'only' },
  'POST /v2/lms/log_aktivitas/:tipe/:contentId/log_tambah_komentar': { names: ['task'] },
  'POST /v2/lms/log_aktivitas/:tipe/:contentId/kelompok/:groupId/log_tambah_komentar': {
    names: ['task'],
    groupMembersOnly: true,
    params: (w) => ({ groupId: w.taskGroupId }),
  },
  'POST /v2/lms/pengumuman': { body: publication },
  'PUT /v2/lms/pengumuman/:id': { body: publication },
  'DELETE /v2/lms/pengumuman/:id': {
    fresh: async () => ({ id: await createdByWriter('/v2/lms/pengumuman', publication()) }),
  },
  'POST /v2/lms/pengumuman/gambar': { body: () => ({ form: {}, files: [png('file')] }) },
  'POST /v2/lms/berita': { body: publication },
  'PUT /v2/lms/berita/:id': { body: publication },
  'DELETE /v2/lms/berita/:id': {
    fresh: async () => ({ id: await createdByWriter('/v2/lms/berita', publication()) }),
  },
  'POST /v2/lms/bantuan': { body: helpBody },
  'PUT /v2/lms/bantuan/:id': { body: helpBody },
  'DELETE /v2/lms/bantuan/:id': {
    fresh: async () => ({ id: await createdByWriter('/v2/lms/bantuan', helpBody()) }),
  },
  // "Dosen tidak mengajar mata kuliah ini" is shown on the form's course field.
  'POST /v2/lms/bank_soal': { body: bankBody, names: ['course'], refusedAsFieldError: true },
  'PUT /v2/lms/bank_soal/:id': { body: bankBody, names: ['course'] },
  'DELETE /v2/lms/bank_soal/:id': {
    fresh: async (w) => {
      const bank = await one<{ id: string }>(
        `insert into question_banks (college_id, judul, deskripsi, dosen_id, mata_kuliah_id, ditampilkan, created_by)
          values ($1, 'Bank sekali pakai', 'Uji', $2, $3, false, $2) returning id`,
        [w.collegeId, w.teacherId, w.courseId],
      );
      return { id: bank.id };
    },
  },
  'POST /v2/lms/bank_soal/:id/duplikat': { body: bankBody, names: ['course'] },
  'POST /v2/lms/bank_soal/:id/soal': { body: choiceQuestion },
  'PUT /v2/lms/bank_soal/:id/soal/:soalId': { body: choiceQuestion },
  'DELETE /v2/lms/bank_soal/:id/soal/:soalId': {
    fresh: async (w) => {
      const question = await one<{ id: string }>(
        `insert into bank_questions (college_id, bank_id, urutan, jenis, pertanyaan, isi)
          values ($1, $2, 99, 'benar_salah', '<p>Hapus?</p>', '{"jenis":"benar_salah","label":{"benar":"Benar","salah":"Salah"},"kunci":true}')
          returning id`,
        [w.collegeId, w.bank.id],
      );
      return { soalId: question.id };
    },
  },
  'PUT /v2/lms/bank_soal/:id/soal/:soalId/files': { body: () => ({ form: {}, files: [png('files')] }) },
  'POST /v2/lms/bank_soal/:id/salin_ujian': {
    body: (w) => json({ id_ujian: w.exam.id, list_id_soal: [w.exam.questionIds[1]] }),
    names: ['exam'],
  },
  'POST /v2/lms/ujian/:id/kelompok_soal/:groupId/soal/dari_bank': {
    body: (w) => json({ id_bank_soal: w.bank.id, list_id_soal: [w.bank.questionId] }),
    names: ['question-bank'],
  },
  'POST /v2/lms/bank_soal/:id/soal/import_excel': {
    body: () => ({
      form: { jenis_soal: 'pilihan' },
      files: [
        { field: 'file', name: 'soal.xlsx', type: 'application/octet-stream', content: Buffer.from('x') },
      ],
    }),
  },
  'POST /v2/lms/bank_soal/:id/soal/import': {
    body: () => ({
      form: { format: 'aiken' },
      files: [
        {
          field: 'file',
          name: 'soal.txt',
          type: 'text/plain',
          content: Buffer.from('Ibu kota Indonesia?\nA. Jakarta\nB. Bandung\nC. Medan\nANSWER: A\n'),
        },
      ],
    }),
  },
  'POST /v2/lms/bank_soal/:id/soal/import/preview': {
    body: () => ({
      form: { format: 'gift' },
      files: [
        {
          field: 'file',
          name: 'soal.gift',
          type: 'text/plain',
          content: Buffer.from('Ibu kota Indonesia? {~Bandung =Jakarta ~Medan}\n'),
        },
      ],
    }),
  },
  'POST /v2/lms/akun': { body: accountBody },
  // The world's teacher gets a phone number; status and password act on accounts made for the request.
  'PUT /v2/lms/akun/:id': { body: () => json({ telepon: '081234567890' }) },
  'PUT /v2/lms/akun/:id/status': { body: () => json({ is_active: false }), fresh: freshAccount },
  'PUT /v2/lms/akun/:id/password': {
    body: () => json({ password_baru: 'sandi-baru-123', konfirmasi_password: 'sandi-baru-123' }),
    fresh: freshAccount,
  },
  'POST /v2/lms/akun/:id/tautan_reset': { fresh: freshAccount, unavailableHere: 'email_belum_diatur' },
  // The caller's own calendar feed: students and lecturers in their own session (acting sessions and
  // operators refused); each caller's POST makes or replaces only their own token.
  'POST /v2/lms/kalender_langganan': {},
  'POST /v2/lms/kalender_langganan/atur_ulang': {},
  // Only the owner marks their notification read; anyone else's is 404 (operators read no one's list).
  'PUT /v2/lms/notifikasi/:id/dibaca': { params: (w) => ({ id: w.notificationId }), owner: 'student' },
  'PUT /v2/lms/notifikasi/preferensi': {
    body: () => json({ preferensi: [{ jenis: 'tugas', kanal: 'email', aktif: false }] }),
  },
  // A student's own reminder lead time (reminders go to students only).
  'PUT /v2/lms/notifikasi/pengingat': { body: () => json({ jam: 48 }) },
  // The caller's own push devices; the matrix's app has no VAPID keys, so subscribing answers 503.
  'POST /v2/lms/notifikasi/push/langganan': {
    body: () =>
      json({
        endpoint: 'https://fcm.googleapis.com/fcm/send/matriks',
        keys: {
          p256dh: 'BE5NZL8S7BBQkSLmCvgPj-ToaHzlpfdLIpAjkrA2-BnKD7H5zaal3Ym-Vwt7JOEjFuSrUZvuKKipkNhbIfbnGgc',
          auth: 'YQJMuRJZrrF1e4hjqDQDOw',
        },
      }),
    unavailableHere: 'push_belum_diatur',
  },
  'DELETE /v2/lms/notifikasi/push/langganan': {
    params: () => ({ '?': `endpoint=${encodeURIComponent('https://fcm.googleapis.com/fcm/send/matriks')}` }),
  },
  'POST /v2/storager': { body: () => ({ form: { service_id: 'lms', dir: 'ujian' }, files: [png('file')] }) },
};

/** Uploads a picture through the storager as the caller; answers its url. */
async function uploadAs(caller: Caller): Promise<string> {
  const { payload, headers } = multipartBody({ service_id: 'lms', dir: 'ujian' }, png('file'));
  const res = await request(caller, { method: 'POST', url: '/v2/storager', payload, headers });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return (JSON.parse(res.body) as { data: { url: string } }).data.url;
}

writeCases['DELETE /v2/storager'] = {
  params: (w) => ({ '?': `url=${encodeURIComponent(w.storagerUrl)}` }),
  fresh: async (_, caller) => ({ '?': `url=${encodeURIComponent(await uploadAs(caller))}` }),
};

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
  // An allowed write's notifications come 250 ms later: not the next, refused write's doing.
  await settleNotifications(t.database);
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
  // A failed upload shows as the storager's failure in the matrix, not as a world that cannot be built.
  world.storagerUrl = await uploadAs(callers.find((c) => c.name === 'lecturer of the class')!).catch(
    () => `/files/${world.collegeId}/tidak-ada.png`,
  );
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

  it('refuses to build an app with a route whose resource kind has no relation rule', async () => {
    await expect(
      createTestApp(
        {},
        {
          extend(app) {
            const access = {
              roles: ['dosen'],
              resource: { kind: 'rahasia', param: 'id' },
            } as unknown as RouteAccess;
            app.get('/v2/lms/rahasia/:id', { config: { access } }, async () => ({ data: 'terbuka' }));
          },
        },
      ),
    ).rejects.toThrow(/unknown resource kind rahasia/);
  }, 120_000);

  it('has a relation rule for every resource kind the areas’ manifests declare', () => {
    const kinds = [
      ...areaModules.flatMap((area) => (area.resources ?? []).map((resource) => resource.kind)),
      ...platformResourceKinds,
    ];
    for (const kind of kinds) {
      for (const caller of callers.filter((c) => c.actor)) {
        for (const level of ['read', 'write'] as const)
          expect(() => relationAllows(kind, caller, level)).not.toThrow();
      }
    }
  });

  it('loads every declared resource through its area’s loader', () => {
    const loaded = new Set(resourceDefinitions().map((resource) => resource.kind));
    for (const route of t.app.governedRoutes) {
      const kind = route.config.access?.resource?.kind;
      if (kind) expect(loaded.has(kind), `${key(route)}: ${kind}`).toBe(true);
    }
  });
});

/** The inject options of a write with its valid body. */
function writeOptions(
  route: GovernedRoute,
  write: WriteCase,
  caller: Caller,
  params: Record<string, string>,
) {
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: fillPath(route, undefined, { ...write.params?.(world), ...params }),
  };
  const body = write.body?.(world, caller);
  if (!body) return options;
  if ('json' in body) return { ...options, payload: body.json as InjectOptions['payload'] };
  const form = multipartBody(body.form, body.files);
  return { ...options, payload: form.payload, headers: form.headers };
}

/** The write routes the matrix sends bodies to (every non-public route but reads). */
function writeRoutes(): GovernedRoute[] {
  return t.app.governedRoutes.filter((r) => !r.config.public && r.method !== 'GET');
}

const key = (route: GovernedRoute) => `${route.method} ${route.url}`;

/** Reads of a row the world's student owns: of the students, only they read it (a classmate does not). */
const readsOwnedByStudent = new Set(['GET /v2/lms/tugas/:id/pengumpulan/:pengumpulanId/file/:fileId']);

describe('authorization matrix', () => {
  it('lets no caller read what the declaration refuses, and lets the allowed ones reach the handler', async () => {
    const failures: string[] = [];
    for (const route of t.app.governedRoutes) {
      if (route.config.public || route.method !== 'GET') continue;
      for (const caller of callers) {
        const declared = expectedAllowed(route.config.access, caller);
        const allowed =
          readsOwnedByStudent.has(key(route)) && caller.actor?.role === 'mahasiswa'
            ? declared && !!caller.isTheStudent
            : declared;
        const url = fillPath(route);
        const res = await request(caller, { method: 'GET', url });
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (allowed === false && ok) failures.push(`${caller.name} got ${res.statusCode} on GET ${url}`);
        if (allowed === true && [401, 403, 404].includes(res.statusCode))
          failures.push(`${caller.name} was refused (${res.statusCode}) on GET ${url}: ${res.body}`);
        if (res.statusCode >= 500) failures.push(`${caller.name} got ${res.statusCode} on GET ${url}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('has a valid body for every write route that takes one', () => {
    const failures: string[] = [];
    const writer = callers.find((c) => c.name === 'operator with write')!;
    for (const route of writeRoutes()) {
      const write = writeCases[key(route)];
      if (!write) {
        if (takesFields(route)) failures.push(`${key(route)} has no body in writeCases`);
        continue;
      }
      if (takesFields(route) && !write.body) failures.push(`${key(route)} takes fields but has no body`);
      const body = write.body?.(world, writer);
      if (!body || !('json' in body)) continue;
      const schema = (route.schema as { body?: z.ZodType } | undefined)?.body ?? write.schema;
      if (!schema) {
        failures.push(`${key(route)} reads its own form: name its schema in writeCases`);
        continue;
      }
      const parsed = schema.safeParse(body.json);
      if (!parsed.success) failures.push(`${key(route)}: ${parsed.error.message}`);
      // A body that names a row must say so, or callers without the relation would not be tried.
      for (const [field, kind] of Object.entries(rowFields)) {
        const named = (body.json as Record<string, unknown> | null)?.[field] !== undefined;
        if (named && !write.names?.includes(kind) && route.config.access?.resource?.kind !== kind)
          failures.push(`${key(route)} names a ${kind} in ${field}: add names: ['${kind}']`);
      }
    }
    for (const name of Object.keys(writeCases)) {
      if (!writeRoutes().some((r) => key(r) === name)) failures.push(`writeCases has no route ${name}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses every valid write by a caller who is not the teacher, owner or right operator, and it changes nothing', async () => {
    const before = await tableChecksums();
    const failures: string[] = [];
    let sent = 0;
    for (const route of writeRoutes()) {
      const write = writeCases[key(route)] ?? {};
      for (const caller of callers) {
        if (expectedWriteAllowed(route, caller, write) !== false) continue;
        sent++;
        const options = writeOptions(route, write, caller, {});
        const res = await request(caller, options);
        // A refusal, not a validation answer: the body is valid, so a 400 would hide whether the
        // relation was checked at all (unless the policy answers its refusal as a field error).
        const refusals = write.refusedAsFieldError ? [400, 401, 403, 404] : [401, 403, 404];
        if (!refusals.includes(res.statusCode))
          failures.push(
            `${caller.name} got ${res.statusCode} on ${route.method} ${options.url}: ${res.body}`,
          );
      }
    }
    refusedWrites = sent;
    expect(failures).toEqual([]);
    const after = await tableChecksums();
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    expect(changed, 'tables changed by refused writes').toEqual([]);
  }, 300_000);

  it('lets the teacher, owner and right operator write with a valid body', async () => {
    const failures: string[] = [];
    let sent = 0;
    let succeeded = 0;
    for (const route of writeRoutes()) {
      const write = writeCases[key(route)] ?? {};
      for (const caller of callers) {
        const allowed = expectedWriteAllowed(route, caller, write);
        if (allowed === false) continue;
        sent++;
        let fresh: Record<string, string> = {};
        try {
          fresh = (await write.fresh?.(world, caller)) ?? {};
        } catch (error) {
          failures.push(`rows for ${caller.name} on ${key(route)} could not be made: ${String(error)}`);
          continue;
        }
        const options = writeOptions(route, write, caller, fresh);
        const sender =
          write.endsSession && caller.actor
            ? {
                ...caller,
                token: await signToken(t.app, caller.actor, {
                  actorUserId: caller.actor.actorUserId ?? undefined,
                }),
              }
            : caller;
        const res = await request(sender, options);
        if (res.statusCode >= 200 && res.statusCode < 300) succeeded++;
        if (allowed === true && [401, 403, 404].includes(res.statusCode))
          failures.push(
            `${caller.name} was refused (${res.statusCode}) on ${route.method} ${options.url}: ${res.body}`,
          );
        const unavailable =
          res.statusCode === 503 &&
          !!write.unavailableHere &&
          (JSON.parse(res.body) as { status?: { code?: string } }).status?.code === write.unavailableHere;
        if (res.statusCode >= 500 && !unavailable)
          failures.push(
            `${caller.name} got ${res.statusCode} on ${route.method} ${options.url}: ${res.body}`,
          );
      }
    }
    const routes = t.app.governedRoutes.filter((r) => !r.config.public).length;
    console.info(
      `authorization matrix: ${routes} routes × ${callers.length} callers; ${writeRoutes().length} write routes, ` +
        `${refusedWrites + sent} writes with valid bodies (${refusedWrites} refused as they must be, ` +
        `${sent} by allowed callers, ${succeeded} of them 2xx)`,
    );
    expect(failures).toEqual([]);
  }, 300_000);
});

let refusedWrites = 0;

/** A semester load waiting to be applied, empty (applying it changes nothing). */
async function freshSemesterPreview(w: World): Promise<Record<string, string>> {
  const [row] = await t.database.query<{ id: string }>(
    `insert into semester_imports (college_id, created_by, file_name, status, rows, fingerprint)
     values ($1, gen_random_uuid(), 'semester.xlsx', 'pratinjau', '{}', '') returning id`,
    [w.collegeId],
  );
  return { importId: row!.id };
}

/** Rows of a class the world's teacher does not teach, in the same college. */
interface Foreign {
  classId: string;
  courseId: string;
  teacherId: string;
  studentId: string;
  studentNim: string;
  meetingId: string;
  materialId: string;
  activityId: string;
  exam: ExamRef;
  submissionId: string;
  postId: string;
  bank: { id: string; questionId: string };
}

async function buildForeign(): Promise<Foreign> {
  const collegeId = world.collegeId;
  const teacher = await createUser(t.database, { collegeId, role: 'dosen' });
  const student = await createUser(t.database, { collegeId, role: 'mahasiswa' });
  const cls = await createClass(t.database, {
    collegeId,
    teachers: [teacher.userId],
    studentIds: [student.userId],
  });
  const { meetingId } = await createMeeting(t.database, { collegeId, classId: cls.classId });
  const { materialId } = await createMaterial(t.database, { collegeId, meetingId });
  const activity = await one<{ id: string }>(
    `select id from activities where college_id = $1 and content_id = $2`,
    [collegeId, materialId],
  );
  const exam = await createExam(t.database, { collegeId, meetingId, attemptBy: [student.userId] });
  const { taskId } = await createTask(t.database, { collegeId, meetingId });
  const submission = await one<{ id: string }>(
    `insert into task_submissions (college_id, tugas_id, mahasiswa_id, teks, submitted_at)
      values ($1, $2, $3, '<p>Jawaban</p>', now()) returning id`,
    [collegeId, taskId, student.userId],
  );
  const { forumId } = await createForum(t.database, { collegeId, meetingId });
  const { postId } = await createForumAttachment(t.database, t.app.files, {
    collegeId,
    forumId,
    authorId: student.userId,
  });
  const bank = await one<{ id: string }>(
    `insert into question_banks (college_id, judul, deskripsi, dosen_id, mata_kuliah_id, ditampilkan, created_by)
      values ($1, 'Bank asing', 'Uji', $2, $3, false, $2) returning id`,
    [collegeId, teacher.userId, cls.courseId],
  );
  const bankQuestion = await one<{ id: string }>(
    `insert into bank_questions (college_id, bank_id, urutan, jenis, pertanyaan, isi)
      values ($1, $2, 1, 'benar_salah', '<p>Benar?</p>', '{"jenis":"benar_salah","label":{"benar":"Benar","salah":"Salah"},"kunci":true}')
      returning id`,
    [collegeId, bank.id],
  );
  return {
    classId: cls.classId,
    courseId: cls.courseId,
    teacherId: teacher.userId,
    studentId: student.userId,
    studentNim: student.nim!,
    meetingId,
    materialId,
    activityId: activity.id,
    exam,
    submissionId: submission.id,
    postId,
    bank: { id: bank.id, questionId: bankQuestion.id },
  };
}

/**
 * Writes the world's teacher may make to their own class, naming in the body or in a path's inner
 * parameter a row of a class they do not teach: each must be refused, whatever the outer row allows.
 */
interface Probe {
  method: InjectOptions['method'];
  url: string;
  payload?: object;
  /** Who sends it: the class's teacher unless told. */
  by?: 'student of the class';
}

function foreignProbes(f: Foreign): Probe[] {
  const w = world;
  const exam = `/v2/lms/ujian/${w.exam.id}`;
  const attempt = `/v2/lms/pengerjaan/${w.exam.attemptId}`;
  const moved = { ...meetingContent(w), id_pertemuan: f.meetingId };
  const foreignBank = { judul: 'Bank', deskripsi: 'Uji', id_mata_kuliah: f.courseId, id_dosen: w.teacherId };
  return [
    // Moving one's own content to a meeting of a class one does not teach.
    {
      method: 'PUT',
      url: `/v2/lms/materi/${w.materialId}`,
      payload: { ...moved, tipe_file: 'url', file_url: 'https://example.org/x' },
    },
    {
      method: 'PUT',
      url: `/v2/lms/vidcon/${w.vidconId}`,
      payload: { ...moved, aplikasi: 'gmeet', link: 'https://meet.example.org/x' },
    },
    { method: 'PUT', url: `/v2/lms/forum/${w.forumId}`, payload: moved },
    {
      method: 'PUT',
      url: `/v2/lms/tugas/${w.taskId}`,
      payload: { ...moved, jenis: 'individu', tipe_file_jawaban: ['pdf'] },
    },
    { method: 'PUT', url: exam, payload: { ...moved, jenis: 'kuis', durasi: 30 } },
    {
      method: 'POST',
      url: '/v2/lms/ujian',
      payload: {
        ...meetingContent(w),
        jenis: 'remedial',
        id_ujian_utama: f.exam.examId,
        peserta_remedial: [f.studentNim],
      },
    },
    {
      method: 'POST',
      url: '/v2/lms/kehadiran_mahasiswa/hitung_persentase',
      payload: { id_kelas_kuliah: f.classId },
    },
    { method: 'POST', url: '/v2/lms/bank_soal', payload: foreignBank },
    { method: 'PUT', url: `/v2/lms/bank_soal/${w.bank.id}`, payload: foreignBank },
    { method: 'POST', url: `/v2/lms/bank_soal/${w.bank.id}/duplikat`, payload: foreignBank },
    {
      method: 'POST',
      url: `/v2/chat/group/${w.chatGroupId}`,
      payload: { name: 'Grup', members: [f.studentNim], id_kelas_kuliah: w.classId },
    },
    {
      method: 'POST',
      url: `/v2/lms/kelas_kuliah/${w.classId}/kelompok/bentuk`,
      payload: { cara: 'manual', kelompok: [{ nama: 'K', anggota: [{ mahasiswa: { nim: f.studentNim } }] }] },
    },
    {
      method: 'POST',
      url: `${exam}/soal/${f.exam.questionIds[0]}/files/hapus`,
      payload: { soal_files_delete: [], kunci_files_delete: [] },
    },
    // The student's own attempt, answering a question of another exam.
    {
      method: 'PUT',
      url: `${attempt}/jawaban/${f.exam.questionIds[0]}`,
      payload: { jawaban: { jenis: 'pilihan', pilihan: 1 }, urutan: 99 },
      by: 'student of the class',
    },
    {
      method: 'DELETE',
      url: `${attempt}/jawaban/${f.exam.questionIds[2]}/files`,
      by: 'student of the class',
    },
    {
      method: 'POST',
      url: `/v2/lms/forum/${w.forumId}/post`,
      payload: { isi: '<p>Balasan</p>', parent_id: f.postId },
      by: 'student of the class',
    },
    {
      method: 'PUT',
      url: `/v2/lms/forum/post/${f.postId}`,
      payload: { isi: '<p>Diubah</p>' },
      by: 'student of the class',
    },
    { method: 'DELETE', url: `/v2/lms/forum/post/${f.postId}`, by: 'student of the class' },
    {
      method: 'POST',
      url: '/v2/lms/materi/salin',
      payload: { id_pertemuan: w.meetingId, list_id: [f.materialId] },
    },
    {
      method: 'POST',
      url: '/v2/lms/ujian/salin',
      payload: { ...(examBody(w) as { json: object }).json, id: f.exam.examId },
    },
    {
      method: 'POST',
      url: `${exam}/kelompok_soal/${w.exam.groupId}/soal/dari_bank`,
      payload: { id_bank_soal: f.bank.id, list_id_soal: [f.bank.questionId] },
    },
    {
      method: 'POST',
      url: `/v2/lms/bank_soal/${w.bank.id}/salin_ujian`,
      payload: { id_ujian: f.exam.examId, list_id_soal: [f.exam.questionIds[0]] },
    },
    { method: 'POST', url: `/v2/lms/kelompok/${w.taskGroupId}/anggota`, payload: { nim: f.studentNim } },
    { method: 'PUT', url: `/v2/lms/kelompok/${w.taskGroupId}/ketua`, payload: { nim: f.studentNim } },
    { method: 'PUT', url: `/v2/lms/kelas_kuliah/${w.classId}/ketua_kelas`, payload: { nim: f.studentNim } },
    {
      method: 'POST',
      url: `/v2/lms/kelas_kuliah/${w.classId}/kelompok`,
      payload: { nama: 'Kelompok asing', anggota: [{ mahasiswa: { nim: f.studentNim } }] },
    },
    {
      method: 'PUT',
      url: `/v2/lms/kehadiran_mahasiswa/pertemuan/${w.meetingId}`,
      payload: { data: [{ nim: f.studentNim, presensi: 'H' }] },
    },
    {
      method: 'PUT',
      url: `/v2/lms/kehadiran_mahasiswa/pertemuan/${w.meetingId}/mahasiswa/${f.studentId}`,
      payload: { presensi: 'H' },
    },
    { method: 'PUT', url: `${exam}/kelompok_soal/urutan`, payload: { urutan: [f.exam.groupId] } },
    {
      method: 'PUT',
      url: `${exam}/kelompok_soal/${w.exam.groupId}/soal/urutan`,
      payload: { urutan: f.exam.questionIds },
    },
    {
      method: 'PUT',
      url: `${exam}/kelompok_soal/${f.exam.groupId}`,
      payload: { judul: 'Asing', aturan: 'semua' },
    },
    { method: 'DELETE', url: `${exam}/kelompok_soal/${f.exam.groupId}` },
    {
      method: 'PUT',
      url: `${exam}/kelompok_soal/${f.exam.groupId}/soal/${f.exam.questionIds[0]}`,
      payload: (choiceQuestion() as { json: object }).json,
    },
    { method: 'DELETE', url: `${exam}/kelompok_soal/${w.exam.groupId}/soal/${f.exam.questionIds[0]}` },
    {
      method: 'PUT',
      url: `${exam}/pengerjaan/${f.studentId}/kelompok_soal/${f.exam.groupId}/soal/${f.exam.questionIds[2]}/nilai`,
      payload: { nilai: 80 },
    },
    {
      method: 'PUT',
      url: `/v2/lms/tugas/${w.taskId}/pengumpulan/${f.submissionId}/nilai`,
      payload: { nilai: 90 },
    },
    {
      method: 'PUT',
      url: `/v2/lms/tugas/${w.taskId}/pengumpulan/${w.submissionId}/nilai`,
      payload: { nilai: 90, nilai_anggota: [{ id_mahasiswa: f.studentId, nilai: 90 }] },
    },
    {
      method: 'PUT',
      url: `/v2/lms/nilai/kelas_kuliah/${w.classId}/komponen/${w.komponenId}`,
      payload: { list_aktivitas: [f.activityId] },
    },
    {
      method: 'PUT',
      url: `/v2/lms/pertemuan/${w.meetingId}`,
      payload: { pengajar_kelas: [{ id: f.teacherId, is_pengajar: true }] },
    },
    {
      method: 'PUT',
      url: `/v2/lms/kelas_kuliah/${w.classId}/pengajar/${f.teacherId}`,
      payload: { peran: 'dosen' },
    },
    {
      method: 'POST',
      url: `/v2/lms/forum/${w.forumId}/post`,
      payload: { isi: '<p>Balasan</p>', parent_id: f.postId },
    },
    {
      method: 'PUT',
      url: `/v2/lms/bank_soal/${w.bank.id}/soal/${f.bank.questionId}`,
      payload: (choiceQuestion() as { json: object }).json,
    },
    { method: 'DELETE', url: `/v2/lms/bank_soal/${w.bank.id}/soal/${f.bank.questionId}` },
    {
      method: 'POST',
      url: '/v2/chat/group',
      payload: { name: 'Grup asing', members: [f.studentNim], id_kelas_kuliah: w.classId },
    },
  ];
}

describe('rows named in the body or an inner path parameter', () => {
  it('refuses the teacher of the class a write that names a row of a class they do not teach, and changes nothing', async () => {
    const foreign = await buildForeign();
    const teacher = callers.find((c) => c.name === 'lecturer of the class')!;
    const student = callers.find((c) => c.name === 'student of the class')!;
    const before = await tableChecksums();
    const failures: string[] = [];
    const probes = foreignProbes(foreign);
    for (const { by, ...probe } of probes) {
      const res = await request(by ? student : teacher, probe);
      if (res.statusCode < 400 || res.statusCode >= 500)
        failures.push(`${probe.method} ${probe.url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    }
    console.info(`foreign rows: ${probes.length} writes naming another class's rows`);
    expect(failures).toEqual([]);
    const after = await tableChecksums();
    expect(Object.keys(before).filter((table) => before[table] !== after[table])).toEqual([]);
  }, 120_000);
});

describe('comment threads a student owns', () => {
  it('lets the student and their group write in their own comment threads, and refuses a classmate', async () => {
    const student = callers.find((c) => c.name === 'student of the class')!;
    const classmate = callers.find((c) => c.name === 'another student of the class')!;
    const threads = [
      // A task's comments: one thread per student.
      { group: commentGroupId(world.taskId), studentId: world.studentId },
      // A task group's comments: the group's thread (the classmate is not in the group).
      { group: commentGroupId(world.taskId, world.taskGroupId), studentId: null },
    ].map(({ group, studentId }) => ({
      group,
      thread: commentThreadId({ type: 'tugas', groupId: group, contentId: world.taskId, studentId }),
    }));
    const failures: string[] = [];
    for (const { group, thread } of threads) {
      const base = `/v2/chat/group/${encodeURIComponent(group)}/thread`;
      const open = await request(student, {
        method: 'POST',
        url: base,
        payload: { id: thread, judul: null },
      });
      if (open.statusCode >= 300) failures.push(`the student could not open ${thread}: ${open.body}`);
      const url = `${base}/${encodeURIComponent(thread)}/pesan`;
      const own = await request(student, { method: 'POST', url, payload: { isi: '<p>Pertanyaan saya</p>' } });
      if (own.statusCode >= 300) failures.push(`the student could not write in ${thread}: ${own.body}`);
      const messageId = (JSON.parse(own.body) as { data?: { id?: string } }).data?.id;
      const before = await tableChecksums();
      const attempts: InjectOptions[] = [
        { method: 'POST', url, payload: { isi: '<p>Menyusup</p>' } },
        { method: 'POST', url: base, payload: { id: thread, judul: 'Diambil alih' } },
        ...(messageId ? [{ method: 'DELETE' as const, url: `${url}/${messageId}` }] : []),
      ];
      for (const attempt of attempts) {
        const res = await request(classmate, attempt);
        if (![401, 403, 404].includes(res.statusCode))
          failures.push(`a classmate got ${res.statusCode} on ${attempt.method} ${attempt.url}: ${res.body}`);
      }
      const after = await tableChecksums();
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      if (changed.length) failures.push(`a classmate's writes in ${thread} changed ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);
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
