import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { groupRuleLabels } from '@lms/contract/exam.rules';
import type { QuestionGroup } from '@lms/contract/exam.schema';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QuestionView } from '../../../components/question-view.tsx';
import { useExamPreview } from '../api/get-exam-preview.ts';

/** The group's rule as the preview explains it: what a student is shown, and what they must answer. */
function ruleText(group: QuestionGroup): string {
  if (group.aturan === 'semua') return groupRuleLabels.semua;
  if (group.aturan === 'random')
    return `${group.jumlah_wajib_dijawab ?? group.soal.length} soal diundi untuk setiap mahasiswa`;
  return `Wajib dijawab ${group.jumlah_wajib_dijawab ?? group.soal.length} dari ${group.soal.length} soal`;
}

/**
 * The read-only preview of spec 3 §2: the exam as one student gets it at start, drawn by the server
 * with the attempt's own rule (random groups keep their count, Acak Soal shuffles), keys visible to the
 * lecturer. "Acak ulang" draws again; nothing is stored.
 */
export function ExamPreview({ examId }: { examId: string }) {
  const preview = useExamPreview(examId);
  if (preview.isPending) return <Spin />;
  if (!preview.data) return <Alert type="error" title="Pratinjau gagal dimuat" showIcon />;
  const { kelompok_soal: groups, jumlah_soal } = preview.data;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography.Text style={{ flex: '1 1 260px' }}>
          Soal yang didapat seorang mahasiswa saat mulai: <strong>{jumlah_soal} soal</strong>. Kunci jawaban
          hanya terlihat oleh pengajar.
        </Typography.Text>
        <Button
          icon={<ReloadOutlined />}
          loading={preview.isFetching}
          disabled={jumlah_soal === 0}
          onClick={() => void preview.refetch()}
        >
          Acak ulang
        </Button>
      </div>
      {jumlah_soal === 0 ? <EmptyState description="Belum ada soal untuk dipratinjau." /> : null}
      {groups
        .filter((group) => group.soal.length > 0)
        .map((group) => (
          <Card key={group.id} size="small" title={`Kelompok Soal ${group.nomor}`}>
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              <Typography.Text type="secondary">{ruleText(group)}</Typography.Text>
              {group.soal.map((question) => (
                <QuestionView key={question.id} question={question} answer={null} readOnly hideAnswer />
              ))}
            </Space>
          </Card>
        ))}
    </Space>
  );
}
