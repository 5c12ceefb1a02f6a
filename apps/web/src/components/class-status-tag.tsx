import { PlainTag, type PlainTagColor } from './plain-tag.tsx';
import { classStatusLabels, labelOf } from '@lms/contract/class.rules';

// The one place a class status gets its colour: the highlight card and the class page agree.
const statusColors: Record<string, PlainTagColor> = {
  akan_dimulai: 'blue',
  berlangsung: 'green',
  selesai: 'default',
};

/** A class's status tag: Akan Dimulai, Sedang Berlangsung, Telah Berakhir, or '-' (spec 2 §4). */
export function ClassStatusTag({ status, className }: { status: string; className?: string }) {
  return (
    <PlainTag color={statusColors[status] ?? 'default'} className={className}>
      {labelOf(classStatusLabels, status)}
    </PlainTag>
  );
}
