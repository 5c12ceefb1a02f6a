import { Descriptions, Skeleton, Typography } from 'antd';
import type { Profile } from '@lms/contract/account.schema';
import { roleLabels } from '@lms/contract/role.rules';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDate } from '../../../lib/date.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';

/** A value or '-' when empty (spec 1 §2 Profile). */
function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : String(value);
}

/** The label/content pairs of Data Diri for the user's role. */
export function personalDataItems(profile: Profile, timeZone: string): { label: string; value: string }[] {
  const prodi = profile.prodi ? `${profile.prodi.jenjang} ${profile.prodi.nama}` : null;
  const common = [
    { label: 'Nama', value: orDash(profile.nama) },
    { label: 'Username', value: orDash(profile.username) },
    { label: 'Peran', value: roleLabels[profile.role] },
  ];
  const contact = [
    { label: 'Email', value: orDash(profile.email) },
    { label: 'Telepon', value: orDash(profile.telepon) },
    { label: 'Terdaftar Sejak', value: formatDate(profile.terdaftar_sejak, timeZone) },
  ];
  if (profile.role === 'mahasiswa') {
    return [
      ...common,
      { label: 'NIM', value: orDash(profile.nim) },
      { label: 'Program Studi', value: orDash(prodi) },
      { label: 'Angkatan', value: orDash(profile.angkatan) },
      { label: 'Status', value: orDash(profile.status) },
      ...contact,
    ];
  }
  if (profile.role === 'dosen') {
    return [
      ...common,
      { label: 'NIDN', value: orDash(profile.nidn) },
      { label: 'Gelar Depan', value: orDash(profile.gelar_depan) },
      { label: 'Gelar Akademik', value: orDash(profile.gelar_akademik) },
      { label: 'Jabatan', value: orDash(profile.jabatan) },
      { label: 'Program Studi', value: orDash(prodi) },
      ...contact,
    ];
  }
  return [...common, ...contact];
}

/** Data Diri: the photo (placeholder when missing or broken) and label/content pairs. */
export function PersonalData({ profile }: { profile: Profile | undefined }) {
  const timeZone = useTimeZone();
  const isPhone = useIsPhone();
  if (!profile) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  return (
    <div
      style={{
        display: 'flex',
        gap: 24,
        flexDirection: isPhone ? 'column' : 'row',
        alignItems: isPhone ? 'center' : 'flex-start',
      }}
    >
      <div style={{ textAlign: 'center', flex: 'none' }}>
        <UserAvatar size={120} src={profile.foto_url} alt={`Foto ${profile.nama}`} />
        <Typography.Title level={5} style={{ marginTop: 12, marginBottom: 0 }}>
          {profile.nama}
        </Typography.Title>
        <Typography.Text type="secondary">{profile.username}</Typography.Text>
      </div>
      <Descriptions
        style={{ flex: 1, width: '100%' }}
        bordered
        size="small"
        column={1}
        items={personalDataItems(profile, timeZone).map((item) => ({
          key: item.label,
          label: item.label,
          children: item.value,
        }))}
        styles={{ label: { width: isPhone ? 120 : 200 } }}
      />
    </div>
  );
}
