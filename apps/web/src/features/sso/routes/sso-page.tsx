import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { configurationQuery } from '../../../lib/queries/get-configuration.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { authorizeSiakad, parseSsoRequest } from '../api/authorize-siakad.ts';

/** /sso: gets a SIAKAD code and sends the browser there; an error offers a retry. */
export function SsoPage() {
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  const go = useCallback(async () => {
    setError(null);
    try {
      const configuration = await queryClient.fetchQuery(configurationQuery);
      const target = await authorizeSiakad(parseSsoRequest(params), configuration);
      window.location.assign(target);
    } catch (failure) {
      setError(normalizeApiError(failure).message);
    }
  }, [params]);

  useEffect(() => {
    // Once per visit: React's strict mode runs effects twice, and a code is single use.
    if (started.current) return;
    started.current = true;
    void go();
  }, [go]);

  if (!error) return <PageLoader fullScreen tip="Mengalihkan ke SIAKAD…" />;
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status="error"
        title="Gagal membuka SIAKAD"
        subTitle={error}
        extra={[
          <Button key="retry" type="primary" onClick={() => void go()}>
            Coba Lagi
          </Button>,
          <Link key="home" to="/beranda">
            <Button>Kembali ke Beranda</Button>
          </Link>,
        ]}
      />
    </main>
  );
}
