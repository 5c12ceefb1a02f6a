import { useEffect } from 'react';
import { AutoComplete, Form, Input, InputNumber } from 'antd';
import { htmlHasText } from '@lms/contract/announcement.schema';
import type { HelpArticle } from '@lms/contract/help.schema';
import { RichTextEditor } from '../../../components/rich-text-editor.tsx';
import { useSaveHelp } from '../api/help-articles.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';

interface FormValues {
  kategori: string;
  judul: string;
  urutan: number | null;
  isi: string;
}

/** Add or edit a help article: topic (existing ones suggested), question, order within the topic, answer. */
export function HelpFormModal({
  open,
  item,
  categories,
  onClose,
}: {
  open: boolean;
  item: HelpArticle | null;
  categories: string[];
  onClose(): void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { message } = useToasts();
  const save = useSaveHelp();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      kategori: item?.kategori ?? '',
      judul: item?.judul ?? '',
      urutan: item?.urutan ?? null,
      isi: item?.isi ?? '',
    });
  }, [open, item, form]);

  const submit = async (values: FormValues) => {
    try {
      await save.mutateAsync({
        id: item?.id,
        input: {
          kategori: values.kategori,
          judul: values.judul,
          isi: values.isi,
          urutan: values.urutan ?? 0,
        },
      });
      message.success('Bantuan berhasil disimpan');
      onClose();
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'Terjadi kesalahan');
    }
  };

  return (
    <FormModal
      open={open}
      title={item ? 'Ubah Bantuan' : 'Tambah Bantuan'}
      form={form}
      saving={save.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
          <Form.Item
            name="kategori"
            label="Kategori"
            style={{ flex: '1 1 240px' }}
            rules={[{ required: true, whitespace: true, message: 'Kategori wajib diisi.' }]}
          >
            <AutoComplete
              options={categories.map((c) => ({ value: c }))}
              placeholder="Misalnya Akun dan Login"
              filterOption={(input, option) =>
                String(option?.value).toLowerCase().includes(input.toLowerCase())
              }
            />
          </Form.Item>
          <Form.Item name="urutan" label="Urutan" style={{ width: 120 }}>
            <InputNumber min={0} max={10000} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item
          name="judul"
          label="Pertanyaan"
          rules={[{ required: true, whitespace: true, message: 'Judul wajib diisi.' }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="isi"
          label="Jawaban"
          required
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                value && htmlHasText(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error('Isi wajib diisi.')),
            },
          ]}
        >
          <RichTextEditor label="Jawaban" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
