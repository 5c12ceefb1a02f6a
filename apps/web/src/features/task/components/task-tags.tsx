import { Tag } from 'antd';
import {
  monitoringStatusLabels,
  taskStatusLabels,
  taskTypeLabels,
  type MonitoringStatus,
  type TaskStatus,
  type TaskType,
} from '@lms/contract/task.rules';

// Palette names: the preset status colours fail contrast (docs/web.md).
const statusColors: Record<TaskStatus, string> = {
  belum_dimulai: 'default',
  sedang_berlangsung: 'blue',
  selesai: 'green',
};
const monitoringColors: Record<MonitoringStatus, string> = {
  'not-started': 'default',
  'no-submission': 'red',
  'not-rated': 'gold',
  rated: 'green',
};

/** The task's status by the server clock. */
export function TaskStatusTag({ status }: { status: TaskStatus }) {
  return <Tag color={statusColors[status]}>{taskStatusLabels[status]}</Tag>;
}

/** Individu or Kelompok. */
export function TaskTypeTag({ type }: { type: TaskType }) {
  return <Tag color={type === 'kelompok' ? 'purple' : 'cyan'}>{taskTypeLabels[type]}</Tag>;
}

/** The assignment monitoring status (spec 2 §2): not-started, no-submission, not-rated, rated. */
export function MonitoringTag({ status }: { status: MonitoringStatus }) {
  return (
    <Tag color={monitoringColors[status]} data-status={status}>
      {monitoringStatusLabels[status]}
    </Tag>
  );
}
