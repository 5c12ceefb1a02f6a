import { Tag } from 'antd';
import { classStatusLabels, labelOf } from '@lms/contract/class.rules';

const statusColors: Record<string, string> = {
  akan_dimulai: 'blue',
  berlangsung: 'green',
  selesai: 'default',
};

/** A class's status tag: Akan Dimulai, Sedang Berlangsung, Telah Berakhir, or '-' (spec 2 §4). */
export function ClassStatusTag({ status }: { status: string }) {
  return (
    <Tag color={statusColors[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {labelOf(classStatusLabels, status)}
    </Tag>
  );
}
