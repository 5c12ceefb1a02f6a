import { DeleteOutlined, EditOutlined, EyeOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { PlainCard } from '../../../components/plain-card.tsx';
import { Link } from 'react-router';
import type { Task } from '@lms/contract/task.schema';
import { RichText } from '../../../components/rich-text.tsx';
import { formatDateTimeRange } from '../../../lib/date.ts';
import { MonitoringTag, TaskStatusTag, TaskTypeTag } from './task-tags.tsx';
import { TaskFiles } from './task-files.tsx';

/** The lecturer's submissions tab of a task (reached from the grade recap with ref=nilai). */
export function submissionsHref(task: Pick<Task, 'id' | 'id_kelas_kuliah'>): string {
  return `/kelas/${encodeURIComponent(task.id_kelas_kuliah)}/tugas/${task.id}?tab=submission`;
}

/**
 * A task: title, type, status and the caller's monitoring status, its window, what is asked, and the
 * way on (the hand-in page; for lecturers also the submissions tab, edit and delete).
 */
export function TaskCard({
  task,
  timeZone,
  showClass = false,
  showDescription = true,
  onEdit,
  onDelete,
}: {
  task: Task;
  timeZone: string;
  showClass?: boolean;
  showDescription?: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <PlainCard size="small" data-testid="task-card">
      <Typography.Text strong style={{ fontSize: 15, display: 'block', overflowWrap: 'anywhere' }}>
        {task.judul}
      </Typography.Text>
      {showClass ? (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {task.kelas_kuliah.mata_kuliah.kode} {task.kelas_kuliah.mata_kuliah.nama} · Kelas{' '}
          {task.kelas_kuliah.nama} · Pertemuan {task.pertemuan.nomor}
        </Typography.Text>
      ) : null}
      <Space size={[4, 4]} wrap style={{ margin: '4px 0' }}>
        <TaskTypeTag type={task.jenis} />
        <TaskStatusTag status={task.status} />
        <MonitoringTag status={task.status_monitoring} />
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {formatDateTimeRange(task.waktu_mulai, task.waktu_selesai, timeZone)}
        </Typography.Text>
      </Space>
      {showDescription ? <RichText html={task.deskripsi} /> : null}
      <TaskFiles files={task.lampiran} />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 13 }}>
        File jawaban: {task.tipe_file_jawaban.join(', ')} ·{' '}
        {task.terima_terlambat ? 'pengumpulan terlambat diterima' : 'pengumpulan terlambat ditolak'}
        {task.rekap ? ` · ${task.rekap.terkumpul} terkumpul, ${task.rekap.dinilai} dinilai` : ''}
      </Typography.Text>
      <Space wrap style={{ marginTop: 12 }}>
        <Link to={`/tugas/${task.id}`}>
          <Button type="primary" icon={<EyeOutlined />}>
            Lihat
          </Button>
        </Link>
        {task.akses.nilai ? (
          <Link to={submissionsHref(task)}>
            <Button icon={<TeamOutlined />}>Pengumpulan</Button>
          </Link>
        ) : null}
        {onEdit ? (
          <Button icon={<EditOutlined />} onClick={onEdit}>
            Ubah
          </Button>
        ) : null}
        {onDelete ? (
          <Button danger icon={<DeleteOutlined />} onClick={onDelete}>
            Hapus
          </Button>
        ) : null}
      </Space>
    </PlainCard>
  );
}
