import { PaperClipOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { QuestionFile } from '@lms/contract/exam.schema';
import { PlainButton } from '../../../components/plain-button.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { downloadFromApi } from '../../../lib/download-file.ts';

/**
 * The answer's files (the lecturer grading, a finished attempt) as download buttons: answer files are
 * private, fetched with the session rather than linked.
 */
export function AnswerFileLinks({ files, nomor }: { files: QuestionFile[] | undefined; nomor: number }) {
  const { notification } = useToasts();
  if (!files?.length) return null;
  return (
    <div style={{ marginTop: 8 }}>
      <Space size={[12, 4]} wrap aria-label={`Lampiran jawaban soal ${nomor}`}>
        <Typography.Text type="secondary">Lampiran jawaban:</Typography.Text>
        {files.map((f) => (
          <PlainButton
            key={f.url}
            size="small"
            icon={<PaperClipOutlined />}
            onClick={() =>
              void downloadFromApi(f.url, { download: '1' }, f.name).catch((error: Error) =>
                notification.error({ title: error.message, placement: 'bottom' }),
              )
            }
          >
            {f.name}
          </PlainButton>
        ))}
      </Space>
    </div>
  );
}
