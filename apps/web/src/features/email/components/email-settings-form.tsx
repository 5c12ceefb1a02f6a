import { Form, Input, InputNumber, Select, Typography } from 'antd';
import {
  smtpSecurityLabels,
  smtpSecurityValues,
  type EmailSettings,
  type SmtpSecurity,
} from '@lms/contract/email-settings.schema';
import { SettingsForm } from '../../../components/settings-form.tsx';
import { StoredSecretField } from '../../../components/stored-secret-field.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { useEmailSettings } from '../api/get-email-settings.ts';
import { useSaveEmailSettings } from '../api/save-email-settings.ts';

interface FormValues {
  host: string;
  port: number;
  keamanan: SmtpSecurity;
  username: string;
  /** Write-only: empty keeps the stored password. */
  password?: string;
  hapus_password?: boolean;
  pengirim_email: string;
  pengirim_nama: string;
}

/** The form's fields, to tell which of the server's field errors belong to one. */
const emptyValues: Record<keyof FormValues, null> = {
  host: null,
  port: null,
  keamanan: null,
  username: null,
  password: null,
  hapus_password: null,
  pengirim_email: null,
  pengirim_nama: null,
};
const formFields = Object.keys(emptyValues) as (keyof FormValues)[];

/** The form filled from the stored settings; the password is never sent back, only whether one is stored. */
function valuesOf(data: EmailSettings): FormValues {
  return {
    host: data.host ?? '',
    port: data.port,
    keamanan: data.keamanan,
    username: data.username ?? '',
    pengirim_email: data.pengirim_email ?? '',
    pengirim_nama: data.pengirim_nama,
    password: undefined,
    hapus_password: false,
  };
}

const defaultPorts: Record<SmtpSecurity, number> = { tls: 465, starttls: 587, tanpa: 25 };

/**
 * Konfigurasi > Email: the college's SMTP server for the mail the LMS sends (password reset links).
 * Without a host the installation's server is used, when it has one. The password is never shown.
 * Read-only without write on konfigurasi.
 */
export function EmailSettingsForm({ canWrite }: { canWrite: boolean }) {
  const settings = useEmailSettings();
  const save = useSaveEmailSettings();
  const { message } = useToasts();
  const [form] = Form.useForm<FormValues>();
  const host = Form.useWatch('host', form);
  const ownServer = !!host?.trim();
  return (
    <SettingsForm<EmailSettings, FormValues>
      settings={settings}
      loadFailedTitle="Pengaturan email tidak dapat dimuat."
      valuesOf={valuesOf}
      form={form}
      canWrite={canWrite}
      saving={save.isPending}
      fieldNames={formFields}
      onSave={async (values) => {
        await save.mutateAsync({
          ...values,
          password: values.password || undefined,
          hapus_password: values.hapus_password || undefined,
        });
        form.setFieldValue('password', undefined);
        void message.success('Pengaturan email berhasil disimpan.');
      }}
    >
      {(data) => (
        <>
          <Typography.Paragraph type="secondary">
            Server SMTP untuk email yang dikirim LMS, seperti tautan atur ulang kata sandi.{' '}
            {data.smtp_server_tersedia
              ? 'Kosongkan host untuk memakai server email bawaan server LMS.'
              : 'Server LMS tidak memiliki server email bawaan: isi host agar pengguna dapat mengatur ulang kata sandi.'}{' '}
            Host harus dapat dihubungi dari internet; alamat jaringan privat hanya diizinkan bila pengelola
            server mengizinkannya.
          </Typography.Paragraph>
          <Form.Item name="host" label="Host SMTP">
            <Input placeholder="smtp.kampus.ac.id" maxLength={253} />
          </Form.Item>
          <Form.Item name="keamanan" label="Keamanan">
            <Select
              options={smtpSecurityValues.map((value) => ({ value, label: smtpSecurityLabels[value] }))}
              onChange={(value: SmtpSecurity) => form.setFieldValue('port', defaultPorts[value])}
            />
          </Form.Item>
          <Form.Item
            name="port"
            label="Port"
            rules={[{ required: true, type: 'number', min: 1, max: 65535, message: 'Port 1–65535.' }]}
          >
            <InputNumber min={1} max={65535} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="username" label="Username SMTP">
            <Input autoComplete="off" maxLength={200} />
          </Form.Item>
          <StoredSecretField
            name="password"
            removeName="hapus_password"
            label="Password SMTP"
            secret="Password"
            stored={data.password_tersimpan}
          />
          <Form.Item
            name="pengirim_email"
            label="Email Pengirim"
            rules={[
              { required: ownServer, message: 'Email pengirim wajib diisi.' },
              { type: 'email', message: 'Email pengirim tidak valid.' },
            ]}
          >
            <Input placeholder="lms@kampus.ac.id" maxLength={254} />
          </Form.Item>
          <Form.Item name="pengirim_nama" label="Nama Pengirim">
            <Input placeholder="LMS Kampus" maxLength={100} />
          </Form.Item>
        </>
      )}
    </SettingsForm>
  );
}
