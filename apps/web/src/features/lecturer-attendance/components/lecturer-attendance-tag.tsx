import { Tag } from 'antd';
import type { LecturerTagTone } from '@lms/contract/lecturer-attendance.rules';
import type { LecturerAttendanceRow } from '@lms/contract/lecturer-attendance.schema';

// Spec 2 §4's tones as palette tags, whose text the theme darkens to 4.5:1 (the status presets such as
// 'success' keep antd's faint text); "dark" has no preset, so a fixed dark grey stands in.
const colorOfTone: Record<LecturerTagTone, string> = {
  default: 'default',
  warning: 'gold',
  primary: 'blue',
  success: 'green',
  danger: 'red',
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
