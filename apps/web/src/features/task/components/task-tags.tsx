import { PlainTag, type PlainTagColor } from '../../../components/plain-tag.tsx';
import {
  monitoringStatusLabels,
  taskStatusLabels,
  taskTypeLabels,
  type MonitoringStatus,
  type TaskStatus,
  type TaskType,
} from '@lms/contract/task.rules';

// Palette names: the preset status colours fail contrast (docs/web.md). Plain tags: the monitoring tag is on
// the class page's first screen, drawn without antd.
const statusColors: Record<TaskStatus, PlainTagColor> = {
  belum_dimulai: 'default',
  sedang_berlangsung: 'blue',
  selesai: 'green',
};
const monitoringColors: Record<MonitoringStatus, PlainTagColor> = {
  'not-started': 'default',
  'no-submission': 'red',
  'not-rated': 'gold',
  rated: 'green',
};

/** The task's status by the server clock. */
export function TaskStatusTag({ status }: { status: TaskStatus }) {
  return <PlainTag color={statusColors[status]}>{taskStatusLabels[status]}</PlainTag>;
}

/** Individu or Kelompok. */
export function TaskTypeTag({ type }: { type: TaskType }) {
  return <PlainTag color={type === 'kelompok' ? 'purple' : 'cyan'}>{taskTypeLabels[type]}</PlainTag>;
}

/** The assignment monitoring status (spec 2 §2): not-started, no-submission, not-rated, rated. */
export function MonitoringTag({ status }: { status: MonitoringStatus }) {
  return (
    <PlainTag color={monitoringColors[status]} data-status={status}>
      {monitoringStatusLabels[status]}
    </PlainTag>
  );
}
