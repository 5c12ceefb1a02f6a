import { Button, Card, Form, Input } from 'antd';
import { isValidPhone } from '@lms/contract/account.rules';
import type { OwnSettings } from '@lms/contract/account.schema';
import { useUpdateContact } from '../api/update-contact.ts';
import { useToasts } from '../../../components/toasts.tsx';

interface ContactValues {
  email: string;
  telepon: string;
}

/** Kontak: email and phone with the patterns of spec 1 §5. */
export function ContactForm({ settings }: { settings: OwnSettings }) {
  const { message } = useToasts();
  const update = useUpdateContact();
  return (
    <Card title="Kontak">
      <Form<ContactValues>
        layout="vertical"
        initialValues={{ email: settings.email ?? '', telepon: settings.telepon ?? '' }}
        onFinish={async (values) => {
          try {
            await update.mutateAsync({ email: values.email || null, telepon: values.telepon || null });
            void message.success('Kontak berhasil disimpan.');
          } catch (error) {
            void message.error((error as Error).message);
          }
        }}
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[{ type: 'email', message: 'Format email tidak valid.' }]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          label="Nomor Telepon"
          name="telepon"
          rules={[
            {
              validator: async (_rule, value: string) => {
                if (value && !isValidPhone(value))
                  throw new Error('Nomor telepon harus diawali 0 dan minimal 10 karakter.');
              },
            },
          ]}
        >
          <Input inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Simpan Kontak
        </Button>
      </Form>
    </Card>
  );
}
