import { LineChartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Modal, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { itemAnalysisMessages as m } from '@lms/contract/item-analysis.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemFigureList, ItemFlags, ItemSpread } from '../../../components/item-figures.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useQuestionHistory } from '../api/get-question-history.ts';

/**
 * Riwayat Analisis of a bank question (issue 43 §3): a button on its card opening, per exam that took
 * the question from the bank, the exam and class with the question's figures and flags there.
 */
export function BankQuestionHistoryButton({
  bankId,
  questionId,
  nomor,
}: {
  bankId: string;
  questionId: string;
  nomor: number;
}) {
  const [open, setOpen] = useState(false);
  const history = useQuestionHistory(bankId, questionId, open);
  const timeZone = useTimeZone();
  return (
    <>
      <Button size="small" icon={<LineChartOutlined />} onClick={() => setOpen(true)}>
        {m.history} Soal {nomor}
      </Button>
      <Modal
        open={open}
        title={`${m.history} Soal ${nomor}`}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>Tutup</Button>}
        width={640}
        destroyOnHidden
      >
        {history.isPending ? (
          <Spin />
        ) : history.isError ? (
          <Alert type="error" title="Riwayat analisis gagal dimuat." showIcon />
        ) : history.data.length === 0 ? (
          <EmptyState description={m.noHistory} />
        ) : (
          <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="question-history">
            {history.data.map((h) => (
              <Card key={h.id_soal} size="small">
                <Space orientation="vertical" size={6} style={{ width: '100%' }}>
                  <div>
                    <Typography.Text strong>{h.ujian.judul}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">
                      Kelas {h.kelas.nama} · {formatDateTime(h.ujian.waktu_mulai, timeZone)}
                    </Typography.Text>
                  </div>
                  <ItemFigureList figures={h} />
                  <ItemSpread figures={h} />
                  <ItemFlags figures={h} />
                </Space>
              </Card>
            ))}
          </Space>
        )}
      </Modal>
    </>
  );
}
