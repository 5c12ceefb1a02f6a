import { Button, Card, List, Tag, Typography } from 'antd';
import { IdcardOutlined } from '@ant-design/icons';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ClassDetail } from '@lms/contract/class.schema';
import { EmptyState } from '../../../components/empty-state.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';

const roleColors: Record<string, string> = { koordinator: 'blue', dosen: 'green', asisten: 'purple' };

/** Data Pengajar: the teachers with photo, name, NIDN and role; Ubah Jabatan when allowed. */
export function ClassTeachersCard({ detail, onChangeRole }: { detail: ClassDetail; onChangeRole(): void }) {
  return (
    <Card title="Data Pengajar" size="small" role="region" aria-label="Data Pengajar">
      {detail.pengajar.length === 0 ? (
        <EmptyState description="Tidak ada pengajar yang tersedia pada kelas ini." />
      ) : (
        <List
          dataSource={detail.pengajar}
          rowKey="id"
          split={false}
          renderItem={(t) => (
            <List.Item style={{ padding: '6px 0' }}>
              <List.Item.Meta
                avatar={<UserAvatar src={t.avatar_url} alt="" size={36} />}
                title={<span style={{ fontWeight: 500 }}>{formatTeacherName(t)}</span>}
                description={
                  <span style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      NIDN {t.nidn || '-'}
                    </Typography.Text>
                    <Tag color={roleColors[t.peran] ?? 'default'} data-testid={`jabatan-${t.id_dosen}`}>
                      {t.jabatan}
                    </Tag>
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
      {detail.akses.ubah_jabatan && detail.pengajar.length > 0 ? (
        <Button
          block
          type="primary"
          ghost
          icon={<IdcardOutlined />}
          onClick={onChangeRole}
          style={{ marginTop: 8 }}
        >
          Ubah Jabatan
        </Button>
      ) : null}
    </Card>
  );
}
