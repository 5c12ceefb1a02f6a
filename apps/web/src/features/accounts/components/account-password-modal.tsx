import { useEffect } from 'react';
import { Alert, Form } from 'antd';
import type { Account, AccountPassword } from '@lms/contract/account.schema';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { useResetAccountPassword } from '../api/accounts.ts';

/** Atur Ulang Password: the operator sets a new password; the account's sessions end. */
export function AccountPasswordModal({ account, onClose }: { account: Account | null; onClose(): void }) {
  const [form] = Form.useForm<AccountPassword>();
  const { message } = useToasts();
  const reset = useResetAccountPassword();

  useEffect(() => {
    if (account) form.resetFields();
  }, [account, form]);

  return (
    <FormModal
      open={!!account}
      title="Atur Ulang Password"
      form={form}
      saving={reset.isPending}
      okText="Simpan Password"
      onClose={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={account ? `${account.nama} (${account.username})` : ''}
        description="Semua sesi pengguna ini akan diakhiri; ia masuk kembali dengan password baru."
      />
      <Form<AccountPassword>
        form={form}
        layout="vertical"
        name="password-pengguna"
        onFinish={async (values) => {
          if (!account) return;
          try {
            await reset.mutateAsync({ id: account.id, input: values });
            void message.success('Password berhasil diatur ulang.');
            onClose();
          } catch (error) {
            void message.error((error as Error).message);
          }
        }}
      >
        <NewPasswordFields maxLength={200} />
      </Form>
    </FormModal>
  );
}
