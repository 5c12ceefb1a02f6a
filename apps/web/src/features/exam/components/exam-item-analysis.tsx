import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { questionKindLabels } from '@lms/contract/exam.rules';
import { formatFigure, itemAnalysisMessages as m } from '@lms/contract/item-analysis.rules';
import type { ItemAnalysis } from '@lms/contract/item-analysis.schema';
import { ItemFigureList, ItemFlags, ItemSpread } from '../../../components/item-figures.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { downloadItemAnalysis, useItemAnalysis } from '../api/get-item-analysis.ts';

type Row = ItemAnalysis['soal'][number];

/**
 * The Analisis Soal tab of an exam for its editors (issue 43 §3): per question how easy it was, how well
 * it told strong students from weak ones, how the options were picked, and the flags; a table on
 * desktop, a card per question on a phone; the Excel export.
 */
export function ExamItemAnalysis({ examId }: { examId: string }) {
  const analysis = useItemAnalysis(examId);
  const isPhone = useIsPhone();
  const { notification } = useToasts();
  const [downloading, setDownloading] = useState(false);
  const rows = analysis.data?.soal ?? [];

  const exportButton = (
    <Button
      icon={<DownloadOutlined />}
      loading={downloading}
      disabled={!analysis.data?.jumlah_pengerjaan}
      onClick={async () => {
        setDownloading(true);
        try {
          await downloadItemAnalysis(examId);
        } catch (error) {
          notification.error({ title: (error as Error).message, placement: 'bottom' });
        } finally {
          setDownloading(false);
        }
      }}
    >
      {m.exportExcel}
    </Button>
  );

  const head = (
    <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
      <Typography.Text type="secondary">
        {analysis.data ? `${analysis.data.jumlah_pengerjaan} pengerjaan selesai` : ''}
      </Typography.Text>
      {exportButton}
    </Space>
  );
  const note = (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 0, fontSize: 12 }}>
      Tingkat kemudahan: rata-rata nilai dibagi nilai penuh. Daya beda: korelasi nilai soal dengan skor soal
      lainnya (−1 sampai 1); daya beda (27 %): selisih rata-rata kelompok atas dan bawah. Hanya pengerjaan
      yang selesai dihitung.
    </Typography.Paragraph>
  );

  if (analysis.isError) return <Alert type="error" title="Analisis soal gagal dimuat." showIcon />;
  if (analysis.data && analysis.data.jumlah_pengerjaan === 0)
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {head}
        <Alert type="info" title={m.noAttempts} showIcon />
      </Space>
    );

  if (isPhone)
    return (
      <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="item-analysis-cards">
        {head}
        {rows.map((r) => (
          <Card key={r.id_soal} size="small" data-testid="item-analysis-card">
            <Space orientation="vertical" size={6} style={{ width: '100%' }}>
              <Typography.Text strong>
                {r.nomor}. {r.pertanyaan}
              </Typography.Text>
              <Tag style={{ alignSelf: 'flex-start' }}>{questionKindLabels[r.jenis]}</Tag>
              <ItemFigureList figures={r} />
              <ItemSpread figures={r} />
              <ItemFlags figures={r} />
            </Space>
          </Card>
        ))}
        {note}
      </Space>
    );

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {head}
      {/* A narrow window scrolls the table: the keyboard must reach it (axe scrollable-region-focusable). */}
      <div tabIndex={0} role="region" aria-label="Tabel analisis soal" style={{ overflowX: 'auto' }}>
        <Table<Row>
          size="small"
          rowKey="id_soal"
          loading={analysis.isPending}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: 'Belum ada soal.' }}
          columns={[
            { title: 'No', dataIndex: 'nomor', width: 48 },
            {
              title: 'Soal',
              render: (_, r) => (
                <div style={{ maxWidth: 280 }}>
                  <Typography.Paragraph
                    ellipsis={{ rows: 2, tooltip: r.pertanyaan }}
                    style={{ marginBottom: 2 }}
                  >
                    {r.pertanyaan}
                  </Typography.Paragraph>
                  <Tag>{questionKindLabels[r.jenis]}</Tag>
                </div>
              ),
            },
            { title: m.attempts, dataIndex: 'jumlah_peserta', align: 'right' },
            { title: m.facility, align: 'right', render: (_, r) => formatFigure(r.tingkat_kemudahan) },
            {
              title: m.fullMarks,
              align: 'right',
              render: (_, r) => (r.proporsi_benar === null ? '–' : `${Math.round(r.proporsi_benar * 100)} %`),
            },
            { title: m.discrimination, align: 'right', render: (_, r) => formatFigure(r.daya_beda) },
            {
              title: m.discriminationGroups,
              align: 'right',
              render: (_, r) => formatFigure(r.daya_beda_kelompok),
            },
            { title: m.spread, render: (_, r) => <ItemSpread figures={r} /> },
            { title: 'Tanda', render: (_, r) => <ItemFlags figures={r} /> },
          ]}
        />
      </div>
      {note}
    </Space>
  );
}
