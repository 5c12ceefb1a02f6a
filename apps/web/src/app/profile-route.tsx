import { NotificationPreferences } from '../features/notification/components/notification-preferences.tsx';
import { ProfilePage } from '../features/profile/routes/profile-page.tsx';

// The profile page takes its Notifikasi tab here, so neither feature imports the other.

/** /profil: the user's profile, with their notification choices as a tab. */
export function ProfileRoute() {
  return (
    <ProfilePage
      moreTabs={[{ key: 'notifikasi', label: 'Notifikasi', children: <NotificationPreferences /> }]}
    />
  );
}
