import { useState } from 'react';
import { Alert, Input, Modal, Radio, Switch, Table } from 'antd';
import {
  accessLevelLabels,
  activeLabels,
  isPrivilegedScope,
  levelsOfArea,
  operatorAreaLabels,
  operatorRightsMessages,
  privilegedScopes,
} from '@lms/contract/operator-rights.rules';
import type { OperatorRights } from '@lms/contract/operator-rights.schema';
import {
  accessLevels,
  operatorAreas,
  type AccessLevel,
  type OperatorArea,
  type OperatorPermissions,
} from '@lms/contract/permission.rules';
import { useToasts } from '../../../components/toasts.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSaveOperatorRights } from '../api/operator-rights.ts';

const rank = (level: AccessLevel) => accessLevels.indexOf(level);

const identityStyle = {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '8px 16px',
  alignItems: 'center',
  margin: '0 0 16px',
} as const;
const errorStyle = { color: '#b91c1c', fontSize: 13, marginTop: 4 } as const;

/**
 * Whether a level can be chosen: an operator never raises their own level, nor changes another's beyond
 * their own (the server checks the same rules: refuseOperatorRightsChange).
 */
function levelOffered(level: AccessLevel, current: AccessLevel, own: boolean, mine: AccessLevel): boolean {
  if (level === current) return true;
  if (own) return rank(level) < rank(current);
  // What the giver lacks they neither give nor take away.
  return rank(current) <= rank(mine) && rank(level) <= rank(mine);
}

interface OperatorRightsModalProps {
  operator: OperatorRights;
  ownId: string;
  ownPermissions: OperatorPermissions | null;
  ownScope: string | null;
  canWrite: boolean;
  onClose(): void;
}

/** "Hak Akses Operator LMS" (spec 2) for the operator chosen, if any. */
export function OperatorRightsModal(
  props: Omit<OperatorRightsModalProps, 'operator'> & { operator: OperatorRights | null },
) {
  return props.operator ? <RightsModal {...props} operator={props.operator} /> : null;
}

/**
 * Operator id, Aktif/Non Aktif, scope and a level per area; the form starts from the operator as listed.
 * Only a privileged operator gives or takes a privileged scope, and nobody changes their own.
 */
function RightsModal({
  operator,
  ownId,
  ownPermissions,
  ownScope,
  canWrite,
  onClose,
}: OperatorRightsModalProps) {
  const isPhone = useIsPhone();
  const { message } = useToasts();
  const save = useSaveOperatorRights();
  const [levels, setLevels] = useState(operator.hak_akses as Record<OperatorArea, AccessLevel>);
  const [active, setActive] = useState(operator.is_active);
  const [scope, setScope] = useState(operator.lingkup ?? '');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const own = operator.id === ownId;
  // A weaker operator cannot lock a stronger one out (nor let them back in).
  const stronger = operatorAreas.some(
    (area) => rank(operator.hak_akses[area]) > rank(ownPermissions?.[area] ?? 'no_access'),
  );

  const privileged = isPrivilegedScope(ownScope);
  const scopeEditable = canWrite && !own && (privileged || !isPrivilegedScope(operator.lingkup));

  const submit = () => {
    const nextScope = scope.trim() || null;
    const scopeChanged = nextScope !== (operator.lingkup ?? null);
    if (scopeChanged && !privileged && isPrivilegedScope(nextScope)) {
      setFieldErrors({ lingkup: operatorRightsMessages.privilegedScope });
      return;
    }
    const changed = Object.fromEntries(
      operatorAreas.filter((area) => levels[area] !== operator.hak_akses[area]).map((a) => [a, levels[a]]),
    );
    save.mutate(
      {
        id: operator.id,
        body: { hak_akses: changed, is_active: active, ...(scopeChanged ? { lingkup: nextScope } : {}) },
      },
      {
        onSuccess: () => {
          void message.success('Hak akses operator berhasil disimpan');
          onClose();
        },
        onError: (error) => {
          const apiError = normalizeApiError(error);
          const fields = (apiError.detail as { fields?: { field: string; message: string }[] } | undefined)
            ?.fields;
          setFieldErrors(Object.fromEntries((fields ?? []).map((f) => [f.field, f.message])));
          void message.error(apiError.message);
        },
      },
    );
  };

  const rows = operatorAreas.map((area) => ({ area }));
  const generalError = fieldErrors.id;

  return (
    <Modal
      open
      title="Hak Akses Operator LMS"
      width={modalWidth('default', isPhone)}
      okText="Simpan"
      cancelText={canWrite ? 'Batal' : 'Tutup'}
      okButtonProps={{ hidden: !canWrite }}
      confirmLoading={save.isPending}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <dl style={identityStyle}>
        <dt style={{ color: '#4b5563' }}>ID Operator</dt>
        <dd style={{ margin: 0 }}>{operator.username}</dd>
        <dt style={{ color: '#4b5563' }}>Nama</dt>
        <dd style={{ margin: 0 }}>{operator.nama}</dd>
        <dt style={{ color: '#4b5563' }}>Status Akun</dt>
        <dd style={{ margin: 0 }}>
          <Switch
            checked={active}
            onChange={setActive}
            disabled={!canWrite || (own ? operator.is_active : stronger)}
            checkedChildren={activeLabels.aktif}
            unCheckedChildren={activeLabels.nonAktif}
            aria-label="Status akun"
          />
          {fieldErrors.is_active && (
            <div style={errorStyle} role="alert">
              {fieldErrors.is_active}
            </div>
          )}
        </dd>
        {/* Level with the input, not with the hint under it. */}
        <dt style={{ color: '#4b5563', alignSelf: 'start', paddingTop: 5 }}>
          <label htmlFor="operator-rights-scope">Lingkup</label>
        </dt>
        <dd style={{ margin: 0 }}>
          <Input
            id="operator-rights-scope"
            value={scope}
            onChange={(event) => setScope(event.target.value)}
            disabled={!scopeEditable}
            maxLength={20}
            placeholder="Tanpa lingkup"
            status={fieldErrors.lingkup ? 'error' : undefined}
            aria-describedby="operator-rights-scope-help"
            style={{ maxWidth: 200 }}
          />
          <div id="operator-rights-scope-help" style={{ color: '#4b5563', fontSize: 13, marginTop: 4 }}>
            {own
              ? 'Lingkup akun Anda sendiri tidak dapat diubah.'
              : privileged
                ? `Lingkup ${privilegedScopes.join(' dan ')} menjadikan operator berlingkup istimewa.`
                : `Lingkup ${privilegedScopes.join(' dan ')} hanya dapat diatur oleh operator berlingkup istimewa.`}
          </div>
          {fieldErrors.lingkup && (
            <div style={errorStyle} role="alert">
              {fieldErrors.lingkup}
            </div>
          )}
        </dd>
      </dl>
      {own && canWrite && (
        <Alert
          type="info"
          showIcon
          message="Ini akun Anda sendiri: hak akses hanya dapat diturunkan, tidak dapat dinaikkan."
          style={{ marginBottom: 12 }}
        />
      )}
      {generalError && <Alert type="error" showIcon message={generalError} style={{ marginBottom: 12 }} />}
      <Table
        size="small"
        rowKey="area"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: 'Area',
            dataIndex: 'area',
            render: (area: OperatorArea) => operatorAreaLabels[area],
            width: isPhone ? 96 : 160,
          },
          {
            title: 'Hak Akses',
            dataIndex: 'area',
            key: 'level',
            render: (area: OperatorArea) => (
              <>
                <Radio.Group
                  value={levels[area]}
                  onChange={(event) => setLevels({ ...levels, [area]: event.target.value as AccessLevel })}
                  disabled={!canWrite}
                  aria-label={`Hak akses ${operatorAreaLabels[area]}`}
                >
                  {levelsOfArea(area).map((level) => (
                    <Radio
                      key={level}
                      value={level}
                      disabled={
                        !levelOffered(
                          level,
                          operator.hak_akses[area],
                          own,
                          ownPermissions?.[area] ?? 'no_access',
                        )
                      }
                    >
                      {accessLevelLabels[level]}
                    </Radio>
                  ))}
                </Radio.Group>
                {fieldErrors[`hak_akses.${area}`] && (
                  <div style={errorStyle} role="alert">
                    {fieldErrors[`hak_akses.${area}`]}
                  </div>
                )}
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
