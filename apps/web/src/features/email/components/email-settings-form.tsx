import { useEffect } from 'react';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Skeleton, Typography } from 'antd';
import {
  smtpSecurityLabels,
  smtpSecurityValues,
  type SmtpSecurity,
} from '@lms/contract/email-settings.schema';
import { useToasts } from '../../../components/toasts.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
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

interface FieldError {
  field: string;
  message: string;
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

const defaultPorts: Record<SmtpSecurity, number> = { tls: 465, starttls: 587, tanpa: 25 };

/**
 * Konfigurasi > Email: the college's SMTP server for the mail the LMS sends (password reset links).
 * Without a host the installation's server is used, when it has one. The password is never shown.
 * Read-only without write on konfigurasi.
 */
export function EmailSettingsForm({ canWrite }: { canWrite: boolean }) {
  const settings = useEmailSettings();
  const save = useSaveEmailSettings();
  const { message, notification } = useToasts();
  const [form] = Form.useForm<FormValues>();
  const host = Form.useWatch('host', form);
  const data = settings.data;

  useEffect(() => {
    if (data) {
      form.setFieldsValue({
        host: data.host ?? '',
        port: data.port,
        keamanan: data.keamanan,
        username: data.username ?? '',
        pengirim_email: data.pengirim_email ?? '',
        pengirim_nama: data.pengirim_nama,
        password: undefined,
        hapus_password: false,
      });
    }
  }, [form, data]);

  if (settings.isError) {
    return <Alert type="error" showIcon title="Pengaturan email tidak dapat dimuat." />;
  }
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;

  const ownServer = !!host?.trim();
  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      disabled={!canWrite}
      style={{ maxWidth: 640 }}
      onFinish={async (values) => {
        // The server's errors of the last try go: fields without rules are not validated again.
        form.setFields(
          Object.keys(emptyValues).map((name) => ({ name: name as keyof FormValues, errors: [] })),
        );
        try {
          await save.mutateAsync({
            ...values,
            password: values.password || undefined,
            hapus_password: values.hapus_password || undefined,
          });
          form.setFieldValue('password', undefined);
          void message.success('Pengaturan email berhasil disimpan.');
        } catch (error) {
          // The server's field errors (a refused host) go under their fields, as typed.
          const fields = (normalizeApiError(error).detail as { fields?: FieldError[] } | null)?.fields ?? [];
          const known = fields
            .map((f) => ({ ...f, field: f.field.replace(/^body\./, '') }))
            .filter((f) => f.field in emptyValues);
          if (known.length) {
            form.setFields(known.map((f) => ({ name: f.field as keyof FormValues, errors: [f.message] })));
          } else {
            notification.error({ title: (error as Error).message, placement: 'bottom' });
          }
        }
      }}
    >
      <Typography.Paragraph type="secondary">
        Server SMTP untuk email yang dikirim LMS, seperti tautan atur ulang kata sandi.{' '}
        {data.smtp_server_tersedia
          ? 'Kosongkan host untuk memakai server email bawaan server LMS.'
          : 'Server LMS tidak memiliki server email bawaan: isi host agar pengguna dapat mengatur ulang kata sandi.'}{' '}
        Host harus dapat dihubungi dari internet; alamat jaringan privat hanya diizinkan bila pengelola server
        mengizinkannya.
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
      <Form.Item
        name="password"
        label="Password SMTP"
        extra={
          data.password_tersimpan
            ? 'Password tersimpan dan tidak ditampilkan. Isi hanya untuk menggantinya.'
            : 'Belum ada password tersimpan.'
        }
      >
        <Input.Password autoComplete="new-password" maxLength={500} />
      </Form.Item>
      {data.password_tersimpan ? (
        <Form.Item name="hapus_password" valuePropName="checked">
          <Checkbox>Hapus password tersimpan</Checkbox>
        </Form.Item>
      ) : null}
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
      {canWrite ? (
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Simpan
        </Button>
      ) : null}
    </Form>
  );
}
