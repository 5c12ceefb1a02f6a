import { PaperClipOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import type { QuestionFile } from '@lms/contract/exam.schema';

/** The answer's files as links (the lecturer grading, a finished attempt). */
export function AnswerFileLinks({ files, nomor }: { files: QuestionFile[] | undefined; nomor: number }) {
  if (!files?.length) return null;
  return (
    <div style={{ marginTop: 8 }}>
      <Space size={[12, 4]} wrap aria-label={`Lampiran jawaban soal ${nomor}`}>
        <Typography.Text type="secondary">Lampiran jawaban:</Typography.Text>
        {files.map((f) => (
          <a key={f.url} href={f.url} target="_blank" rel="noreferrer">
            <PaperClipOutlined /> {f.name}
          </a>
        ))}
      </Space>
    </div>
  );
}
