import { Typography } from 'antd';
import type { ActivityLogEntry } from '@lms/contract/activity-log.schema';
import { formatDateTime } from '../lib/date.ts';
import { ActivityChanges } from './activity-changes.tsx';

/** The lower part of an activity-log entry, as a card or a timeline item: detail, what changed, time and IP. */
export function ActivityEntryDetail({ entry, timeZone }: { entry: ActivityLogEntry; timeZone: string }) {
  return (
    <>
      <div>{entry.detail}</div>
      <ActivityChanges context={entry.context} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(entry.waktu, timeZone)}
        {entry.ip_address ? ` · IP ${entry.ip_address}` : ''}
      </Typography.Text>
    </>
  );
}
