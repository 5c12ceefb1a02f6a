import { manageableRoles } from '@lms/contract/account.rules';
import type {
  Account,
  AccountCreate,
  AccountListQuery,
  AccountPassword,
  AccountUpdate,
} from '@lms/contract/account.schema';
import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import type { FieldError } from '@lms/contract/error-details.rules';
import { roleLabels } from '@lms/contract/role.rules';
import type { Db } from '../../db/database.ts';
import type { EventHub } from '../../platform/event-hub.ts';
import { AppError, forbidden } from '../../platform/app-error.ts';
import { throwFieldErrors } from '../../platform/field-errors.ts';
import { hashPassword, type PasswordHashGate } from '../../platform/password-hash.ts';
import {
  listChanges,
  recordChanges,
  recordRequestActivity,
  type ActivityCaller,
  type ChangeFields,
} from '../activity-log/activity-log.api.ts';
import { assertCanChangeAccount, assertCanCreateAccountOf, canReadAccountsOf } from './account.policy.ts';
import { presentAccount } from './account.presenter.ts';
import {
  findAccount,
  findAccountPage,
  findTakenIdentifiers,
  insertAccount,
  setAccountActive,
  setPasswordEndingSignIns,
  studyProgramExists,
  updateAccount,
  type AccountChanges,
  type AccountRow,
} from './account.repository.ts';

/** Sends one account the auth area's reset link by email (bound to the college and the request's log). */
export type ResetLinkSender = (row: AccountRow) => Promise<void>;

/** What changing an account needs besides the database: the password-hash bound and the session-end notice. */
export interface AccountDeps {
  db: Db;
  passwordHashing: PasswordHashGate;
  events: Pick<EventHub, 'endSessions'>;
}

const takenMessages = {
  username: 'Username sudah dipakai pengguna lain.',
  nim: 'NIM sudah terdaftar.',
  nidn: 'NIDN sudah terdaftar.',
} as const;

/** The unique keys of the identity tables, by the form field they guard. */
const uniqueKeyFields: Record<string, keyof typeof takenMessages> = {
  users_college_username_uq: 'username',
  students_college_nim_uq: 'nim',
  lecturers_college_nidn_uq: 'nidn',
};

/** The form field a unique-key violation (two requests at once) is about, if it is one of ours. */
function fieldOfUniqueViolation(error: unknown): keyof typeof takenMessages | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && e.constraint) return uniqueKeyFields[e.constraint];
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * Field errors for identifiers other accounts hold, and for a study program the college does not
 * have; throws `akun_tidak_valid` with all of them.
 */
async function assertIdentifiersFree(
  db: Db,
  collegeId: string,
  wanted: { username?: string; nim?: string; nidn?: string; prodiId?: string | null },
  exceptUserId?: string,
): Promise<void> {
  const taken = await findTakenIdentifiers(db, collegeId, wanted, exceptUserId);
  const invalid: FieldError[] = [];
  // A student's username is the NIM: one message, on the NIM field.
  if (taken.username && !(wanted.nim && wanted.nim === wanted.username)) {
    invalid.push({ field: 'username', message: takenMessages.username });
  }
  if (taken.nim || (taken.username && wanted.nim && wanted.nim === wanted.username)) {
    invalid.push({ field: 'nim', message: takenMessages.nim });
  }
  if (taken.nidn) invalid.push({ field: 'nidn', message: takenMessages.nidn });
  if (wanted.prodiId && !(await studyProgramExists(db, collegeId, wanted.prodiId))) {
    invalid.push({ field: 'prodi_id', message: 'Program studi tidak ditemukan.' });
  }
  throwFieldErrors({ invalid }, 'akun_tidak_valid');
}

/** Runs a write; a unique key another request took meanwhile answers the same field error. */
async function withUniqueFields<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = fieldOfUniqueViolation(error);
    if (!field) throw error;
    throwFieldErrors({ invalid: [{ field, message: takenMessages[field] }] }, 'akun_tidak_valid');
    throw error;
  }
}

/** GET /v2/lms/akun: the college's accounts of the roles the caller may see. */
export async function listAccounts(
  db: Db,
  caller: ActivityCaller,
  query: AccountListQuery,
): Promise<{ data: Account[]; meta: PageMeta }> {
  const { actor } = caller;
  const readable = manageableRoles(actor.permissions, 'read');
  if (query.role && !canReadAccountsOf(actor, query.role)) throw forbidden();
  const { rows, total } = await findAccountPage(db, actor.collegeId, {
    search: query.search,
    roles: query.role ? [query.role] : readable,
    active: query.status === undefined ? undefined : query.status === 'aktif',
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map((row) => presentAccount(row, actor)), meta: buildPageMeta(query, total) };
}

/** GET /v2/lms/akun/:id. */
export function getAccount(caller: ActivityCaller, row: AccountRow): Account {
  return presentAccount(row, caller.actor);
}

async function reloadAccount(db: Db, caller: ActivityCaller, userId: string): Promise<Account> {
  const row = await findAccount(db, caller.actor.collegeId, userId);
  return presentAccount(row!, caller.actor);
}

const accountLabel = (row: { role: AccountRow['role']; nama: string; username: string }) =>
  `${roleLabels[row.role]} ${row.nama} (${row.username})`;

/** POST /v2/lms/akun: a student (username = NIM), a lecturer or an operator with no rights anywhere. */
export async function createAccount(
  deps: AccountDeps,
  caller: ActivityCaller,
  input: AccountCreate,
): Promise<Account> {
  const { actor } = caller;
  assertCanCreateAccountOf(actor, input.role);
  const username = input.role === 'mahasiswa' ? input.nim : input.username;
  await assertIdentifiersFree(deps.db, actor.collegeId, {
    username,
    nim: input.role === 'mahasiswa' ? input.nim : undefined,
    nidn: input.role === 'dosen' ? input.nidn : undefined,
    prodiId: input.role === 'operator' ? undefined : input.prodi_id,
  });
  const passwordHash = await deps.passwordHashing.run(() => hashPassword(input.password));
  const userId = await withUniqueFields(() =>
    insertAccount(deps.db, actor.collegeId, {
      role: input.role,
      username,
      nama: input.nama,
      email: input.email,
      telepon: input.telepon,
      passwordHash,
      student:
        input.role === 'mahasiswa'
          ? { nim: input.nim, prodiId: input.prodi_id, angkatan: input.angkatan, status: input.status }
          : undefined,
      lecturer:
        input.role === 'dosen'
          ? {
              nidn: input.nidn,
              gelarDepan: input.gelar_depan,
              gelarAkademik: input.gelar_akademik,
              jabatan: input.jabatan,
              prodiId: input.prodi_id,
            }
          : undefined,
    }),
  );
  await recordRequestActivity(
    deps.db,
    caller,
    'tambah_pengguna',
    `Menambah pengguna ${accountLabel({ ...input, username })}`,
    { id_pengguna: userId },
  );
  return reloadAccount(deps.db, caller, userId);
}

/** The audited fields of an account, as the log names them. */
const accountFields: ChangeFields = {
  nama: 'Nama',
  username: 'Username',
  email: 'Email',
  telepon: 'Telepon',
  nim: 'NIM',
  prodi_id: 'Program Studi',
  angkatan: 'Angkatan',
  status_mahasiswa: 'Status Mahasiswa',
  nidn: 'NIDN',
  gelar_depan: 'Gelar Depan',
  gelar_akademik: 'Gelar Akademik',
  jabatan: 'Jabatan',
};

/** The columns an edit changes: the fields given that apply to the account's role. */
function changesOf(row: AccountRow, input: AccountUpdate): AccountChanges {
  const changes: AccountChanges = { user: {}, student: {}, lecturer: {} };
  const user = changes.user;
  if (input.nama !== undefined) user.nama = input.nama;
  if (input.email !== undefined) user.email = input.email;
  if (input.telepon !== undefined) user.telepon = input.telepon;
  if (row.role === 'mahasiswa') {
    // The username of a student is the NIM.
    if (input.nim !== undefined) changes.student.nim = user.username = input.nim;
    if (input.prodi_id) changes.student.prodiId = input.prodi_id;
    if (input.angkatan !== undefined) changes.student.angkatan = input.angkatan;
    if (input.status !== undefined) changes.student.status = input.status;
    return changes;
  }
  if (input.username !== undefined) user.username = input.username;
  if (row.role === 'dosen') {
    const lecturer = changes.lecturer;
    if (input.nidn !== undefined) lecturer.nidn = input.nidn;
    if (input.prodi_id !== undefined) lecturer.prodiId = input.prodi_id;
    if (input.gelar_depan !== undefined) lecturer.gelarDepan = input.gelar_depan;
    if (input.gelar_akademik !== undefined) lecturer.gelarAkademik = input.gelar_akademik;
    if (input.jabatan !== undefined) lecturer.jabatan = input.jabatan;
  }
  return changes;
}

/** An account's audited values, before or after an edit. */
function auditedValues(account: Account) {
  return { ...account, prodi_id: account.prodi?.id ?? null };
}

/** PUT /v2/lms/akun/:id: the given fields of the account's role; the change is in the activity log. */
export async function editAccount(
  db: Db,
  caller: ActivityCaller,
  row: AccountRow,
  input: AccountUpdate,
): Promise<Account> {
  const { actor } = caller;
  assertCanChangeAccount(actor, row);
  const changes = changesOf(row, input);
  const renamed =
    changes.user.username !== undefined && changes.user.username.toLowerCase() !== row.username.toLowerCase();
  await assertIdentifiersFree(
    db,
    actor.collegeId,
    {
      username: renamed ? changes.user.username : undefined,
      nim: changes.student.nim !== row.nim ? changes.student.nim : undefined,
      nidn: changes.lecturer.nidn !== row.nidn ? changes.lecturer.nidn : undefined,
      prodiId: changes.student.prodiId ?? changes.lecturer.prodiId,
    },
    row.id,
  );
  await withUniqueFields(() => updateAccount(db, { collegeId: actor.collegeId, userId: row.id }, changes));
  const before = presentAccount(row, actor);
  const after = await reloadAccount(db, caller, row.id);
  await recordChanges(
    db,
    caller,
    'ubah_pengguna',
    `Mengubah data pengguna ${accountLabel(after)}`,
    listChanges(auditedValues(before), auditedValues(after), accountFields),
    { id_pengguna: row.id },
  );
  return after;
}

/**
 * PUT /v2/lms/akun/:id/status: deactivating ends every sign-in of the account at once (its refresh
 * tokens are revoked; its access tokens are refused within the actor cache's seconds, at once here).
 */
export async function setAccountStatus(
  deps: AccountDeps,
  caller: ActivityCaller,
  row: AccountRow,
  isActive: boolean,
): Promise<Account> {
  const { actor } = caller;
  assertCanChangeAccount(actor, row);
  if (row.isActive === isActive) return presentAccount(row, actor);
  const account = { collegeId: actor.collegeId, userId: row.id };
  await setAccountActive(deps.db, account, isActive, new Date());
  if (!isActive) await deps.events.endSessions(account);
  await recordRequestActivity(
    deps.db,
    caller,
    isActive ? 'aktifkan_pengguna' : 'nonaktifkan_pengguna',
    `${isActive ? 'Mengaktifkan' : 'Menonaktifkan'} pengguna ${accountLabel(row)}`,
    { id_pengguna: row.id },
  );
  return reloadAccount(deps.db, caller, row.id);
}

/** PUT /v2/lms/akun/:id/password: the operator sets a new password; every sign-in of the account ends. */
export async function resetAccountPassword(
  deps: AccountDeps,
  caller: ActivityCaller,
  row: AccountRow,
  input: AccountPassword,
): Promise<void> {
  const { actor } = caller;
  assertCanChangeAccount(actor, row);
  const passwordHash = await deps.passwordHashing.run(() => hashPassword(input.password_baru));
  const account = { collegeId: actor.collegeId, userId: row.id };
  await setPasswordEndingSignIns(deps.db, account, passwordHash, new Date());
  await deps.events.endSessions(account);
  await recordRequestActivity(
    deps.db,
    caller,
    'atur_password_pengguna',
    `Mengatur ulang password pengguna ${accountLabel(row)}`,
    { id_pengguna: row.id },
  );
}

/**
 * POST /v2/lms/akun/:id/tautan_reset: the operator sends the account the forgotten-password link (the
 * auth area's token, expiry and hourly limit); an inactive account cannot use one, so it is refused.
 */
export async function sendAccountResetLink(
  deps: AccountDeps & { resetLink: ResetLinkSender },
  caller: ActivityCaller,
  row: AccountRow,
): Promise<void> {
  const { actor } = caller;
  assertCanChangeAccount(actor, row);
  if (!row.isActive) throw new AppError(400, 'akun_nonaktif_tanpa_reset');
  await deps.resetLink(row);
  await recordRequestActivity(
    deps.db,
    caller,
    'kirim_reset_pengguna',
    `Mengirim tautan atur ulang password ke email pengguna ${accountLabel(row)}`,
    { id_pengguna: row.id },
  );
}
