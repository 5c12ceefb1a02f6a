import { Card, Descriptions, Typography } from 'antd';
import { useSearchParams } from 'react-router';

/** /dev: a development page that stands in for SIAKAD and shows what arrived in the query. */
export function DevPage() {
  const [params] = useSearchParams();
  const entries = [...params.entries()];
  return (
    <main style={{ maxWidth: 720, margin: '0 auto', padding: 24 }}>
      <Card>
        <Typography.Title level={3}>Halaman Pengembang</Typography.Title>
        <Typography.Paragraph type="secondary">
          Halaman ini menggantikan SIAKAD selama pengembangan dan pengujian: single sign-on mengarahkan ke
          sini dengan kode sekali pakai.
        </Typography.Paragraph>
        {entries.length === 0 ? (
          <Typography.Text type="secondary">Tidak ada parameter pada alamat ini.</Typography.Text>
        ) : (
          <Descriptions
            bordered
            column={1}
            size="small"
            title="Parameter yang diterima"
            items={entries.map(([key, value]) => ({
              key,
              label: key,
              children: <span data-testid={`dev-param-${key}`}>{value}</span>,
            }))}
          />
        )}
      </Card>
    </main>
  );
}
