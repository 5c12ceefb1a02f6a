import { List, Modal, Tabs, Tag, Typography } from 'antd';
import { formatTeacherName } from '@lms/contract/class.rules';
import type { ClassDetail } from '@lms/contract/class.schema';
import { EmptyState, noParticipantsSentence } from '../../../components/empty-state.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';

/** Anggota Kelas: the class's real teachers and students, in two tabs. */
export function ClassMembersModal({
  detail,
  open,
  onClose,
}: {
  detail: ClassDetail;
  open: boolean;
  onClose(): void;
}) {
  const isPhone = useIsPhone();
  return (
    <Modal
      open={open}
      title="Anggota Kelas"
      width={modalWidth('default', isPhone)}
      centered
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Tabs
        defaultActiveKey="mahasiswa"
        items={[
          {
            key: 'pengajar',
            label: `Pengajar (${detail.pengajar.length})`,
            children: detail.pengajar.length ? (
              <List
                dataSource={detail.pengajar}
                rowKey="id"
                renderItem={(t) => (
                  <List.Item extra={<Tag>{t.jabatan}</Tag>}>
                    <List.Item.Meta
                      avatar={<UserAvatar src={t.avatar_url} alt="" size={40} />}
                      title={formatTeacherName(t)}
                      description={`NIDN ${t.nidn || '-'}${t.prodi ? ` · ${t.prodi.jenjang} ${t.prodi.nama}` : ''}`}
                    />
                  </List.Item>
                )}
              />
            ) : (
              <EmptyState description="Tidak ada pengajar yang tersedia pada kelas ini." />
            ),
          },
          {
            key: 'mahasiswa',
            label: `Mahasiswa (${detail.peserta.length})`,
            children: detail.peserta.length ? (
              <List
                dataSource={detail.peserta}
                rowKey="id"
                style={{ maxHeight: isPhone ? '60vh' : 480, overflowY: 'auto' }}
                renderItem={(p) => (
                  <List.Item extra={p.jabatan === 'ketua_kelas' ? <Tag color="gold">Ketua</Tag> : null}>
                    <List.Item.Meta
                      avatar={<UserAvatar src={p.avatar_url} alt="" size={40} />}
                      title={p.nama}
                      description={
                        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                          {p.nim}
                          {p.prodi ? ` · ${p.prodi.jenjang} ${p.prodi.nama}` : ''} · Angkatan {p.angkatan}
                        </Typography.Text>
                      }
                    />
                  </List.Item>
                )}
              />
            ) : (
              <EmptyState description={noParticipantsSentence} />
            ),
          },
        ]}
      />
    </Modal>
  );
}
