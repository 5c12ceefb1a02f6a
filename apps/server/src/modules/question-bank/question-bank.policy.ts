import type { BankAccess } from '@lms/contract/question-bank.schema';
import { isOperatorReading, isOperatorWriting, type Actor } from '../../platform/actor.ts';
import { forbidden, notFound } from '../../platform/app-error.ts';
import type { BankScope } from './question-bank.repository.ts';

/** How the actor relates to one bank. */
export interface BankRelation {
  /** The bank's lecturer (id_dosen). */
  isOwner: boolean;
  /** The actor teaches a class of the bank's course. */
  teachesCourse: boolean;
  ditampilkan: boolean;
}

/**
 * Bank lists: operators with read on bank_soal see the college's banks; a lecturer sees their own and
 * the shown banks of courses they teach.
 */
export function bankListScope(actor: Actor): BankScope {
  if (actor.role === 'dosen' && !actor.actorUserId) return { kind: 'lecturer', userId: actor.userId };
  if (isOperatorReading(actor, 'bank_soal')) return { kind: 'all' };
  throw forbidden();
}

/** Whether the actor sees the bank: owner, operators with read, teachers of the course when shown. */
export function canReadBank(actor: Actor, relation: BankRelation): boolean {
  if (isOperatorReading(actor, 'bank_soal')) return true;
  if (actor.role !== 'dosen' || actor.actorUserId) return false;
  return relation.isOwner || (relation.ditampilkan && relation.teachesCourse);
}

/**
 * What the actor may do with a bank they see (spec 3 §6): the owner and operators with write on
 * bank_soal change and delete it; a lecturer never edits another lecturer's bank but may duplicate a
 * shown one of their course into a bank of their own.
 */
export function resolveBankAccess(actor: Actor, relation: BankRelation): BankAccess {
  const operatorWrites = isOperatorWriting(actor, 'bank_soal');
  const ownerLecturer = actor.role === 'dosen' && !actor.actorUserId && relation.isOwner;
  const lecturerSees = actor.role === 'dosen' && !actor.actorUserId && canReadBank(actor, relation);
  return {
    ubah: operatorWrites || ownerLecturer,
    hapus: operatorWrites || ownerLecturer,
    duplikat: operatorWrites || lecturerSees,
  };
}

/** Throws 404 for a bank the actor may not see (a hidden bank does not exist for other teachers). */
export function assertCanReadBank(actor: Actor, relation: BankRelation): void {
  if (!canReadBank(actor, relation)) throw notFound('Bank soal tidak ditemukan');
}

/** Creating banks: lecturers, and operators with write on bank_soal. */
export function assertCanCreateBank(actor: Actor): void {
  if (actor.role === 'dosen' && !actor.actorUserId) return;
  if (isOperatorWriting(actor, 'bank_soal')) return;
  throw forbidden();
}
