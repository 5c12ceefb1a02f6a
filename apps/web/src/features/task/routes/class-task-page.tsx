import type { ReactNode } from 'react';
import { Card, Result, Space, Spin, Tabs } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import type { Task } from '@lms/contract/task.schema';
import { useCrumbLabel } from '../../../components/route-handle.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useTask } from '../api/get-task.ts';
import { SubmissionsTab } from '../components/submissions-tab.tsx';
import { TaskHeader } from './task-detail-page.tsx';

/**
 * /kelas/{id}/tugas/{activityId}?tab=submission&ref=nilai: the lecturer's task page in the class, with
 * the submissions tab (grading, publishing, the zip). `activityId` is the task's id (the activity's
 * content id); `ref=nilai` marks the way in from the grade recap.
 */
export function ClassTaskPage({ comments }: { comments?: (task: Task) => ReactNode }) {
  const { activityId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const timeZone = useTimeZone();
  const task = useTask(activityId);
  useCrumbLabel(task.data?.judul);
  if (task.isPending) return <Spin />;
  if (task.error || !task.data) {
    return (
      <Card>
        <Result status="404" title="Tugas tidak ditemukan" subTitle={task.error?.message} />
      </Card>
    );
  }
  const tab = params.get('tab') === 'submission' ? 'submission' : 'detail';
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            const next = new URLSearchParams(params);
            next.set('tab', key);
            setParams(next, { replace: true });
          }}
          items={[
            {
              key: 'detail',
              label: 'Detail Tugas',
              children: (
                <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                  <TaskHeader task={task.data} timeZone={timeZone} />
                  {comments?.(task.data)}
                </Space>
              ),
            },
            {
              key: 'submission',
              label: 'Pengumpulan',
              children: <SubmissionsTab task={task.data} timeZone={timeZone} />,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
