import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Space, Typography } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { accessRequirementLabel } from '@lms/contract/access-restriction.rules';
import type { AccessRestrictionStatus } from '@lms/contract/college.schema';
import { accessRestrictionQuery } from '../../../lib/queries/check-access-restriction.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { signOut } from '../../../lib/session/sign-out.ts';
import type { ForbiddenMeetingState } from '../../../lib/forbidden-meeting.ts';
import { useMeetingRestriction } from '../api/get-meeting-restriction.ts';

/** /forbidden and /forbidden/{idPertemuan}: what the student still has to meet, in plain Indonesian. */
export function ForbiddenPage() {
  const { idPertemuan } = useParams();
  const navigate = useNavigate();
  const handedOver = (useLocation().state ?? {}) as ForbiddenMeetingState;
  const general = useQuery({ ...accessRestrictionQuery, enabled: !idPertemuan });
  const meeting = useMeetingRestriction(idPertemuan, handedOver.restriction);
  const meetingStatus: AccessRestrictionStatus = meeting.data
    ? { [meeting.data.syarat]: { memenuhi_syarat: false, kekurangan: meeting.data.kekurangan } }
    : {};
  const status = (idPertemuan ? meetingStatus : general.data) ?? {};
  const unmet = Object.entries(status).filter(([, entry]) => !entry.memenuhi_syarat);

  const logout = async () => {
    await signOut();
    await navigate('/login', { replace: true });
    queryClient.clear();
  };

  const checkAgain = async () => {
    if (idPertemuan) {
      // Back to the meeting only once it opens; otherwise the refreshed shortfall stays on screen.
      const { data } = await meeting.refetch();
      if (data === null) await navigate(handedOver.from ?? '/kelas', { replace: true });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: accessRestrictionQuery.queryKey });
    await navigate('/beranda');
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Result
        status="403"
        title="Akses dibatasi"
        subTitle={
          idPertemuan
            ? 'Pertemuan ujian ini belum dapat dibuka karena syarat kehadiran ujian belum terpenuhi.'
            : 'Anda belum dapat menggunakan LMS karena ada syarat yang belum terpenuhi.'
        }
        style={{ maxWidth: 640, width: '100%', padding: '24px 0' }}
        extra={[
          <Button key="check" type="primary" onClick={() => void checkAgain()}>
            Periksa Lagi
          </Button>,
          <Button key="logout" onClick={() => void logout()}>
            Logout
          </Button>,
        ]}
      >
        {unmet.length > 0 ? (
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Typography.Text strong>Yang perlu dipenuhi:</Typography.Text>
            {unmet.map(([key, entry]) => (
              <Alert
                key={key}
                type="warning"
                showIcon
                message={accessRequirementLabel(key)}
                description={
                  entry.kekurangan.length > 0 ? (
                    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                      {entry.kekurangan.map((text) => (
                        <li key={text}>{text}</li>
                      ))}
                    </ul>
                  ) : (
                    'Syarat ini belum terpenuhi.'
                  )
                }
              />
            ))}
            <Typography.Text type="secondary">
              Setelah syarat dipenuhi, pilih Periksa Lagi. Hubungi bagian akademik bila ada pertanyaan.
            </Typography.Text>
          </Space>
        ) : null}
      </Result>
    </main>
  );
}
