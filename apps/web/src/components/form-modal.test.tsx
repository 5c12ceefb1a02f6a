import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { FormModal } from './form-modal.tsx';

// antd's dialog renders slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 15_000 });

function Dialog({ onFinish, onClose }: { onFinish(values: { nama: string }): void; onClose(): void }) {
  const [form] = Form.useForm<{ nama: string }>();
  return (
    <FormModal open title="Tambah Bantuan" form={form} saving={false} onClose={onClose}>
      <Form form={form} onFinish={onFinish} initialValues={{ nama: 'Panduan' }}>
        <Form.Item name="nama" label="Nama">
          <Input />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

describe('FormModal', { timeout: 60_000 }, () => {
  it('submits the form on Simpan and closes on Batal', async () => {
    const onFinish = vi.fn();
    const onClose = vi.fn();
    render(<Dialog onFinish={onFinish} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledExactlyOnceWith({ nama: 'Panduan' }));
    fireEvent.click(screen.getByRole('button', { name: 'Batal' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
