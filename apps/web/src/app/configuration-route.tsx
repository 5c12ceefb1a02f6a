import {
  ConfigurationPage,
  type ConfigurationTab,
} from '../features/configuration/routes/configuration-page.tsx';
import { CollegeProfileForm } from '../features/college-profile/components/college-profile-form.tsx';
import { EmailSettingsForm } from '../features/email/components/email-settings-form.tsx';
import { OidcSettingsForm } from '../features/oidc/components/oidc-settings-form.tsx';
import { GradeIntegrationForm } from '../features/grade/components/grade-integration-form.tsx';
import { ProgramSignatoryForm } from '../features/program-signatory/components/program-signatory-form.tsx';

/** Tabs of other areas shown in Konfigurasi. */
const extraTabs: ConfigurationTab[] = [
  {
    key: 'profil_kampus',
    label: 'Profil Kampus',
    area: 'konfigurasi',
    render: (canWrite) => <CollegeProfileForm canWrite={canWrite} />,
  },
  {
    key: 'integrasi_nilai',
    label: 'Integrasi Nilai',
    area: 'konfigurasi',
    render: (canWrite) => <GradeIntegrationForm canWrite={canWrite} />,
  },
  {
    key: 'email',
    label: 'Email',
    area: 'konfigurasi',
    render: (canWrite) => <EmailSettingsForm canWrite={canWrite} />,
  },
  {
    key: 'sso',
    label: 'SSO Kampus',
    area: 'konfigurasi',
    render: (canWrite) => <OidcSettingsForm canWrite={canWrite} />,
  },
  {
    key: 'penandatangan',
    label: 'Penandatangan Prodi',
    area: 'data_master',
    render: (canWrite) => <ProgramSignatoryForm canWrite={canWrite} />,
  },
];

/** /konfigurasi with the grade integration, email, campus sign-in and program signatory tabs composed in. */
export function ConfigurationRoute() {
  return <ConfigurationPage extraTabs={extraTabs} />;
}
