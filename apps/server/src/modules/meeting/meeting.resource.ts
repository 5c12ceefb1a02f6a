import { defineResource } from '../../platform/resource-access.ts';
import { loadMeetingResource, meetingNotFound, type ReadableMeeting } from './meeting.service.ts';

/**
 * A meeting named by a route's path: read by whoever reads its class; changed by the class's teachers and
 * operators with write (`akses.ubah`; the schedule, teachers and attendance parameters stay in `access`).
 */
export const meetingResource = defineResource<ReadableMeeting>(
  'meeting',
  loadMeetingResource,
  meetingNotFound,
);
