import { Card, List, Progress, Space, Spin, Typography } from 'antd';
import { Link } from 'react-router';
import { formatPeriodLabel } from '@lms/contract/period.rules';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useMyClassAttendance } from '../api/list-my-class-attendance.ts';

/** /kehadiran for students: each class's attendance percentage; a class opens its meetings' marks. */
export function MyAttendancePage() {
  const classes = useMyClassAttendance();
  return (
    <Card title="Kehadiran">
      {classes.isPending ? <Spin /> : null}
      {classes.data?.length === 0 ? (
        <EmptyState description="Anda belum terdaftar di kelas mana pun." />
      ) : null}
      <List
        dataSource={classes.data ?? []}
        renderItem={(c) => (
          <List.Item>
            <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
              <Space orientation="vertical" size={0}>
                <Link to={`/kehadiran/${encodeURIComponent(c.kelas_kuliah.id)}`}>
                  <Typography.Text strong>
                    {c.kelas_kuliah.mata_kuliah.nama} {c.kelas_kuliah.nama}
                  </Typography.Text>
                </Link>
                <Typography.Text type="secondary">
                  {c.kelas_kuliah.mata_kuliah.kode} · Periode {formatPeriodLabel(c.kelas_kuliah.periode)} ·
                  hadir {c.jumlah_hadir} dari {c.jumlah_pertemuan_selesai} pertemuan berlangsung (
                  {c.jumlah_pertemuan} pertemuan)
                </Typography.Text>
              </Space>
              <Progress
                percent={c.persentase}
                size="small"
                style={{ width: 180 }}
                format={(p) => `${(p ?? 0).toFixed(1)}%`}
                aria-label={`Kehadiran ${c.persentase.toFixed(1)}%`}
              />
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
