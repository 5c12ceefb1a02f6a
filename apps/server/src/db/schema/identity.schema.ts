import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OperatorPermissions } from '@lms/contract/permission.rules';
import { roles } from '@lms/contract/role.rules';
import { colleges } from './college.schema.ts';
import { studyPrograms } from './study-program.schema.ts';

export const roleEnum = pgEnum('role', roles);

/** Everyone who signs in. Students and lecturers have their profile rows beside this. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collegeId: text('college_id')
      .notNull()
      .references(() => colleges.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    nama: text('nama').notNull(),
    email: text('email'),
    telepon: text('telepon'),
    avatarKey: text('avatar_key'),
    isActive: boolean('is_active').notNull().default(true),
    operatorPermissions: jsonb('operator_permissions').$type<OperatorPermissions>(),
    operatorScope: text('operator_scope'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
  },
  (t) => [
    // Target of the (college_id, user_id) foreign keys: a row never points at another college's user.
    unique('users_college_id_uq').on(t.collegeId, t.id),
    uniqueIndex('users_college_username_uq').on(t.collegeId, sql`lower(${t.username})`),
    index('users_college_role_idx').on(t.collegeId, t.role),
    // Substring searches by name (teachers in the class list); ILIKE '%…%' needs trigrams (pg_trgm).
    index('users_nama_trgm_idx').using('gin', t.nama.op('gin_trgm_ops')),
  ],
);

/** A student's academic record; the username of a student is the nim. */
export const students = pgTable(
  'students',
  {
    userId: uuid('user_id').primaryKey(),
    collegeId: text('college_id').notNull(),
    nim: text('nim').notNull(),
    prodiId: text('prodi_id').notNull(),
    /** Aktif, Cuti, DO, Lulus, Non-Aktif. */
    status: text('status').notNull().default('Aktif'),
    angkatan: integer('angkatan').notNull(),
  },
  (t) => [
    userFk('students', t, 'user'),
    unique('students_college_user_uq').on(t.collegeId, t.userId),
    prodiFk('students', t),
    uniqueIndex('students_college_nim_uq').on(t.collegeId, t.nim),
    index('students_prodi_idx').on(t.prodiId),
  ],
);

/** A lecturer's record. */
export const lecturers = pgTable(
  'lecturers',
  {
    userId: uuid('user_id').primaryKey(),
    collegeId: text('college_id').notNull(),
    nidn: text('nidn').notNull(),
    gelarDepan: text('gelar_depan'),
    gelarAkademik: text('gelar_akademik'),
    jabatan: text('jabatan'),
    prodiId: text('prodi_id'),
  },
  (t) => [
    userFk('lecturers', t, 'user'),
    unique('lecturers_college_user_uq').on(t.collegeId, t.userId),
    prodiFk('lecturers', t),
    uniqueIndex('lecturers_college_nidn_uq').on(t.collegeId, t.nidn),
  ],
);

/** Single-use, short-lived authorization codes (PKCE); also the SIAKAD single sign-on codes. */
export const authCodes = pgTable(
  'auth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    collegeId: text('college_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The operator acting for userId, when the code was issued for "Login Akun Lain". */
    actorUserId: uuid('actor_user_id'),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge'),
    asRole: text('as_role'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    userFk('auth_codes', t, 'user'),
    userFk('auth_codes', t, 'actor'),
    index('auth_codes_expires_idx').on(t.expiresAt),
  ],
);

/** Opaque refresh tokens, stored hashed; one family per sign-in, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    familyId: uuid('family_id').notNull(),
    collegeId: text('college_id').notNull(),
    userId: uuid('user_id').notNull(),
    actorUserId: uuid('actor_user_id'),
    clientId: text('client_id').notNull(),
    /** The family's end: a refresh never extends a sign-in beyond its maximum age. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    userFk('refresh_tokens', t, 'user'),
    userFk('refresh_tokens', t, 'actor'),
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

/** `(college_id, user_id)` (or the acting operator) → a user of the same college; deleted with the user. */
export function userFk(
  table: string,
  t: { collegeId: AnyPgColumn; userId: AnyPgColumn; actorUserId?: AnyPgColumn },
  column: 'user' | 'actor',
) {
  return foreignKey({
    name: `${table}_${column}_fk`,
    columns: [t.collegeId, column === 'user' ? t.userId : t.actorUserId!],
    foreignColumns: [users.collegeId, users.id],
  }).onDelete('cascade');
}

/** `(college_id, prodi_id)` → a study program of the same college. */
function prodiFk(table: string, t: { collegeId: AnyPgColumn; prodiId: AnyPgColumn }) {
  return foreignKey({
    name: `${table}_prodi_fk`,
    columns: [t.collegeId, t.prodiId],
    foreignColumns: [studyPrograms.collegeId, studyPrograms.id],
  });
}
