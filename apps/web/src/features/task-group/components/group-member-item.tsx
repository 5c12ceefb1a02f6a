import { MoreOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tag, Typography } from 'antd';
import { groupMemberMenu, groupTexts } from '@lms/contract/task-group.rules';
import type { GroupMember } from '@lms/contract/task-group.schema';
import { UserAvatar } from '../../../components/user-avatar.tsx';

/**
 * The group member list item (spec 1 §2, spec 2 §2): avatar, name, student number, tag Ketua for the
 * leader, and the dropdown with Jadikan Ketua Kelompok and Hapus Anggota by the contract's rules.
 */
export function GroupMemberItem({
  member,
  enabled,
  canWrite,
  onMakeLeader,
  onRemove,
}: {
  member: GroupMember;
  enabled: boolean;
  canWrite: boolean;
  onMakeLeader: () => void;
  onRemove: () => void;
}) {
  const menu = groupMemberMenu(member, { enabled, canWrite });
  return (
    <li
      data-testid="group-member"
      style={{ display: 'flex', alignItems: 'center', gap: 10, padding: '6px 0' }}
    >
      <UserAvatar src={member.mahasiswa.avatar_url} alt="" size={32} />
      <div style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text style={{ display: 'block', overflowWrap: 'anywhere' }}>
          {member.mahasiswa.nama}{' '}
          {member.jabatan === 'ketua' ? <Tag color="blue">{groupTexts.leaderTag}</Tag> : null}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {member.mahasiswa.nim}
        </Typography.Text>
      </div>
      {menu.dropdown ? (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              ...(menu.makeLeader
                ? [{ key: 'ketua', label: groupTexts.makeLeader, onClick: onMakeLeader }]
                : []),
              ...(menu.remove
                ? [{ key: 'hapus', label: groupTexts.removeMember, danger: true, onClick: onRemove }]
                : []),
            ],
          }}
        >
          <Button type="text" icon={<MoreOutlined />} aria-label={`Aksi ${member.mahasiswa.nama}`} />
        </Dropdown>
      ) : null}
    </li>
  );
}
