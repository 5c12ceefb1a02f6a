import { EyeOutlined, TeamOutlined } from '@ant-design/icons';
import { ContentCardEditButtons } from '../../../components/content-card-edit-buttons.tsx';
import type { ContentCardActions } from '../../../components/meeting-content-list.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { PlainCard } from '../../../components/plain-card.tsx';
import { PlainText } from '../../../components/plain-text.tsx';
import type { Task } from '@lms/contract/task.schema';
import { RichText } from '../../../components/rich-text.tsx';
import { formatDateTimeRange } from '../../../lib/date.ts';
import { MonitoringTag, TaskStatusTag, TaskTypeTag } from './task-tags.tsx';
import { TaskFiles } from './task-files.tsx';
import './task-card.css';
import { formatContentPlace } from '../../../lib/content-place.ts';

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
} & ContentCardActions) {
  return (
    <PlainCard size="small" data-testid="task-card">
      <PlainText strong className="task-card__title">
        {task.judul}
      </PlainText>
      {showClass ? (
        <PlainText type="secondary" className="task-card__block">
          {formatContentPlace(task)}
        </PlainText>
      ) : null}
      <div className="task-card__tags">
        <TaskTypeTag type={task.jenis} />
        <TaskStatusTag status={task.status} />
        <MonitoringTag status={task.status_monitoring} />
        <PlainText type="secondary" className="task-card__small">
          {formatDateTimeRange(task.waktu_mulai, task.waktu_selesai, timeZone)}
        </PlainText>
      </div>
      {showDescription ? <RichText html={task.deskripsi} /> : null}
      <TaskFiles files={task.lampiran} />
      <PlainText type="secondary" className="task-card__block task-card__small task-card__answer">
        File jawaban: {task.tipe_file_jawaban.join(', ')} ·{' '}
        {task.terima_terlambat ? 'pengumpulan terlambat diterima' : 'pengumpulan terlambat ditolak'}
        {task.rekap ? ` · ${task.rekap.terkumpul} terkumpul, ${task.rekap.dinilai} dinilai` : ''}
      </PlainText>
      <div className="task-card__actions">
        <PlainButton variant="primary" icon={<EyeOutlined />} to={`/tugas/${task.id}`}>
          Lihat
        </PlainButton>
        {task.akses.nilai ? (
          <PlainButton icon={<TeamOutlined />} to={submissionsHref(task)}>
            Pengumpulan
          </PlainButton>
        ) : null}
        <ContentCardEditButtons onEdit={onEdit} onDelete={onDelete} />
      </div>
    </PlainCard>
  );
}
