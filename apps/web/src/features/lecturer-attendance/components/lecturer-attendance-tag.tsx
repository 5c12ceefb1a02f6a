import type { LecturerTagTone } from '@lms/contract/lecturer-attendance.rules';
import type { LecturerAttendanceRow } from '@lms/contract/lecturer-attendance.schema';
import { PlainTag, type PlainTagColor } from '../../../components/plain-tag.tsx';
import './lecturer-attendance-tag.css';

// Spec 2 §4's tones as palette tags, whose text the theme darkens to 4.5:1 (the status presets such as
// 'success' keep antd's faint text); "dark" has no preset, so a fixed dark grey stands in (as antd drew
// its custom colour #434343: that text on the colour's 95% light tint).
const colorOfTone: Record<Exclude<LecturerTagTone, 'dark'>, PlainTagColor> = {
  default: 'default',
  warning: 'gold',
  primary: 'blue',
  success: 'green',
  danger: 'red',
};

/** A lecturer's attendance tag (label and colour decided by the contract's lecturerAttendanceTag). */
export function LecturerAttendanceTag({ tag }: { tag: LecturerAttendanceRow['tag'] }) {
  return tag.tone === 'dark' ? (
    <PlainTag className="lecturer-attendance-tag--dark" data-tone={tag.tone}>
      {tag.label}
    </PlainTag>
  ) : (
    <PlainTag color={colorOfTone[tag.tone]} data-tone={tag.tone}>
      {tag.label}
    </PlainTag>
  );
}
