import { OwnAttendanceButton } from '../features/lecturer-attendance/components/own-attendance-button.tsx';
import { readKeptMeeting } from '../features/material/api/offline-material-cache.ts';
import { MeetingPage } from '../features/meeting/routes/meeting-page.tsx';
import { useCurrentUser } from '../lib/queries/get-current-user.ts';
import { meetingContentBlocks } from './meeting-content-registry.tsx';

/** The meeting page with the content areas' blocks: the app composes features, which never import each other. */
export function MeetingRoute() {
  const user = useCurrentUser();
  return (
    <MeetingPage
      blocks={meetingContentBlocks}
      attendance={(meeting) => <OwnAttendanceButton meeting={meeting} />}
      offlineCopy={async (id) => (await readKeptMeeting(user.id, id))?.meeting ?? null}
    />
  );
}
