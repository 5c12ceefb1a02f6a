import { Button, Table, Tooltip } from 'antd';
import type { ClassAttendanceRecap } from '@lms/contract/attendance.schema';
import { emptyTableLocale } from '../../../components/empty-state.tsx';
import { RecapCellIcon } from './attendance-mark.tsx';

type RecapRow = ClassAttendanceRecap['mahasiswa'][number];

/** Students × meetings with the icons of spec 2 §4; a cell opens its Detail. */
export function AttendanceRecapTable({
  recap,
  onCell,
}: {
  recap: ClassAttendanceRecap;
  onCell: (nim: string, meetingId: string) => void;
}) {
  return (
    <Table<RecapRow>
      rowKey={(row) => row.mahasiswa.id_user}
      dataSource={recap.mahasiswa}
      locale={emptyTableLocale}
      pagination={{
        defaultPageSize: 20,
        pageSizeOptions: [10, 20, 50],
        showSizeChanger: true,
        hideOnSinglePage: true,
      }}
      scroll={{ x: 260 + recap.pertemuan.length * 48 + 90 }}
      size="small"
      bordered
      columns={[
        { key: 'no', title: 'No', width: 48, fixed: 'left', render: (_v, _r, i) => i + 1 },
        {
          key: 'mhs',
          title: 'Mahasiswa',
          width: 210,
          fixed: 'left',
          render: (_v, row) => (
            <span>
              {row.mahasiswa.nama}
              <br />
              <small>{row.mahasiswa.nim}</small>
            </span>
          ),
        },
        ...recap.pertemuan.map((m, index) => ({
          key: m.id,
          title: <Tooltip title={`${m.judul}`}>{m.nomor}</Tooltip>,
          width: 48,
          align: 'center' as const,
          render: (_v: unknown, row: RecapRow) => {
            const cell = row.kehadiran[index]!;
            return (
              <Button
                type="text"
                size="small"
                aria-label={`Pertemuan ${m.nomor} ${row.mahasiswa.nama}`}
                onClick={() => onCell(row.mahasiswa.nim, m.id)}
                icon={<RecapCellIcon mark={cell} jenis={m.jenis} />}
              />
            );
          },
        })),
        {
          key: 'persen',
          title: '%',
          width: 90,
          fixed: 'right',
          align: 'right',
          render: (_v, row) => `${row.persentase.toFixed(1)}%`,
        },
      ]}
    />
  );
}
