import { Form, Input } from 'antd';
import { minPasswordLength } from '@lms/contract/college-settings.rules';

/** Password Baru and its confirmation, as the fields `password_baru` and `konfirmasi_password` of an antd form. */
export function NewPasswordFields({ maxLength }: { maxLength?: number }) {
  return (
    <>
      <Form.Item
        label="Password Baru"
        name="password_baru"
        rules={[
          { required: true, message: 'Password baru wajib diisi.' },
          { min: minPasswordLength, message: `Password baru minimal ${minPasswordLength} karakter.` },
        ]}
      >
        <Input.Password maxLength={maxLength} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Konfirmasi Password Baru"
        name="konfirmasi_password"
        dependencies={['password_baru']}
        rules={[
          { required: true, message: 'Konfirmasi password wajib diisi.' },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string) => {
              if (value && value !== getFieldValue('password_baru'))
                throw new Error('Konfirmasi password tidak sama.');
            },
          }),
        ]}
      >
        <Input.Password maxLength={maxLength} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
