import { useMemo, useState } from 'react';
import { FileExcelOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, List, Modal, Tabs, Tag, Typography } from 'antd';
import { formatTeacherName } from '@lms/contract/class.rules';
import { EmptyState, noParticipantsSentence } from '../../../components/empty-state.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useToasts } from '../../../components/toasts.tsx';
import type { ClassModalProps } from './class-modal-props.ts';
import { exportClassMembers } from '../api/export-class-members.ts';

/** The students whose NIM or name holds the search (case-insensitive), as the export's `search` does. */
export function filterMembers<T extends { nim: string; nama: string }>(people: T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return people;
  return people.filter((p) => p.nim.toLowerCase().includes(needle) || p.nama.toLowerCase().includes(needle));
}

/**
 * Anggota Kelas: the class's real teachers and students, in two tabs; the students searchable by NIM or
 * name, and (lecturers and operators, `canExport`) Export Excel of the students found and the teachers.
 */
export function ClassMembersModal({
  detail,
  open,
  canExport = false,
  onClose,
}: ClassModalProps & { canExport?: boolean }) {
  const isPhone = useIsPhone();
  const { notification } = useToasts();
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const found = useMemo(() => filterMembers(detail.peserta, search), [detail.peserta, search]);
  const exportExcel = async () => {
    setExporting(true);
    try {
      await exportClassMembers(detail.id, search);
    } catch (error) {
      notification.error({ title: normalizeApiError(error).message });
    } finally {
      setExporting(false);
    }
  };
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
              <>
                <div className="class-members-tools">
                  {/* The list filters as one types: no search button (antd's would be named 'search'). */}
                  <Input
                    className="class-members-search"
                    allowClear
                    prefix={<SearchOutlined aria-hidden />}
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    placeholder="Cari NIM atau nama"
                    aria-label="Cari NIM atau nama mahasiswa"
                    maxLength={100}
                  />
                  {canExport ? (
                    <Button
                      icon={<FileExcelOutlined />}
                      loading={exporting}
                      onClick={() => void exportExcel()}
                    >
                      Export Excel
                    </Button>
                  ) : null}
                </div>
                {search.trim() ? (
                  <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
                    {found.length} dari {detail.peserta.length} mahasiswa
                  </Typography.Text>
                ) : null}
                {found.length ? (
                  <List
                    dataSource={found}
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
                  <EmptyState description="Tidak ada mahasiswa dengan NIM atau nama tersebut." />
                )}
              </>
            ) : (
              <EmptyState description={noParticipantsSentence} />
            ),
          },
        ]}
      />
    </Modal>
  );
}
