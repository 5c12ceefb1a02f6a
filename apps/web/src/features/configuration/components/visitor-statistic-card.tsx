import { Card, Col, Row, Statistic, Typography } from 'antd';
import { roleLabels } from '@lms/contract/role.rules';
import { useVisitorStatistic } from '../api/get-visitor-statistic.ts';

/** Statistik Pengunjung: online now (active in the last 5 minutes) and today, by role. */
export function VisitorStatisticCard() {
  const statistic = useVisitorStatistic(true).data;
  const roles = ['mahasiswa', 'dosen', 'operator'] as const;
  return (
    <Card title="Statistik Pengunjung" size="small" loading={!statistic}>
      {statistic ? (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={12} md={6}>
              <Statistic title="Sedang daring" value={statistic.online} />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title="Hari ini" value={statistic.hari_ini} />
            </Col>
            {roles.map((role) => (
              <Col key={role} xs={8} md={4}>
                <Statistic
                  title={roleLabels[role]}
                  value={statistic.per_role[role].online}
                  suffix={<span style={{ fontSize: 14 }}>/ {statistic.per_role[role].hari_ini}</span>}
                />
              </Col>
            ))}
          </Row>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Daring: aktif dalam {statistic.jendela_online_menit} menit terakhir. Per peran: daring / hari ini.
          </Typography.Text>
        </>
      ) : null}
    </Card>
  );
}
