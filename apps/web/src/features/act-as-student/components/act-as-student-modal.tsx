import { useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Input, List, Modal, Pagination, Tag, Typography } from 'antd';
import { ApiError } from '../../../lib/api-error.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useSearchStudents } from '../api/search-students.ts';
import { useStartActing } from '../api/start-acting.ts';
import { emptyTableLocale } from '../../../components/empty-state.tsx';

/** Login Akun Lain: search a student (500 ms debounce) and act as them. */
export function ActAsStudentModal({
  open,
  onClose,
  onActing,
}: {
  open: boolean;
  onClose: () => void;
  /** Called once the session acts as the chosen student. */
  onActing: () => void;
}) {
  const isPhone = useIsPhone();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debouncedSearch = useDebouncedValue(search.trim());
  const students = useSearchStudents(debouncedSearch, page, open);
  const startActing = useStartActing();
  const error = students.error ?? startActing.error;

  return (
    <Modal
      open={open}
      title="Login Akun Lain"
      onCancel={onClose}
      footer={null}
      width={isPhone ? '90%' : 800}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Cari mahasiswa berdasarkan NIM atau nama, lalu pilih untuk masuk sebagai mahasiswa tersebut. Semua
        tindakan dicatat atas nama Anda dan mahasiswa itu.
      </Typography.Paragraph>
      <Input
        allowClear
        autoFocus
        size="large"
        prefix={<SearchOutlined />}
        placeholder="Cari NIM atau nama mahasiswa"
        aria-label="Cari mahasiswa"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
      />
      {error ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={error instanceof ApiError ? error.message : 'Terjadi Kesalahan'}
        />
      ) : null}
      <List
        style={{ marginTop: 12 }}
        loading={students.isFetching}
        dataSource={students.data?.data ?? []}
        locale={emptyTableLocale}
        rowKey="username"
        renderItem={(student) => (
          <List.Item
            actions={[
              <Button
                key="pick"
                type="primary"
                disabled={!student.is_active || startActing.isPending}
                loading={startActing.isPending && startActing.variables === student.username}
                onClick={() =>
                  startActing.mutate(student.username, {
                    onSuccess: () => {
                      onClose();
                      onActing();
                    },
                  })
                }
                aria-label={`Masuk sebagai ${student.nama}`}
              >
                Pilih
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar style={{ background: '#1d4ed8' }}>{student.nama.charAt(0)}</Avatar>}
              title={student.nama}
              description={
                <span>
                  {student.nim}
                  {student.prodi ? ` · ${student.prodi.jenjang} ${student.prodi.nama}` : ''}{' '}
                  <Tag color={student.status === 'Aktif' ? 'green' : 'orange'}>{student.status}</Tag>
                </span>
              }
            />
          </List.Item>
        )}
      />
      {students.data && students.data.meta.total_pages > 1 ? (
        <Pagination
          style={{ marginTop: 12, justifyContent: 'flex-end' }}
          size="small"
          current={page}
          pageSize={students.data.meta.per_page}
          total={students.data.meta.total_items}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}
    </Modal>
  );
}
