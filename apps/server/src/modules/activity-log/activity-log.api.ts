// What other areas may use of the activity log: recording what someone did.
export { recordActivity, recordMeetingOpened, recordRequestActivity } from './activity-log.service.ts';
