import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { accessRestrictionQuery } from '../../../lib/queries/check-access-restriction.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { signOut } from '../../../lib/session/sign-out.ts';

/** /forbidden and /forbidden/{idPertemuan}: what the student still has to meet. */
export function ForbiddenPage() {
  const { idPertemuan } = useParams();
  const navigate = useNavigate();
  const status = useQuery({ ...accessRestrictionQuery, enabled: !idPertemuan }).data;
  const shortfalls = Object.values(status ?? {})
    .filter((entry) => !entry.memenuhi_syarat)
    .flatMap((entry) => entry.kekurangan);

  useEffect(() => {
    document.title = 'Forbidden - LMS Mahasiswa';
  }, []);

  const logout = async () => {
    await signOut();
    await navigate('/login', { replace: true });
    queryClient.clear();
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status="403"
        title="Akses dibatasi"
        subTitle={
          idPertemuan
            ? 'Pertemuan ini belum dapat dibuka karena syarat kehadiran ujian belum terpenuhi.'
            : 'Anda belum dapat menggunakan LMS karena ada syarat yang belum terpenuhi.'
        }
        extra={[
          <Button key="home" type="primary" onClick={() => void navigate('/beranda')}>
            Periksa Lagi
          </Button>,
          <Button key="logout" onClick={() => void logout()}>
            Logout
          </Button>,
        ]}
      >
        {shortfalls.length > 0 ? (
          <div>
            <Typography.Text strong>Yang perlu dipenuhi:</Typography.Text>
            <ul>
              {shortfalls.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
        ) : null}
      </Result>
    </main>
  );
}
