import { Alert, Button, Card, Form, Input } from 'antd';
import { ApiError } from '../../../lib/api-error.ts';
import { useChangePassword } from '../api/change-password.ts';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { useToasts } from '../../../components/toasts.tsx';

interface PasswordValues {
  password_lama: string;
  password_baru: string;
  konfirmasi_password: string;
}

/** Ubah Password: the current password is required; the new one has at least 8 characters and a confirmation. */
export function PasswordForm({ acting }: { acting: boolean }) {
  const { message } = useToasts();
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();

  if (acting) {
    return (
      <Card title="Ubah Password">
        <Alert type="info" showIcon message="Password tidak dapat diubah saat Login Akun Lain." />
      </Card>
    );
  }

  return (
    <Card title="Ubah Password">
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        onFinish={async (values) => {
          try {
            await change.mutateAsync(values);
            form.resetFields();
            void message.success('Password berhasil diubah. Sesi di perangkat lain telah diakhiri.');
          } catch (error) {
            if (error instanceof ApiError && error.code === 'password_lama_salah') {
              form.setFields([{ name: 'password_lama', errors: ['Password lama salah.'] }]);
            } else {
              void message.error((error as Error).message);
            }
          }
        }}
      >
        <Form.Item
          label="Password Lama"
          name="password_lama"
          rules={[{ required: true, message: 'Password lama wajib diisi.' }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Ubah Password
        </Button>
      </Form>
    </Card>
  );
}
