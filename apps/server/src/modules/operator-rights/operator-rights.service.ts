import { buildPageMeta, type PageMeta } from '@lms/contract/api-envelope.schema';
import {
  accessLevelLabels,
  activeLabels,
  completePermissions,
  operatorAreaLabels,
} from '@lms/contract/operator-rights.rules';
import type {
  OperatorRights,
  OperatorRightsQuery,
  OperatorRightsUpdate,
} from '@lms/contract/operator-rights.schema';
import { operatorAreas, type AccessLevel } from '@lms/contract/permission.rules';
import { inTransaction, type Db } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import {
  listChanges,
  recordChanges,
  type ActivityCaller,
  type ChangeFields,
} from '../activity-log/activity-log.api.ts';
import { assertRightsChangeAllowed } from './operator-rights.policy.ts';
import { presentOperatorRights } from './operator-rights.presenter.ts';
import {
  findOperatorForUpdate,
  findOperatorPage,
  findOperatorScope,
  updateOperatorRights,
} from './operator-rights.repository.ts';

/** GET /v2/lms/hak-akses-operator: one page of the college's operators with their rights. */
export async function listOperatorRights(
  db: Db,
  collegeId: string,
  query: OperatorRightsQuery,
): Promise<{ data: OperatorRights[]; meta: PageMeta }> {
  const { rows, total } = await findOperatorPage(db, collegeId, {
    search: query.search || undefined,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(presentOperatorRights), meta: buildPageMeta(query, total) };
}

/** What the activity log shows of a rights change, old → new. */
const rightsFields: ChangeFields = {
  ...Object.fromEntries(
    operatorAreas.map((area) => [
      `hak_akses.${area}`,
      {
        label: `Hak akses ${operatorAreaLabels[area]}`,
        tampil: (value: unknown) => accessLevelLabels[value as AccessLevel] ?? value,
      },
    ]),
  ),
  is_active: {
    label: 'Status akun',
    tampil: (value: unknown) => (value ? activeLabels.aktif : activeLabels.nonAktif),
  },
  lingkup: 'Lingkup',
};

/**
 * PUT /v2/lms/hak-akses-operator/:id: changes an operator's levels (the areas named; the others keep
 * theirs), active flag and scope under the rules of operator-rights.rules.ts, with the change in the
 * activity log, in one transaction. A refused change changes nothing. The caller then forgets the
 * operator's remembered actor rows, so the change applies on this instance at once and on others
 * within the actor cache's bound.
 */
export async function changeOperatorRights(
  db: Db,
  caller: ActivityCaller,
  operatorId: string,
  update: OperatorRightsUpdate,
): Promise<OperatorRights> {
  const { collegeId, userId } = caller.actor;
  return inTransaction(db, async (tx) => {
    const target = await findOperatorForUpdate(tx, collegeId, operatorId);
    if (!target) throw new AppError(404, 'operator_not_found');
    const permissions = { ...completePermissions(target.operatorPermissions), ...update.hak_akses };
    const next = {
      permissions,
      isActive: update.is_active,
      scope: update.lingkup === undefined ? target.operatorScope : update.lingkup,
    };
    // The caller's own rights as the access check read them (≤ the actor cache's bound); an own
    // change is judged against the locked row itself.
    assertRightsChangeAllowed({
      actor: {
        userId,
        permissions: caller.actor.permissions,
        scope: await findOperatorScope(tx, collegeId, userId),
      },
      target: {
        userId: target.id,
        permissions: target.operatorPermissions,
        scope: target.operatorScope,
        isActive: target.isActive,
      },
      next,
    });
    const saved = await updateOperatorRights(tx, collegeId, target.id, next);
    const before = presentOperatorRights(target);
    const after = presentOperatorRights(saved);
    await recordChanges(
      tx,
      caller,
      'ubah_hak_akses_operator',
      `Mengubah hak akses operator ${saved.nama} (${saved.username})`,
      listChanges(before, after, rightsFields),
      { id_operator: saved.id },
    );
    return after;
  });
}
