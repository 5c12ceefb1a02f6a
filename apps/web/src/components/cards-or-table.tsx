import type { ReactNode } from 'react';
import { Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EmptyState } from './empty-state.tsx';
import './card-list.css';

/**
 * One page of rows: on phones a numbered list of cards (a 900 px table would hide columns off screen),
 * elsewhere a table. `label` names the list (and the table when `labelTable`).
 */
export function CardsOrTable<Row extends object>({
  cards,
  label,
  labelTable = false,
  rows,
  rowKey,
  loading,
  emptyText,
  columns,
  renderCard,
  start,
}: {
  cards: boolean;
  label: string;
  labelTable?: boolean;
  rows: Row[];
  rowKey: keyof Row & string;
  loading: boolean;
  emptyText: string;
  columns: ColumnsType<Row>;
  /** What one row's card holds. */
  renderCard(row: Row): ReactNode;
  /** The number of the first card, on a later page. */
  start?: number;
}) {
  if (!cards) {
    return (
      <Table<Row>
        rowKey={rowKey}
        size="small"
        aria-label={labelTable ? label : undefined}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 900 }}
        locale={{ emptyText: <EmptyState description={emptyText} /> }}
      />
    );
  }
  if (rows.length === 0)
    return loading ? <Card loading size="small" /> : <EmptyState description={emptyText} />;
  return (
    <ol className="card-list" aria-label={label} aria-busy={loading} start={start}>
      {rows.map((row) => (
        <li key={String(row[rowKey])}>
          <Card size="small">{renderCard(row)}</Card>
        </li>
      ))}
    </ol>
  );
}
