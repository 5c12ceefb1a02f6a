import { PaperClipOutlined } from '@ant-design/icons';
import { formatFileSize } from '@lms/contract/format.rules';
import type { TaskFile } from '@lms/contract/task.schema';
import { downloadTaskFile } from '../api/download-task-files.ts';
import { PlainButton } from '../../../components/plain-button.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import './task-files.css';

/** A task's or a hand-in's files as download buttons (private files: fetched with the session). */
export function TaskFiles({ files }: { files: TaskFile[] }) {
  const { notification } = useToasts();
  if (files.length === 0) return null;
  return (
    <div className="task-files">
      {files.map((file) => (
        <PlainButton
          key={file.id}
          size="small"
          icon={<PaperClipOutlined />}
          onClick={() =>
            void downloadTaskFile(file).catch((error: Error) =>
              notification.error({ title: error.message, placement: 'bottom' }),
            )
          }
        >
          <span className="task-files__name">
            {file.nama} ({formatFileSize(file.ukuran)})
          </span>
        </PlainButton>
      ))}
    </div>
  );
}
