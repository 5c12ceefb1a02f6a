import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { formatFileSize } from '@lms/contract/format.rules';
import type { TaskFile } from '@lms/contract/task.schema';
import { downloadTaskFile } from '../api/download-task-files.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** A task's or a hand-in's files as download buttons (private files: fetched with the session). */
export function TaskFiles({ files }: { files: TaskFile[] }) {
  const { notification } = useToasts();
  if (files.length === 0) return null;
  return (
    <Space size={[8, 8]} wrap>
      {files.map((file) => (
        <Button
          key={file.id}
          size="small"
          icon={<PaperClipOutlined />}
          onClick={() =>
            void downloadTaskFile(file).catch((error: Error) =>
              notification.error({ title: error.message, placement: 'bottom' }),
            )
          }
        >
          {file.nama} ({formatFileSize(file.ukuran)})
        </Button>
      ))}
    </Space>
  );
}
