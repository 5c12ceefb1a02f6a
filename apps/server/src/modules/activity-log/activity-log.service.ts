import type { FastifyRequest } from 'fastify';
import {
  activityKindLabels,
  type ActivityKind,
  type ActivityKindOption,
  type ActivityLogEntry,
  type OwnActivityLogQuery,
} from '@lms/contract/activity-log.schema';
import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import type { ActivityChange } from '@lms/contract/activity-log.rules';
import type { Role } from '@lms/contract/role.rules';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { presentActivityLogEntry } from './activity-log.presenter.ts';
import { findActivityLogPage, insertActivityLog } from './activity-log.repository.ts';

export interface ActivityEntry {
  collegeId: string;
  userId: string;
  role: Role;
  /** The operator acting for userId, when so. */
  operatorUserId?: string | null;
  jenis: ActivityKind | (string & {});
  detail: string;
  ipAddress?: string | null;
  context?: Record<string, unknown>;
}

/** Records an activity; every area calls this for what it wants in a person's history. */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await insertActivityLog(db, {
    collegeId: entry.collegeId,
    userId: entry.userId,
    role: entry.role,
    operatorUserId: entry.operatorUserId ?? null,
    jenis: entry.jenis,
    detail: entry.detail,
    ipAddress: entry.ipAddress ?? null,
    context: entry.context ?? {},
  });
}

/** Who a request's activity is recorded for, and from where: a Fastify request is one. */
export type ActivityCaller = Pick<FastifyRequest, 'actor' | 'ip'>;

/** Records an activity of the signed-in caller of a request (both identities when acting for a student). */
export async function recordRequestActivity(
  db: Db,
  request: ActivityCaller,
  jenis: ActivityEntry['jenis'],
  detail: string,
  context?: Record<string, unknown>,
): Promise<void> {
  await recordActivity(db, {
    collegeId: request.actor.collegeId,
    userId: request.actor.userId,
    role: request.actor.role,
    operatorUserId: request.actor.actorUserId,
    jenis,
    detail,
    ipAddress: request.ip,
    context,
  });
}

/**
 * Records an audited write with what it changed, old → new, in `context.perubahan`
 * (docs/api/directory-and-log-filters.md); a write that changed nothing records nothing.
 */
export async function recordChanges(
  db: Db,
  caller: ActivityCaller,
  jenis: ActivityEntry['jenis'],
  detail: string,
  perubahan: ActivityChange[],
  context: Record<string, unknown> = {},
): Promise<void> {
  if (perubahan.length === 0) return;
  await recordRequestActivity(db, caller, jenis, detail, { ...context, perubahan });
}

/** The parts of a meeting detail a "Membuka Pertemuan" entry refers to. */
export interface OpenedMeeting {
  id: string;
  nomor: number;
  judul: string;
  jenis: string;
  kategori: string;
  status: string;
  kelas_kuliah: { id: string; periode: number; mata_kuliah: { nama: string }; kelas: { nama: string } };
}

/**
 * Records a student opening a meeting: the participant's class activity, with the references
 * (periode, id_kelas, id_pertemuan) and the meeting's mode, type and status as they were then, which
 * the operators' log filters by (spec 1 §7 `mode`, `type`, `status`).
 * Lecturers' and operators' views are not participant activity and are not logged.
 */
export async function recordMeetingOpened(
  db: Db,
  request: FastifyRequest,
  meeting: OpenedMeeting,
): Promise<void> {
  if (request.actor.role !== 'mahasiswa') return;
  const { kelas_kuliah: kelas } = meeting;
  await recordRequestActivity(
    db,
    request,
    'buka_pertemuan',
    `Membuka Pertemuan ${meeting.nomor}: ${meeting.judul} (${kelas.mata_kuliah.nama} ${kelas.kelas.nama})`,
    {
      periode: kelas.periode,
      id_kelas: kelas.id,
      id_pertemuan: meeting.id,
      mode: meeting.jenis,
      type: meeting.kategori,
      status: meeting.status,
    },
  );
}

/** GET /v2/lms/log_aktivitas/me: the caller's own history (the student's own when an operator acts for them). */
export async function listOwnActivityLogs(
  db: Db,
  actor: Actor,
  query: OwnActivityLogQuery,
): Promise<{ data: ActivityLogEntry[]; meta: PageMeta }> {
  const { rows, total } = await findActivityLogPage(
    db,
    { collegeId: actor.collegeId, userId: actor.userId },
    { jenis: query.jenis, waktu_mulai: query.waktu_mulai, waktu_selesai: query.waktu_selesai },
    { page: query.page, perPage: query.per_page },
  );
  return { data: rows.map(presentActivityLogEntry), meta: buildPageMeta(query, total) };
}

/** GET /v2/lms/log_aktivitas/jenis_aktivitas: every kind with its label. */
export function listActivityKinds(): ActivityKindOption[] {
  return Object.entries(activityKindLabels).map(([value, label]) => ({ value, label }));
}
