import { isOperatorWriting, type Actor } from '../../platform/actor.ts';
import type { ClassRelation } from '../class/class.api.ts';

/** Spec 2 §6: a teacher of the class, or an operator with write on kelas_kuliah, shows the QR code. */
export function canShowQrCode(actor: Actor, relation: ClassRelation): boolean {
  return (actor.role === 'dosen' && relation.isTeacher) || isOperatorWriting(actor);
}
