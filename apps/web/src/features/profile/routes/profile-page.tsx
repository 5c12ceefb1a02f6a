import type { ReactNode } from 'react';
import { Card, Tabs } from 'antd';
import { useProfile } from '../api/get-profile.ts';
import { ActivityHistory } from '../components/activity-history.tsx';
import { BiodataForm } from '../components/biodata-form.tsx';
import { PersonalData } from '../components/personal-data.tsx';

/**
 * /profil: Data Diri, a student's Biodata and Riwayat Aktivitas (spec 1 §2 Profile), and the tabs other
 * features give through the route (`app/profile-route.tsx`: Notifikasi).
 */
export function ProfilePage({
  moreTabs = [],
}: {
  moreTabs?: { key: string; label: string; children: ReactNode }[];
}) {
  const profile = useProfile();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'data-diri', label: 'Data Diri', children: <PersonalData profile={profile.data} /> },
          ...(profile.data?.role === 'mahasiswa'
            ? [{ key: 'biodata', label: 'Biodata', children: <BiodataForm /> }]
            : []),
          { key: 'riwayat', label: 'Riwayat Aktivitas', children: <ActivityHistory /> },
          ...moreTabs,
        ]}
      />
    </Card>
  );
}
