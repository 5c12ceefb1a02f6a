import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Popconfirm, Skeleton, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  collegeProfileMessages,
  logoMaxBytes,
  logoMaxPixels,
  logoMinPixels,
} from '@lms/contract/college-profile.rules';
import type { CollegeProfileUpdate } from '@lms/contract/college-profile.schema';
import { FilePickButton } from '../../../components/file-pick-button.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import { fieldErrorsOf } from '../../../lib/api-error.ts';
import { useCollegeProfile } from '../api/get-college-profile.ts';
import {
  useRemoveCollegeLogo,
  useSaveCollegeProfile,
  useUploadCollegeLogo,
} from '../api/save-college-profile.ts';

type FormValues = Required<CollegeProfileUpdate>;

const fieldNames: (keyof FormValues)[] = ['nama', 'judul', 'alamat', 'email', 'telepon'];

/**
 * Konfigurasi > Profil Kampus: the college's name, title, address and contact, and its logo (shown in
 * the shell, the sign-in page, BAP letterheads and the installed app's icons). Read-only without write
 * on konfigurasi.
 */
export function CollegeProfileForm({ canWrite }: { canWrite: boolean }) {
  const profile = useCollegeProfile();
  const save = useSaveCollegeProfile();
  const upload = useUploadCollegeLogo();
  const remove = useRemoveCollegeLogo();
  const { message, notification } = useToasts();
  const [form] = Form.useForm<FormValues>();
  // A refused logo's reason, shown under the logo until the next upload.
  const [logoError, setLogoError] = useState<string | null>(null);
  const data = profile.data;

  useEffect(() => {
    if (data) form.setFieldsValue(data);
  }, [form, data]);

  if (profile.isError) return <Alert type="error" showIcon title="Profil kampus tidak dapat dimuat." />;
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;

  async function sendLogo(file: File) {
    setLogoError(null);
    try {
      await upload.mutateAsync(file);
      void message.success(collegeProfileMessages.logoSaved);
    } catch (error) {
      const [refused] = fieldErrorsOf(error, ['logo'] as const);
      setLogoError(refused?.message ?? (error as Error).message);
    }
  }

  return (
    <Flex vertical gap={24} style={{ maxWidth: 640 }}>
      <section aria-labelledby="logo-kampus">
        <Typography.Title level={5} id="logo-kampus">
          Logo
        </Typography.Title>
        <Flex gap={16} align="center" wrap>
          <img
            src={data.logo_url}
            alt="Logo kampus saat ini"
            width={96}
            height={96}
            style={{ objectFit: 'contain', border: '1px solid #e5e7eb', borderRadius: 8, padding: 4 }}
          />
          <Flex vertical gap={8} style={{ flex: '1 1 220px' }}>
            <Typography.Text type="secondary">
              PNG, JPEG, atau WebP, maksimal {logoMaxBytes / 1_000_000} MB, {logoMinPixels}–{logoMaxPixels}{' '}
              piksel per sisi. Logo persegi dengan latar transparan tampil paling baik.
            </Typography.Text>
            {logoError ? (
              <Typography.Text type="danger" role="alert">
                {logoError}
              </Typography.Text>
            ) : null}
            {canWrite ? (
              <Flex gap={8} wrap>
                <FilePickButton
                  accept="image/png,image/jpeg,image/webp"
                  inputLabel="Berkas logo"
                  onPick={(file) => void sendLogo(file)}
                  icon={<UploadOutlined />}
                  loading={upload.isPending}
                >
                  Unggah Logo
                </FilePickButton>
                {data.ada_logo ? (
                  <Popconfirm
                    title="Hapus logo dan kembali ke logo inisial?"
                    okText="Hapus"
                    cancelText="Batal"
                    onConfirm={async () => {
                      await remove.mutateAsync();
                      void message.success('Logo kampus dihapus.');
                    }}
                  >
                    <Button icon={<DeleteOutlined />} danger loading={remove.isPending}>
                      Hapus Logo
                    </Button>
                  </Popconfirm>
                ) : null}
              </Flex>
            ) : null}
          </Flex>
        </Flex>
      </section>

      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={!canWrite}
        onFinish={async (values) => {
          try {
            await save.mutateAsync(values);
            void message.success(collegeProfileMessages.saved);
          } catch (error) {
            const known = fieldErrorsOf(error, fieldNames);
            if (known.length) form.setFields(known.map((f) => ({ name: f.field, errors: [f.message] })));
            else notification.error({ title: (error as Error).message, placement: 'bottom' });
          }
        }}
      >
        <Form.Item
          name="nama"
          label="Nama Perguruan Tinggi"
          rules={[{ required: true, whitespace: true, message: 'Nama perguruan tinggi wajib diisi.' }]}
        >
          <Input maxLength={150} />
        </Form.Item>
        <Form.Item
          name="judul"
          label="Judul Aplikasi"
          extra="Ditampilkan di halaman masuk dan sebagai nama aplikasi saat dipasang di ponsel."
          rules={[{ required: true, whitespace: true, message: 'Judul aplikasi wajib diisi.' }]}
        >
          <Input maxLength={150} />
        </Form.Item>
        <Form.Item name="alamat" label="Alamat">
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Form.Item
          name="email"
          label="Email"
          rules={[{ type: 'email', message: 'Alamat email tidak valid.' }]}
        >
          <Input maxLength={254} placeholder="info@kampus.ac.id" />
        </Form.Item>
        <Form.Item name="telepon" label="Telepon">
          <Input maxLength={30} placeholder="022-1234567" />
        </Form.Item>
        {canWrite ? (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Simpan
          </Button>
        ) : null}
      </Form>
    </Flex>
  );
}
