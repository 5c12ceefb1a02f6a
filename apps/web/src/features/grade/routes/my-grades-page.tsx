import { Card, Space, Table, Tag, Typography } from 'antd';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatRecapScore, gradeTypeLabels } from '@lms/contract/grade.rules';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useMyGrades } from '../api/list-my-grades.ts';
import './my-grades-page.css';

/** /nilai for students: their published scores per class and activity, nothing unpublished. */
export function MyGradesPage() {
  const grades = useMyGrades();
  if (grades.isPending) return <PageLoader />;
  if (grades.isError) {
    return (
      <Card>
        <EmptyState description="NO DATA" />
      </Card>
    );
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {grades.data.length === 0 ? (
        <Card title="Nilai Saya">
          <EmptyState description="Anda belum terdaftar di kelas mana pun." />
        </Card>
      ) : null}
      {grades.data.map((c) => (
        <Card
          key={c.kelas.id}
          title={`${c.mata_kuliah.kode} - ${c.mata_kuliah.nama} (${c.kelas.nama})`}
          extra={formatPeriodLabel(c.kelas.periode)}
          // A long course name wraps instead of ending in "…" (issue 45: 'IF2102 - Basis Dat…' at 375 px).
          className="my-grades-card"
        >
          <Table
            size="small"
            rowKey="id_aktivitas"
            pagination={false}
            dataSource={c.nilai}
            locale={{ emptyText: <EmptyState description="Belum ada nilai yang dipublikasikan." /> }}
            columns={[
              {
                title: 'Aktivitas',
                render: (_, n) => (
                  <div>
                    <Typography.Text strong>{n.label}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">{n.label_pertemuan}</Typography.Text>{' '}
                      <Tag>{gradeTypeLabels[n.jenis]}</Tag>
                    </div>
                  </div>
                ),
              },
              { title: 'Nilai', align: 'right', width: 90, render: (_, n) => formatRecapScore(n.nilai) },
            ]}
          />
        </Card>
      ))}
    </Space>
  );
}
