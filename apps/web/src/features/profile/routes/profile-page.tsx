import { Card, Tabs } from 'antd';
import { useProfile } from '../api/get-profile.ts';
import { ActivityHistory } from '../components/activity-history.tsx';
import { PersonalData } from '../components/personal-data.tsx';

/** /profil: Data Diri and Riwayat Aktivitas (spec 1 §2 Profile). */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'data-diri', label: 'Data Diri', children: <PersonalData profile={profile.data} /> },
          { key: 'riwayat', label: 'Riwayat Aktivitas', children: <ActivityHistory /> },
        ]}
      />
    </Card>
  );
}
