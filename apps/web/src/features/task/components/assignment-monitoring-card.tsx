import { useQuery } from '@tanstack/react-query';
import { LoadingLines } from '../../../components/loading-lines.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import { Link } from 'react-router';
import { taskTypeLabels } from '@lms/contract/task.rules';
import { formatDateTimeRange } from '../../../lib/date.ts';
import { classTasksQuery } from '../api/list-my-tasks.ts';
import { MonitoringTag } from './task-tags.tsx';

/**
 * The assignment monitoring card (spec 2 §2): sequence number, title, subtitle line, status tag, date
 * range and Lihat, linking to the real task (not the old sample /tugas/1).
 */
export function AssignmentMonitoringCard({ classId, timeZone }: { classId: string; timeZone: string }) {
  const tasks = useQuery(classTasksQuery(classId));
  const list = tasks.data?.data ?? [];
  return (
    <PlainCard title="Monitoring Tugas" size="small">
      {tasks.isPending ? <LoadingLines rows={2} /> : null}
      {!tasks.isPending && list.length === 0 ? (
        <PlainText type="secondary">Belum ada tugas di kelas ini.</PlainText>
      ) : null}
      <ol style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.map((task, i) => (
          <li
            key={task.id}
            data-testid="monitoring-item"
            style={{
              display: 'flex',
              gap: 10,
              padding: '8px 0',
              // antd's theme variable (set on the page's root), so the dark theme's lines are dark too.
              borderTop: i ? '1px solid var(--ant-color-border-secondary, #f0f0f0)' : undefined,
            }}
          >
            <PlainText strong style={{ minWidth: 20 }}>
              {i + 1}.
            </PlainText>
            <div style={{ flex: 1, minWidth: 0 }}>
              <PlainText strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
                {task.judul}
              </PlainText>
              <PlainText type="secondary" style={{ display: 'block', fontSize: 13 }}>
                Pertemuan {task.pertemuan.nomor} · {taskTypeLabels[task.jenis]}
              </PlainText>
              <span style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 4 }}>
                <MonitoringTag status={task.status_monitoring} />
                <PlainText type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTimeRange(task.waktu_mulai, task.waktu_selesai, timeZone)}
                </PlainText>
              </span>
            </div>
            <Link to={`/tugas/${task.id}`} aria-label={`Lihat ${task.judul}`}>
              Lihat
            </Link>
          </li>
        ))}
      </ol>
    </PlainCard>
  );
}
