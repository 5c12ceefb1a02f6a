import { ClassDetailPage } from '../features/class/routes/class-detail-page.tsx';
import { ClassForumsCard } from '../features/forum/components/class-forums-card.tsx';
import { AssignmentMonitoringCard } from '../features/task/components/assignment-monitoring-card.tsx';
import { ClassGroupsCard } from '../features/task-group/components/class-groups-card.tsx';
import { useTimeZone } from '../lib/use-time-zone.ts';

/**
 * The class page with the task area's cards (assignment monitoring, spec 2 §2, and the class's groups) and
 * the forum area's list of the class's forums (shown with `?back=forum`).
 */
export function ClassRoute() {
  const timeZone = useTimeZone();
  return (
    <ClassDetailPage
      forums={(detail) => <ClassForumsCard classId={detail.id} timeZone={timeZone} />}
      side={(detail) => (
        <>
          <AssignmentMonitoringCard classId={detail.id} timeZone={timeZone} />
          <ClassGroupsCard classId={detail.id} />
        </>
      )}
    />
  );
}
