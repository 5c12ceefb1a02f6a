import { describe, expect, it } from 'vitest';
import { configure, render, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { SettingsForm } from './settings-form.tsx';
import { ToastProvider } from './toasts.tsx';

// antd's form renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

interface Values {
  host: string;
}

const valuesOf = (data: { host: string | null }): Values => ({ host: data.host ?? '' });

function Settings({
  data,
  isError,
  canWrite,
}: {
  data?: { host: string | null };
  isError?: boolean;
  canWrite: boolean;
}) {
  const [form] = Form.useForm<Values>();
  return (
    <ToastProvider>
      <SettingsForm<{ host: string | null }, Values>
        settings={{ data, isError: !!isError }}
        loadFailedTitle="Pengaturan email tidak dapat dimuat."
        valuesOf={valuesOf}
        form={form}
        canWrite={canWrite}
        saving={false}
        readOnlyNote
        onSave={async () => {}}
      >
        {() => (
          <Form.Item name="host" label="Host SMTP">
            <Input />
          </Form.Item>
        )}
      </SettingsForm>
    </ToastProvider>
  );
}

describe('SettingsForm', { timeout: 60_000 }, () => {
  it('says when the settings cannot be loaded', () => {
    render(<Settings isError canWrite />);
    expect(screen.getByText('Pengaturan email tidak dapat dimuat.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument();
  });

  it('fills the form from the settings; without write it is read-only and says so, without Simpan', async () => {
    render(<Settings data={{ host: 'smtp.kampus.ac.id' }} canWrite={false} />);
    const host = await screen.findByLabelText<HTMLInputElement>('Host SMTP');
    expect(host.value).toBe('smtp.kampus.ac.id');
    expect(host).toBeDisabled();
    expect(screen.getByText('Anda hanya dapat melihat pengaturan ini.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Simpan' })).not.toBeInTheDocument();
  });
});
