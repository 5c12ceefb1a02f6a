import { useState } from 'react';
import { Button, Card, Dropdown, Flex, Result, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { manageableRoles } from '@lms/contract/account.rules';
import type { Account } from '@lms/contract/account.schema';
import { passwordResetLinkMinutes } from '@lms/contract/password-reset.schema';
import { defaultPageSize, rowNumber } from '@lms/contract/pagination.rules';
import { roleLabels, type Role } from '@lms/contract/role.rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import {
  useAccounts,
  useSendAccountResetLink,
  useSetAccountStatus,
  type AccountFilters,
} from '../api/accounts.ts';
import { AccountFormModal } from '../components/account-form-modal.tsx';
import { AccountPasswordModal } from '../components/account-password-modal.tsx';
import './accounts-page.css';

/** The account's number: NIM for students, NIDN for lecturers, nothing for operators. */
function accountNumber(account: Account): string {
  return account.nim ?? account.nidn ?? '-';
}

function StatusTag({ account }: { account: Account }) {
  return account.is_active ? <Tag color="green">Aktif</Tag> : <Tag color="red">Nonaktif</Tag>;
}

/**
 * /pengguna (operators): the college's students and lecturers (rights on data_master) and operators
 * (rights on data_sistem), searched and filtered; with write, Tambah Pengguna, Ubah, Atur Ulang Password,
 * Kirim Tautan Reset and Nonaktifkan / Aktifkan (the last two asked first). Phones list them as cards.
 */
export function AccountsPage() {
  const user = useCurrentUser();
  const { message } = useToasts();
  const isPhone = useIsPhone();
  const operator = user.role === 'operator' && !user.acting_operator;
  const readable = operator ? manageableRoles(user.permissions, 'read') : [];
  const creatable = operator ? manageableRoles(user.permissions, 'write') : [];
  const [filters, setFilters] = useState<AccountFilters>({ page: 1, per_page: defaultPageSize });
  const accounts = useAccounts(filters);
  const setStatus = useSetAccountStatus();
  const [editing, setEditing] = useState<Account | null | undefined>(undefined);
  const [resetting, setResetting] = useState<Account | null>(null);
  const [toggling, setToggling] = useState<Account | null>(null);
  const sendResetLink = useSendAccountResetLink();
  const [linking, setLinking] = useState<Account | null>(null);

  if (readable.length === 0) {
    return (
      <Result status="403" title="Akses dibatasi" subTitle="Anda tidak memiliki akses ke data pengguna." />
    );
  }
  const rows = accounts.data?.data ?? [];
  const filter = (next: Partial<AccountFilters>) => setFilters((f) => ({ ...f, ...next, page: 1 }));
  const filtered = !!(filters.search || filters.role || filters.status);
  const emptyText = filtered ? 'Tidak ada pengguna yang sesuai dengan pencarian.' : 'Belum ada pengguna.';

  const toggle = async () => {
    if (!toggling) return;
    const activate = !toggling.is_active;
    try {
      await setStatus.mutateAsync({ id: toggling.id, isActive: activate });
      void message.success(
        activate ? `${toggling.nama} diaktifkan kembali.` : `${toggling.nama} dinonaktifkan.`,
      );
      setToggling(null);
    } catch (error) {
      void message.error((error as Error).message);
      throw error;
    }
  };

  const sendLink = async () => {
    if (!linking) return;
    try {
      await sendResetLink.mutateAsync(linking.id);
      void message.success(`Tautan atur ulang password telah dikirim ke ${linking.email}.`);
      setLinking(null);
    } catch (error) {
      void message.error((error as Error).message);
      throw error;
    }
  };

  const actions = (account: Account) =>
    account.dapat_diubah ? (
      <Space wrap={isPhone} size={isPhone ? 8 : 4}>
        <Button size={isPhone ? 'middle' : 'small'} onClick={() => setEditing(account)}>
          Ubah
        </Button>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'password', label: 'Atur Ulang Password' },
              ...(account.is_active ? [{ key: 'link', label: 'Kirim Tautan Reset' }] : []),
              {
                key: 'status',
                label: account.is_active ? 'Nonaktifkan' : 'Aktifkan',
                danger: account.is_active,
              },
            ],
            onClick: ({ key }) => {
              if (key === 'password') setResetting(account);
              else if (key === 'link') setLinking(account);
              else setToggling(account);
            },
          }}
        >
          <Button
            size={isPhone ? 'middle' : 'small'}
            icon={<MoreOutlined />}
            aria-label={`Tindakan lain untuk ${account.nama}`}
          />
        </Dropdown>
      </Space>
    ) : null;

  const columns: ColumnsType<Account> = [
    {
      title: 'No',
      key: 'no',
      width: 56,
      render: (_v, _r, index) => rowNumber(filters.page, filters.per_page, index),
    },
    {
      title: 'Nama',
      key: 'nama',
      width: 240,
      render: (_v, account) => (
        <div>
          <div>{account.nama}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {account.username}
          </Typography.Text>
        </div>
      ),
    },
    { title: 'Peran', dataIndex: 'role', width: 110, render: (role: Role) => roleLabels[role] },
    { title: 'NIM / NIDN', key: 'nomor', width: 140, render: (_v, account) => accountNumber(account) },
    {
      title: 'Program Studi',
      key: 'prodi',
      width: 180,
      render: (_v, account) => (account.prodi ? `${account.prodi.jenjang} ${account.prodi.nama}` : '-'),
    },
    { title: 'Email', dataIndex: 'email', render: (email: string | null) => email ?? '-' },
    { title: 'Status', key: 'status', width: 100, render: (_v, account) => <StatusTag account={account} /> },
    ...(creatable.length ? [{ title: 'Aksi', key: 'aksi', width: 130, render: actions }] : []),
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">
            Mahasiswa, dosen dan operator perguruan tinggi beserta status akunnya.
          </Typography.Text>
          {creatable.length ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              Tambah Pengguna
            </Button>
          ) : null}
        </Flex>
        <div className="accounts-filters">
          <SearchBox
            value={filters.search ?? ''}
            onSearch={(value) => filter({ search: value || undefined })}
            placeholder="Cari nama, username, NIM atau NIDN"
            label="Cari pengguna"
          />
          <Select
            aria-label="Saring peran"
            allowClear
            placeholder="Semua peran"
            value={filters.role}
            onChange={(role?: Role) => filter({ role })}
            options={readable.map((role) => ({ value: role, label: roleLabels[role] }))}
          />
          <Select
            aria-label="Saring status"
            allowClear
            placeholder="Semua status"
            value={filters.status}
            onChange={(status?: 'aktif' | 'nonaktif') => filter({ status })}
            options={[
              { value: 'aktif', label: 'Aktif' },
              { value: 'nonaktif', label: 'Nonaktif' },
            ]}
          />
        </div>
        <CardsOrTable<Account>
          cards={isPhone}
          label="Daftar pengguna"
          labelTable
          rows={rows}
          rowKey="id"
          loading={accounts.isFetching}
          emptyText={emptyText}
          columns={columns}
          renderCard={(account) => (
            <>
              <Flex justify="space-between" align="start" gap={8}>
                <Typography.Text strong>{account.nama}</Typography.Text>
                <StatusTag account={account} />
              </Flex>
              <Typography.Text type="secondary">
                {roleLabels[account.role]} · {account.username}
                {account.nim || account.nidn ? ` · ${accountNumber(account)}` : ''}
              </Typography.Text>
              {account.prodi ? (
                <div>
                  {account.prodi.jenjang} {account.prodi.nama}
                </div>
              ) : null}
              {account.dapat_diubah ? <div style={{ marginTop: 8 }}>{actions(account)}</div> : null}
            </>
          )}
        />
        {accounts.data && accounts.data.meta.total_items > 0 ? (
          <Pagination
            page={filters.page}
            pageSize={filters.per_page}
            totalItems={accounts.data.meta.total_items}
            onChange={(page, per_page) => setFilters((f) => ({ ...f, page, per_page }))}
            label="Halaman daftar pengguna"
          />
        ) : null}
      </Card>

      <AccountFormModal
        open={editing !== undefined}
        account={editing ?? null}
        creatableRoles={creatable}
        onClose={() => setEditing(undefined)}
      />
      <AccountPasswordModal account={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={!!linking}
        title="Kirim tautan atur ulang password?"
        confirmText="Kirim Tautan"
        onConfirm={sendLink}
        onCancel={() => setLinking(null)}
      >
        {linking
          ? linking.email
            ? `Tautan untuk membuat password baru akan dikirim ke email ${linking.email} milik ${linking.nama} (${linking.username}). Tautan hanya dapat dipakai sekali dan berlaku ${passwordResetLinkMinutes} menit; password lama tetap berlaku sampai tautan dipakai.`
            : `${linking.nama} (${linking.username}) belum memiliki alamat email, sehingga tautan tidak dapat dikirim. Isi email pengguna melalui Ubah terlebih dahulu.`
          : null}
      </ConfirmDialog>
      <ConfirmDialog
        open={!!toggling}
        danger={toggling?.is_active}
        title={toggling?.is_active ? 'Nonaktifkan pengguna?' : 'Aktifkan pengguna?'}
        confirmText={toggling?.is_active ? 'Nonaktifkan' : 'Aktifkan'}
        onConfirm={toggle}
        onCancel={() => setToggling(null)}
      >
        {toggling
          ? toggling.is_active
            ? `${toggling.nama} (${toggling.username}) tidak dapat masuk lagi dan semua sesinya diakhiri.`
            : `${toggling.nama} (${toggling.username}) dapat masuk kembali.`
          : null}
      </ConfirmDialog>
    </Space>
  );
}
