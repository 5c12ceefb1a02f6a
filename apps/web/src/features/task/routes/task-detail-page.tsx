import type { ReactNode } from 'react';
import { ArrowLeftOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import type { Task } from '@lms/contract/task.schema';
import { RichText } from '../../../components/rich-text.tsx';
import { useCrumbLabel } from '../../../components/route-handle.ts';
import { formatDateTimeRange } from '../../../lib/date.ts';
import { useCurrentUser } from '../../../lib/queries/get-current-user.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useTask } from '../api/get-task.ts';
import { HandInPanel } from '../components/hand-in-panel.tsx';
import { submissionsHref } from '../components/task-card.tsx';
import { TaskFiles } from '../components/task-files.tsx';
import { MonitoringTag, TaskStatusTag, TaskTypeTag } from '../components/task-tags.tsx';
import { formatContentPlace } from '../../../lib/content-place.ts';

/** The task's heading card: where it belongs, its window, tags, description and files. */
export function TaskHeader({ task, timeZone }: { task: Task; timeZone: string }) {
  return (
    <Card>
      <Link
        to={`/kelas/${encodeURIComponent(task.id_kelas_kuliah)}/${task.id_pertemuan}`}
        style={{ display: 'inline-flex', gap: 6 }}
      >
        <ArrowLeftOutlined aria-hidden />
        <span>{formatContentPlace(task)}</span>
      </Link>
      <Typography.Title level={3} style={{ margin: '12px 0 4px' }}>
        {task.judul}
      </Typography.Title>
      <Space size={[4, 4]} wrap>
        <TaskTypeTag type={task.jenis} />
        <TaskStatusTag status={task.status} />
        <MonitoringTag status={task.status_monitoring} />
        <Typography.Text type="secondary">
          {formatDateTimeRange(task.waktu_mulai, task.waktu_selesai, timeZone)}
        </Typography.Text>
      </Space>
      <RichText html={task.deskripsi} />
      <TaskFiles files={task.lampiran} />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        File jawaban: {task.tipe_file_jawaban.join(', ')} ·{' '}
        {task.terima_terlambat
          ? 'pengumpulan terlambat diterima (ditandai terlambat)'
          : 'pengumpulan terlambat ditolak'}
      </Typography.Text>
    </Card>
  );
}

/**
 * /tugas/{id}: the student's hand-in page, or the lecturer's view of the task with the way to its
 * submissions. `comments` is where the app composes the task's comment thread (issue 11, later part).
 */
export function TaskDetailPage({ comments }: { comments?: (task: Task) => ReactNode }) {
  const { id = '' } = useParams();
  const timeZone = useTimeZone();
  const user = useCurrentUser();
  const task = useTask(id);
  useCrumbLabel(task.data?.judul);
  if (task.isPending) return <Spin />;
  if (task.error || !task.data) {
    return (
      <Card>
        <Result status="404" title="Tugas tidak ditemukan" subTitle={task.error?.message} />
      </Card>
    );
  }
  const data = task.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <TaskHeader task={data} timeZone={timeZone} />
      {user.role === 'mahasiswa' ? <HandInPanel task={data} timeZone={timeZone} /> : null}
      {user.role !== 'mahasiswa' && data.rekap ? (
        <Card title="Pengumpulan">
          <Space wrap>
            <Typography.Text>
              {data.rekap.terkumpul} terkumpul · {data.rekap.dinilai} dinilai ·{' '}
              {data.nilai_dipublikasikan ? 'nilai dipublikasikan' : 'nilai belum dipublikasikan'}
            </Typography.Text>
            <Link to={submissionsHref(data)}>
              <Button type="primary" icon={<TeamOutlined />}>
                Lihat Pengumpulan
              </Button>
            </Link>
          </Space>
        </Card>
      ) : null}
      {comments?.(data)}
    </Space>
  );
}
