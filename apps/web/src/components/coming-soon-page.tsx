import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useRouteHandle } from './route-handle.ts';

/** Placeholder for a page whose feature is still being built. */
export function ComingSoonPage() {
  const title = useRouteHandle()?.title ?? 'Halaman ini';
  return (
    <Result
      status="info"
      title="Segera hadir"
      subTitle={`Fitur ${title} sedang dibangun dan akan segera tersedia di LMS.`}
      extra={
        <Link to="/beranda">
          <Button type="primary">Kembali ke Beranda</Button>
        </Link>
      }
    />
  );
}
