import { Checkbox, Form, Input, Radio, Select, Typography } from 'antd';
import { oidcMatchLabels, oidcMatchValues, type OidcMatch } from '@lms/contract/oidc.rules';
import type { OidcSettings } from '@lms/contract/oidc-settings.schema';
import { SettingsForm } from '../../../components/settings-form.tsx';
import { StoredSecretField } from '../../../components/stored-secret-field.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { studyProgramLabel, useStudyPrograms } from '../../../lib/queries/list-study-programs.ts';
import { useOidcSettings } from '../api/get-oidc-settings.ts';
import { useSaveOidcSettings } from '../api/save-oidc-settings.ts';

interface FormValues {
  issuer: string;
  client_id: string;
  /** Write-only: empty keeps the stored secret. */
  client_secret?: string;
  hapus_client_secret?: boolean;
  cocokkan_dengan: OidcMatch;
  nama_klaim: string;
  buat_akun_baru: boolean;
  prodi_akun_baru: string | null;
}

/** The form's fields, to tell which of the server's field errors belong to one. */
const formFields: (keyof FormValues)[] = [
  'issuer',
  'client_id',
  'client_secret',
  'hapus_client_secret',
  'cocokkan_dengan',
  'nama_klaim',
  'buat_akun_baru',
  'prodi_akun_baru',
];

/** The form filled from the stored settings; the secret is never sent back, only whether one is stored. */
function valuesOf(data: OidcSettings): FormValues {
  return {
    issuer: data.issuer ?? '',
    client_id: data.client_id ?? '',
    client_secret: undefined,
    hapus_client_secret: false,
    cocokkan_dengan: data.cocokkan_dengan,
    nama_klaim: data.nama_klaim,
    buat_akun_baru: data.buat_akun_baru,
    prodi_akun_baru: data.prodi_akun_baru,
  };
}

/**
 * Konfigurasi > SSO Kampus: the college's OpenID Connect provider for "Masuk dengan SSO Kampus" on
 * the sign-in page, how a person is matched to a user, and whether unknown people get an account.
 * Without an issuer URL the campus sign-in is off. The client secret is never shown.
 */
export function OidcSettingsForm({ canWrite }: { canWrite: boolean }) {
  const settings = useOidcSettings();
  const save = useSaveOidcSettings();
  const { message } = useToasts();
  const [form] = Form.useForm<FormValues>();
  const issuer = Form.useWatch('issuer', form);
  const match = Form.useWatch('cocokkan_dengan', form);
  const createAccounts = Form.useWatch('buat_akun_baru', form);
  const programs = useStudyPrograms(!!createAccounts);

  const on = !!issuer?.trim();
  return (
    <SettingsForm<OidcSettings, FormValues>
      settings={settings}
      loadFailedTitle="Pengaturan SSO Kampus tidak dapat dimuat."
      valuesOf={valuesOf}
      form={form}
      canWrite={canWrite}
      saving={save.isPending}
      fieldNames={formFields}
      onSave={async (values) => {
        await save.mutateAsync({
          ...values,
          client_secret: values.client_secret || undefined,
          hapus_client_secret: values.hapus_client_secret || undefined,
          prodi_akun_baru: values.buat_akun_baru ? values.prodi_akun_baru : null,
        });
        form.setFieldValue('client_secret', undefined);
        void message.success('Pengaturan SSO Kampus berhasil disimpan.');
      }}
    >
      {(data) => (
        <>
          <Typography.Paragraph type="secondary">
            Penyedia OpenID Connect perguruan tinggi (Keycloak, Microsoft Entra, Google Workspace, …) untuk
            tombol &ldquo;Masuk dengan SSO Kampus&rdquo; di halaman masuk. Kosongkan URL penerbit untuk
            menonaktifkannya. Daftarkan alamat berikut sebagai redirect URI di penyedia:
          </Typography.Paragraph>
          <Typography.Paragraph
            copyable={{ text: data.redirect_uri }}
            code
            style={{ wordBreak: 'break-all' }}
          >
            {data.redirect_uri}
          </Typography.Paragraph>
          <Form.Item name="issuer" label="URL Penerbit (Issuer)">
            <Input placeholder="https://sso.kampus.ac.id/realms/kampus" maxLength={500} inputMode="url" />
          </Form.Item>
          <Form.Item
            name="client_id"
            label="Client ID"
            rules={[{ required: on, whitespace: true, message: 'Client ID wajib diisi.' }]}
          >
            <Input autoComplete="off" maxLength={200} />
          </Form.Item>
          <StoredSecretField
            name="client_secret"
            removeName="hapus_client_secret"
            label="Client Secret"
            secret="Client secret"
            stored={data.client_secret_tersimpan}
          />
          <Form.Item name="cocokkan_dengan" label="Cocokkan pengguna dengan">
            <Radio.Group
              options={oidcMatchValues.map((value) => ({ value, label: oidcMatchLabels[value] }))}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            />
          </Form.Item>
          {match === 'nim_nidn' ? (
            <Form.Item
              name="nama_klaim"
              label="Nama klaim berisi NIM / NIDN"
              extra="Misalnya preferred_username, atau klaim khusus yang dipetakan di penyedia."
              rules={[{ required: true, whitespace: true, message: 'Nama klaim wajib diisi.' }]}
            >
              <Input placeholder="preferred_username" maxLength={100} />
            </Form.Item>
          ) : null}
          <Form.Item name="buat_akun_baru" valuePropName="checked">
            <Checkbox>Buat akun mahasiswa untuk orang yang belum terdaftar di LMS</Checkbox>
          </Form.Item>
          {createAccounts ? (
            <Form.Item
              name="prodi_akun_baru"
              label="Program studi akun baru"
              rules={[{ required: true, message: 'Pilih program studi untuk akun baru.' }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={programs.isLoading}
                placeholder="Pilih program studi"
                options={(programs.data ?? []).map((p) => ({ value: p.id, label: studyProgramLabel(p) }))}
              />
            </Form.Item>
          ) : null}
        </>
      )}
    </SettingsForm>
  );
}
