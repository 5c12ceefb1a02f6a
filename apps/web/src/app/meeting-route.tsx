import { MeetingExams } from '../features/exam/components/meeting-exams.tsx';
import { OwnAttendanceButton } from '../features/lecturer-attendance/components/own-attendance-button.tsx';
import { MeetingForums } from '../features/forum/components/meeting-forums.tsx';
import { MeetingMaterials } from '../features/material/components/meeting-materials.tsx';
import { MeetingPage } from '../features/meeting/routes/meeting-page.tsx';
import { MeetingTasks } from '../features/task/components/meeting-tasks.tsx';
import { MeetingVidcons } from '../features/vidcon/components/meeting-vidcons.tsx';

/** The meeting page with the content areas' blocks: the app composes features, which never import each other. */
export function MeetingRoute() {
  return (
    <MeetingPage
      content={(meeting) => ({
        materi: <MeetingMaterials meeting={meeting} />,
        tugas: <MeetingTasks meeting={meeting} />,
        forum: <MeetingForums meeting={meeting} />,
        vidcon: <MeetingVidcons meeting={meeting} />,
        ujian: <MeetingExams meeting={meeting} />,
      })}
      attendance={(meeting) => <OwnAttendanceButton meeting={meeting} />}
    />
  );
}
