import { useState, type ReactNode } from 'react';
import { DeleteOutlined, EditOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Card, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { groupTexts } from '@lms/contract/task-group.rules';
import type { ClassGroups, TaskGroup } from '@lms/contract/task-group.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import {
  addMember,
  deleteGroup,
  makeLeader,
  removeMember,
  renameGroup,
  useGroupMutation,
} from '../api/save-group.ts';
import { GroupMemberItem } from './group-member-item.tsx';
import { useToasts } from '../../../components/toasts.tsx';

/**
 * A group card (spec 2 §2): the group's name, its member list, and for those who write rename, delete
 * (with confirmation), add member, make-leader and remove member.
 */
export function GroupCard({
  group,
  canWrite,
  withoutGroup,
  chat,
}: {
  group: TaskGroup;
  canWrite: boolean;
  withoutGroup: ClassGroups['tanpa_kelompok'];
  /** The group's chat button, composed by the app (spec 2 §2: chat/edit/delete buttons). */
  chat?: ReactNode;
}) {
  const { message, notification } = useToasts();
  const rename = useGroupMutation(renameGroup);
  const remove = useGroupMutation(deleteGroup);
  const add = useGroupMutation(addMember);
  const lead = useGroupMutation(makeLeader);
  const drop = useGroupMutation(removeMember);
  const [naming, setNaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState<TaskGroup['anggota'][number] | null>(null);
  const [adding, setAdding] = useState<string | undefined>();
  const fail = (error: unknown) =>
    notification.error({ title: (error as Error).message, placement: 'bottom' });
  const busy = rename.isPending || remove.isPending || add.isPending || lead.isPending || drop.isPending;
  return (
    <Card
      size="small"
      data-testid="group-card"
      title={group.nama}
      extra={
        <Space size={4}>
          {chat}
          {canWrite ? (
            <>
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={`Ubah nama ${group.nama}`}
                onClick={() => setNaming(group.nama)}
              />
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Hapus ${group.nama}`}
                disabled={group.sudah_mengumpulkan}
                title={group.sudah_mengumpulkan ? groupTexts.groupHandedIn : undefined}
                onClick={() => setDeleting(true)}
              />
            </>
          ) : null}
        </Space>
      }
    >
      {group.anggota.length === 0 ? (
        <Typography.Text type="secondary">Belum ada anggota.</Typography.Text>
      ) : null}
      <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {group.anggota.map((member) => (
          <GroupMemberItem
            key={member.mahasiswa.id}
            member={member}
            enabled={!busy}
            canWrite={canWrite}
            onMakeLeader={() =>
              lead
                .mutateAsync({ id: group.id, nim: member.mahasiswa.nim })
                .then(() => void message.success(`${member.mahasiswa.nama} menjadi ketua kelompok`), fail)
            }
            onRemove={() => setRemoving(member)}
          />
        ))}
      </ul>
      {group.sudah_mengumpulkan ? <Tag style={{ marginTop: 8 }}>Sudah mengumpulkan tugas</Tag> : null}
      {canWrite && withoutGroup.length ? (
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder="Tambah anggota"
            aria-label={`Tambah anggota ${group.nama}`}
            value={adding}
            onChange={setAdding}
            style={{ flex: 1, minWidth: 0 }}
            options={withoutGroup.map((s) => ({ value: s.nim, label: `${s.nim} - ${s.nama}` }))}
          />
          <Button
            icon={<UserAddOutlined />}
            disabled={!adding}
            loading={add.isPending}
            onClick={() =>
              add.mutateAsync({ id: group.id, nim: adding! }).then(() => setAdding(undefined), fail)
            }
          >
            Tambah
          </Button>
        </Space.Compact>
      ) : null}
      <Modal
        open={naming !== null}
        title="Ubah Nama Kelompok"
        okText="Simpan"
        cancelText="Batal"
        confirmLoading={rename.isPending}
        onCancel={() => setNaming(null)}
        onOk={() =>
          rename.mutateAsync({ id: group.id, nama: naming ?? '' }).then(() => setNaming(null), fail)
        }
      >
        <Input
          aria-label="Nama kelompok"
          value={naming ?? ''}
          maxLength={100}
          onChange={(e) => setNaming(e.target.value)}
        />
      </Modal>
      <ConfirmDialog
        open={deleting}
        danger
        title="Hapus Kelompok"
        confirmText="Hapus"
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(group.id);
            void message.success('Kelompok berhasil dihapus');
            setDeleting(false);
          } catch (error) {
            fail(error);
          }
        }}
      >
        {groupTexts.deleteConfirm(group.nama)}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        danger
        title={groupTexts.removeMember}
        confirmText="Hapus"
        onCancel={() => setRemoving(null)}
        onConfirm={async () => {
          try {
            await drop.mutateAsync({ id: group.id, nim: removing!.mahasiswa.nim });
            setRemoving(null);
          } catch (error) {
            fail(error);
          }
        }}
      >
        {removing ? groupTexts.removeConfirm(removing.mahasiswa.nama) : null}
      </ConfirmDialog>
    </Card>
  );
}
