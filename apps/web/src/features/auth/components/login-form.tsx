import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form } from 'antd';
// The two inputs alone: antd's Input index also brings TextArea, Search and OTP (~10 KB gzip) to the
// first page every phone downloads.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { FormInstance } from 'antd';

/** Values of the sign-in form. */
export interface LoginValues {
  username: string;
  password: string;
}

/** Username and password with Indonesian validation, the Masuk button and the server's error. */
export function LoginForm({
  form,
  loading,
  error,
  onSubmit,
}: {
  form: FormInstance<LoginValues>;
  loading: boolean;
  error: string | null;
  onSubmit: (values: LoginValues) => void;
}) {
  return (
    <Form<LoginValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onSubmit}
      disabled={loading}
      size="large"
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form.Item
        label="Username"
        name="username"
        rules={[{ required: true, whitespace: true, message: 'Username wajib diisi' }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" placeholder="NIM, NIDN atau username" />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Password wajib diisi' }]}
      >
        <Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="Password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading} style={{ marginTop: 8 }}>
        Masuk
      </Button>
    </Form>
  );
}
