import {
  gradeMessages,
  gradeSendState,
  sendChangeOf,
  sendChanges,
  type SendChange,
} from '@lms/contract/grade.rules';
import type { GradeSend, GradeSendDetail, SendPreview } from '@lms/contract/grade.schema';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import { AppError, forbidden } from '../../platform/app-error.ts';
import type { College } from '../../platform/college.repository.ts';
import type { SiakadPlatform } from '../siakad/siakad.api.ts';
import { loadReadableClass } from '../class/class.api.ts';
import { componentValuesOf, loadRecapData, type RecapData } from './grade-recap.service.ts';
import { assertCanSeeRecap, canWriteGrades, senderRole } from './grade.policy.ts';
import {
  findGradeSend,
  findGradeSendItems,
  findGradeSendsOfClass,
  insertGradeSend,
  type GradeSendRow,
} from './grade.repository.ts';

/** One student's component in a sending plan. */
export interface SendPlanItem {
  mahasiswaId: string;
  nim: string;
  nama: string;
  komponenId: string;
  komponenLabel: string;
  siakadValue: number | null;
  updatedBySiakad: boolean;
  lmsValue: number | null;
  change: SendChange;
}

/** Compares every student's component values with what SIAKAD holds. */
export function planSend(data: RecapData): SendPlanItem[] {
  const held = new Map((data.siakad?.values ?? []).map((v) => [`${v.komponenId}:${v.nim}`, v] as const));
  const items: SendPlanItem[] = [];
  for (const s of data.students) {
    const values = componentValuesOf(data, s.id);
    for (const k of data.siakad?.komponen ?? []) {
      const h = held.get(`${k.id}:${s.nim}`);
      const lmsValue = values.get(k.id) ?? null;
      items.push({
        mahasiswaId: s.id,
        nim: s.nim,
        nama: s.nama,
        komponenId: k.id,
        komponenLabel: k.label,
        siakadValue: h?.nilai ?? null,
        updatedBySiakad: h?.updatedBySiakad ?? false,
        lmsValue,
        change: sendChangeOf(lmsValue, h ? { nilai: h.nilai, updatedBySiakad: h.updatedBySiakad } : null),
      });
    }
  }
  return items;
}

async function loadForSending(
  db: Db,
  actor: Actor,
  college: College,
  platform: SiakadPlatform,
  kelasId: string,
) {
  const data = await loadRecapData(db, actor, college, platform, kelasId, { siakadRequired: true });
  if (!canWriteGrades(actor, data.kelas.relation)) throw forbidden();
  return data;
}

/** POST …/kirim/pratinjau: per student the value in SIAKAD, the value to send and what changes. */
export async function previewSend(
  db: Db,
  actor: Actor,
  college: College,
  platform: SiakadPlatform,
  kelasId: string,
): Promise<SendPreview> {
  const plan = planSend(await loadForSending(db, actor, college, platform, kelasId));
  const ringkasan = Object.fromEntries(sendChanges.map((c) => [c, 0])) as Record<SendChange, number>;
  for (const item of plan) ringkasan[item.change] += 1;
  const perlu = ringkasan.timpa > 0;
  return {
    items: plan.map((i) => ({
      mahasiswa: { id_user: i.mahasiswaId, nama: i.nama, nim: i.nim },
      komponen: { id: i.komponenId, label: i.komponenLabel },
      nilai_sikad: i.siakadValue,
      nilai_lms: i.lmsValue,
      update_by_sikad: i.updatedBySiakad,
      perubahan: i.change,
    })),
    ringkasan,
    perlu_konfirmasi: perlu,
    pesan_konfirmasi: perlu ? gradeMessages.overwriteConfirm : null,
  };
}

/**
 * POST …/kirim: checks canWrite, the lock and the window by the server clock (spec 3 §5), and the
 * overwrite confirmation; records the sending with its items for the job. 409 while another sending of
 * the class waits or runs.
 */
export async function requestSend(
  db: Db,
  actor: Actor,
  college: College,
  platform: SiakadPlatform,
  kelasId: string,
  input: { konfirmasi_timpa: boolean },
  now = new Date(),
): Promise<GradeSendRow> {
  const data = await loadForSending(db, actor, college, platform, kelasId);
  const siakad = data.siakad!;
  const state = gradeSendState(
    senderRole(actor),
    { start: siakad.windowStart, end: siakad.windowEnd, locked: siakad.locked },
    now,
  );
  if (!state.allowed) {
    throw new AppError(409, siakad.locked ? 'nilai_dikunci' : 'luar_waktu_entri', state.message ?? undefined);
  }
  const plan = planSend(data).filter((i) => i.change !== 'kosong');
  if (plan.length === 0) throw new AppError(400, 'tidak_ada_nilai', gradeMessages.nothingToSend);
  if (plan.some((i) => i.change === 'timpa') && !input.konfirmasi_timpa) {
    throw new AppError(409, 'konfirmasi_timpa', gradeMessages.overwriteConfirm);
  }
  const row = await insertGradeSend(
    db,
    {
      collegeId: actor.collegeId,
      kelasId: data.kelas.row.id,
      requestedBy: actor.actorUserId ?? actor.userId,
      requestedRole: actor.role,
      confirmedOverwrite: input.konfirmasi_timpa,
    },
    plan.map((i) => ({
      mahasiswaId: i.mahasiswaId,
      nim: i.nim,
      komponenId: i.komponenId,
      valueBefore: i.siakadValue,
      value: i.lmsValue!,
    })),
  );
  if (!row) throw new AppError(409, 'pengiriman_berjalan', gradeMessages.sendRunning);
  return row;
}

/** A sending as the answers show it. */
export function presentGradeSend(row: {
  send: GradeSendRow;
  requester: { nama: string; username: string };
}): GradeSend {
  const s = row.send;
  return {
    id: s.id,
    id_kelas_kuliah: s.kelasId,
    status: s.status,
    total: s.total,
    selesai: s.done,
    terkirim: s.sent,
    sama: s.unchanged,
    gagal: s.failed,
    pesan: s.error,
    dibuat_oleh: { nama: row.requester.nama, username: row.requester.username, role: s.requestedRole },
    created_at: s.createdAt.toISOString(),
    finished_at: s.finishedAt?.toISOString() ?? null,
  };
}

async function assertRecapReader(db: Db, actor: Actor, kelasId: string) {
  const kelas = await loadReadableClass(db, actor, kelasId);
  assertCanSeeRecap(actor, kelas.relation);
  return kelas;
}

/** GET …/kirim: the class's sendings, newest first (the audit trail). */
export async function listGradeSends(db: Db, actor: Actor, kelasId: string): Promise<GradeSend[]> {
  const kelas = await assertRecapReader(db, actor, kelasId);
  return (await findGradeSendsOfClass(db, actor.collegeId, kelas.row.id)).map(presentGradeSend);
}

/** GET …/kirim/{kirimId}: one sending with its per-student results and SIAKAD's answers. */
export async function getGradeSend(
  db: Db,
  actor: Actor,
  kelasId: string,
  sendId: string,
): Promise<GradeSendDetail> {
  const kelas = await assertRecapReader(db, actor, kelasId);
  const row = await findGradeSend(db, actor.collegeId, sendId);
  if (!row || row.send.kelasId !== kelas.row.id) throw new AppError(404, 'not_found');
  const items = await findGradeSendItems(db, actor.collegeId, sendId);
  return {
    ...presentGradeSend(row),
    items: items.map(({ item, nama }) => ({
      mahasiswa: { nim: item.nim, nama },
      komponen_id: item.komponenId,
      nilai_sebelum: item.valueBefore,
      nilai: item.value,
      status: item.status,
      percobaan: item.attempts,
      jawaban_sikad: item.answer,
      updated_at: item.updatedAt.toISOString(),
    })),
  };
}
