import { useQuery } from '@tanstack/react-query';
import { Space, Spin, Typography } from 'antd';
import { PlainCard } from '../../../components/plain-card.tsx';
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
      {tasks.isPending ? <Spin /> : null}
      {!tasks.isPending && list.length === 0 ? (
        <Typography.Text type="secondary">Belum ada tugas di kelas ini.</Typography.Text>
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
              // antd's theme variable (the layout defines it), so the dark theme's lines are dark too.
              borderTop: i ? '1px solid var(--ant-color-border-secondary, #f0f0f0)' : undefined,
            }}
          >
            <Typography.Text strong style={{ minWidth: 20 }}>
              {i + 1}.
            </Typography.Text>
            <div style={{ flex: 1, minWidth: 0 }}>
              <Typography.Text strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
                {task.judul}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
                Pertemuan {task.pertemuan.nomor} · {taskTypeLabels[task.jenis]}
              </Typography.Text>
              <Space size={[4, 4]} wrap>
                <MonitoringTag status={task.status_monitoring} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTimeRange(task.waktu_mulai, task.waktu_selesai, timeZone)}
                </Typography.Text>
              </Space>
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
