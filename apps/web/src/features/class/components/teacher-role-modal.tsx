import { useState } from 'react';
import { List, Modal, Select, Typography } from 'antd';
import {
  formatTeacherName,
  teacherRoleLabels,
  teacherRoleValues,
  type TeacherRole,
} from '@lms/contract/class.rules';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useChangeTeacherRoles } from '../api/change-teacher-role.ts';
import { useToasts } from '../../../components/toasts.tsx';
import type { ClassModalProps } from './class-modal-props.ts';

const roleOptions = teacherRoleValues.map((v) => ({ value: v, label: teacherRoleLabels[v] }));

/** Ubah Jabatan: each teacher's role (Dosen Koordinator, Dosen, Asisten); Simpan sends the changed ones. */
export function TeacherRoleModal({ detail, open, onClose }: ClassModalProps) {
  const isPhone = useIsPhone();
  const { message } = useToasts();
  const [roles, setRoles] = useState<Record<string, TeacherRole>>({});
  const change = useChangeTeacherRoles(detail.id);
  const changes = detail.pengajar
    .filter((t) => roles[t.id_dosen] && roles[t.id_dosen] !== t.peran)
    .map((t) => ({ idDosen: t.id_dosen, peran: roles[t.id_dosen]! }));

  const close = () => {
    setRoles({});
    onClose();
  };

  return (
    <Modal
      open={open}
      title="Ubah Jabatan Pengajar"
      width={modalWidth('default', isPhone)}
      centered
      okText="Simpan"
      cancelText="Batal"
      okButtonProps={{ disabled: changes.length === 0 }}
      confirmLoading={change.isPending}
      onCancel={close}
      onOk={() =>
        change.mutate(changes, {
          onSuccess: () => {
            void message.success('Jabatan pengajar berhasil diubah');
            close();
          },
          onError: (error) => void message.error(normalizeApiError(error).message),
        })
      }
      destroyOnHidden
    >
      <List
        dataSource={detail.pengajar}
        rowKey="id"
        renderItem={(t) => (
          <List.Item style={{ flexWrap: isPhone ? 'wrap' : 'nowrap', gap: 8 }}>
            <List.Item.Meta
              avatar={<UserAvatar src={t.avatar_url} alt="" size={36} />}
              title={formatTeacherName(t)}
              description={
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  NIDN {t.nidn || '-'}
                  {t.is_utama ? ' · Pengajar utama' : ''}
                </Typography.Text>
              }
            />
            <Select
              aria-label={`Jabatan ${formatTeacherName(t)}`}
              style={{ width: isPhone ? '100%' : 200 }}
              value={roles[t.id_dosen] ?? t.peran}
              options={roleOptions}
              onChange={(peran: TeacherRole) => setRoles((current) => ({ ...current, [t.id_dosen]: peran }))}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
