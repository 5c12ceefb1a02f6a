import { Tag } from 'antd';
import type { LecturerTagTone } from '@lms/contract/lecturer-attendance.rules';
import type { LecturerAttendanceRow } from '@lms/contract/lecturer-attendance.schema';

// The kit's tag colours for spec 2 §4's tones; "dark" has no preset, so a fixed dark grey stands in.
const colorOfTone: Record<LecturerTagTone, string> = {
  default: 'default',
  warning: 'warning',
  primary: 'processing',
  success: 'success',
  danger: 'error',
  dark: '#434343',
};

/** A lecturer's attendance tag (label and colour decided by the contract's lecturerAttendanceTag). */
export function LecturerAttendanceTag({ tag }: { tag: LecturerAttendanceRow['tag'] }) {
  return (
    <Tag color={colorOfTone[tag.tone]} data-tone={tag.tone} style={{ marginInlineEnd: 0 }}>
      {tag.label}
    </Tag>
  );
}
