// What other areas may use of the activity log: recording what someone did, and what an operator changed.
export {
  recordActivity,
  recordChanges,
  recordMeetingOpened,
  recordRequestActivity,
  type ActivityCaller,
} from './activity-log.service.ts';
export { listChanges, localTimeText, type ChangeField, type ChangeFields } from './activity-log.changes.ts';
export type { ActivityChange } from '@lms/contract/activity-log.rules';
