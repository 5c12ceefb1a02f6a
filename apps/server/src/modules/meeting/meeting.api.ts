// What other areas may use of the meeting area: a meeting the caller may read, with their access to it.
export { loadReadableMeeting } from './meeting.service.ts';
export type { MeetingRow } from './meeting.repository.ts';
