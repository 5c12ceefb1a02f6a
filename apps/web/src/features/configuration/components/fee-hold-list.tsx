import { useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { FeeHoldListItem } from '@lms/contract/access-restriction.schema';
import { defaultPageSize, rowNumber } from '@lms/contract/pagination.rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CardsOrTable } from '../../../components/cards-or-table.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useFeeHolds } from '../api/list-fee-holds.ts';
import { useSetFeeHold } from '../api/set-fee-hold.ts';

/**
 * The students on hold (newest first), searched by NIM or name and paged; with write on data_master
 * each row has Hapus Tunggakan, asked first. Phones list them as cards.
 */
export function FeeHoldList({ canWrite }: { canWrite: boolean }) {
  const { message } = useToasts();
  const timeZone = useTimeZone();
  const isPhone = useIsPhone();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(defaultPageSize);
  const holds = useFeeHolds({ search, page, per_page: perPage });
  const clear = useSetFeeHold();
  const [removing, setRemoving] = useState<FeeHoldListItem | null>(null);
  const rows = holds.data?.data ?? [];
  const emptyText = search
    ? 'Tidak ada mahasiswa dengan tunggakan yang sesuai dengan pencarian.'
    : 'Tidak ada mahasiswa yang ditandai memiliki tunggakan.';

  const removeHold = async () => {
    if (!removing) return;
    try {
      await clear.mutateAsync({ nim: removing.nim, body: { tunggakan: false, keterangan: '' } });
      void message.success(`Tunggakan ${removing.nama} dihapus.`);
      setRemoving(null);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const removeButton = (hold: FeeHoldListItem) =>
    canWrite ? (
      // Phones get the full-size button: a target a thumb can hit.
      <Button
        size={isPhone ? 'middle' : 'small'}
        danger
        onClick={() => setRemoving(hold)}
        aria-label={`Hapus tunggakan ${hold.nama}`}
      >
        Hapus Tunggakan
      </Button>
    ) : null;

  const columns: ColumnsType<FeeHoldListItem> = [
    { title: 'No', key: 'no', width: 56, render: (_v, _r, index) => rowNumber(page, perPage, index) },
    { title: 'NIM', dataIndex: 'nim', width: 130 },
    { title: 'Nama', dataIndex: 'nama' },
    { title: 'Program Studi', dataIndex: 'prodi' },
    {
      title: 'Keterangan',
      dataIndex: 'keterangan',
      render: (value: string) => value || '-',
    },
    {
      title: 'Sejak',
      key: 'sejak',
      width: 200,
      render: (_v, hold) => (
        <div>
          <div>{formatDateTime(hold.sejak, timeZone)}</div>
          {hold.ditandai_oleh ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              oleh {hold.ditandai_oleh}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    ...(canWrite
      ? [
          {
            title: 'Aksi',
            key: 'aksi',
            width: 150,
            render: (_v: unknown, hold: FeeHoldListItem) => removeButton(hold),
          },
        ]
      : []),
  ];

  return (
    <div>
      <SearchBox
        value={search}
        onSearch={(value) => {
          setSearch(value);
          setPage(1);
        }}
        placeholder="Cari NIM atau nama"
        label="Cari mahasiswa dengan tunggakan"
        style={{ maxWidth: isPhone ? undefined : 320, width: '100%', marginBottom: 12 }}
      />
      <CardsOrTable<FeeHoldListItem>
        cards={isPhone}
        label="Mahasiswa dengan tunggakan"
        labelTable
        rows={rows}
        rowKey="nim"
        loading={holds.isFetching}
        emptyText={emptyText}
        columns={columns}
        renderCard={(hold) => (
          <>
            <Typography.Text strong>{hold.nama}</Typography.Text>
            <Typography.Text type="secondary">
              {hold.nim} · {hold.prodi}
            </Typography.Text>
            {hold.keterangan ? <div>{hold.keterangan}</div> : null}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Sejak {formatDateTime(hold.sejak, timeZone)}
              {hold.ditandai_oleh ? ` · oleh ${hold.ditandai_oleh}` : ''}
            </Typography.Text>
            {canWrite ? <Flex style={{ marginTop: 8 }}>{removeButton(hold)}</Flex> : null}
          </>
        )}
      />
      {holds.data && holds.data.meta.total_items > 0 ? (
        <Pagination
          page={page}
          pageSize={perPage}
          totalItems={holds.data.meta.total_items}
          onChange={(nextPage, nextSize) => {
            setPage(nextPage);
            setPerPage(nextSize);
          }}
          label="Halaman daftar tunggakan"
        />
      ) : null}
      <ConfirmDialog
        open={!!removing}
        danger
        title="Hapus tunggakan?"
        confirmText="Hapus Tunggakan"
        onConfirm={removeHold}
        onCancel={() => setRemoving(null)}
      >
        {removing
          ? `${removing.nama} (${removing.nim}) tidak lagi ditandai memiliki tunggakan dan dapat kembali mengakses LMS.`
          : null}
      </ConfirmDialog>
    </div>
  );
}
