import { useCallback, useState } from 'react';
import { Alert, Button, Card, Table, Tag, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { accessLevelLabels, activeLabels, operatorAreaLabels } from '@lms/contract/operator-rights.rules';
import type { OperatorRights } from '@lms/contract/operator-rights.schema';
import { canWriteArea, operatorAreas } from '@lms/contract/permission.rules';
import { defaultPageSize } from '@lms/contract/pagination.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useOperatorRights } from '../api/operator-rights.ts';
import { OperatorRightsModal } from '../components/operator-rights-modal.tsx';

/** The areas an operator may at least read, as a short text. */
function rightsSummary(operator: OperatorRights): string {
  const granted = operatorAreas.filter((area) => operator.hak_akses[area] !== 'no_access');
  if (granted.length === 0) return 'Tanpa akses';
  return granted
    .map((area) => `${operatorAreaLabels[area]}: ${accessLevelLabels[operator.hak_akses[area]]}`)
    .join(', ');
}

function StatusTag({ active }: { active: boolean }) {
  return (
    <Tag color={active ? 'green' : 'default'}>{active ? activeLabels.aktif : activeLabels.nonAktif}</Tag>
  );
}

/** /hak-akses-operator: the college's operators; "Hak Akses" opens the "Hak Akses Operator LMS" modal. */
export function OperatorRightsPage() {
  const user = useCurrentUser();
  const isPhone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [page, setPage] = useState({ page: 1, perPage: defaultPageSize });
  const query = useOperatorRights({ search, ...page });
  const [open, setOpen] = useState<OperatorRights | null>(null);
  const canWrite = canWriteArea(user.permissions, 'data_sistem');

  const onSearch = useCallback(
    (value: string) => {
      setParams(value ? { search: value } : {}, { replace: true });
      setPage((current) => ({ ...current, page: 1 }));
    },
    [setParams],
  );

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert type="error" showIcon message="Daftar operator gagal dimuat" description={query.error.message} />
    );
  }
  const operators = query.data.data;
  const action = canWrite ? 'Ubah Hak Akses' : 'Lihat Hak Akses';
  const button = (operator: OperatorRights) => (
    <Button
      size="small"
      type={canWrite ? 'primary' : 'default'}
      onClick={() => setOpen(operator)}
      aria-label={`${action} ${operator.nama}`}
    >
      {action}
    </Button>
  );

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
          <SafetyCertificateOutlined aria-hidden style={{ fontSize: 32, color: '#1d4ed8', marginTop: 4 }} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              Hak Akses Operator
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
              Atur hak akses tiap operator per area (Tanpa Akses, Lihat, Update) dan status akunnya. Perubahan
              berlaku dalam beberapa detik.
            </Typography.Paragraph>
            <SearchBox
              value={search}
              onSearch={onSearch}
              placeholder="Cari nama atau username operator"
              style={{ maxWidth: 420 }}
            />
          </div>
        </div>
      </Card>

      {operators.length === 0 ? (
        <Card>
          <EmptyState
            description={search ? `Tidak ada operator yang cocok dengan "${search}".` : 'Belum ada operator.'}
          />
        </Card>
      ) : isPhone ? (
        <div style={{ display: 'grid', gap: 12 }} aria-label="Daftar operator">
          {operators.map((operator) => (
            <Card key={operator.id} size="small">
              <div
                style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8 }}
              >
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong>{operator.nama}</Typography.Text>
                  <div style={{ color: '#4b5563', overflowWrap: 'anywhere' }}>{operator.username}</div>
                </div>
                <StatusTag active={operator.is_active} />
              </div>
              <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>
                {rightsSummary(operator)}
              </Typography.Paragraph>
              {button(operator)}
            </Card>
          ))}
        </div>
      ) : (
        <Card>
          <Table
            rowKey="id"
            pagination={false}
            dataSource={operators}
            columns={[
              { title: 'Nama', dataIndex: 'nama' },
              { title: 'Username', dataIndex: 'username' },
              {
                title: 'Status',
                dataIndex: 'is_active',
                render: (active: boolean) => <StatusTag active={active} />,
              },
              { title: 'Hak Akses', key: 'ringkas', render: (_: unknown, row) => rightsSummary(row) },
              { title: 'Lingkup', dataIndex: 'lingkup', render: (scope: string | null) => scope ?? '-' },
              { title: 'Aksi', key: 'aksi', render: (_: unknown, row) => button(row) },
            ]}
          />
        </Card>
      )}
      <div style={{ marginTop: 16 }}>
        <Pagination
          page={page.page}
          pageSize={page.perPage}
          totalItems={query.data.meta.total_items}
          onChange={(next, perPage) => setPage({ page: next, perPage })}
        />
      </div>
      <OperatorRightsModal
        key={open?.id ?? 'none'}
        operator={open}
        ownId={user.id}
        ownPermissions={user.permissions}
        ownScope={user.operator_scope}
        canWrite={canWrite}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
