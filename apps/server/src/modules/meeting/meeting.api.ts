// What other areas may use of the meeting area: a meeting the caller may read, with their access to it
// (the meeting a route's path names through `meetingResource.of(request)`).
export { loadReadableMeeting, type ReadableMeeting } from './meeting.service.ts';
export { meetingResource } from './meeting.resource.ts';
// Areas above the meeting provide their parts of its page (exam and material counts, the access check).
export { provideMeetingPageParts, type MeetingPageParts } from './meeting-page.service.ts';
export type { MeetingRow } from './meeting.repository.ts';
// Content in a meeting (materials, tasks, exams, forums, vidcons) shares its editors, moves and activity.
export {
  createdIn,
  defineMeetingContent,
  loadClassesOf,
  loadEditableMeeting,
  loadMeetingToMoveTo,
  placedIn,
  type ContentRow,
  type ContentWithClass,
} from './meeting-content.service.ts';
export { presentContentPlace } from './meeting-content.presenter.ts';
