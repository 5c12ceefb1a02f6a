import { useState } from 'react';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Space, Typography } from 'antd';
import type { OwnSettings } from '@lms/contract/account.schema';
import { bytesPerMb } from '@lms/contract/format.rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { UploadDialog } from '../../../components/upload-dialog.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useRemovePhoto, useUploadPhoto } from '../api/upload-photo.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** Foto Profil: the current photo, Ubah Foto (upload dialog within the college limit) and Hapus Foto. */
export function PhotoCard({ settings }: { settings: OwnSettings }) {
  const { message } = useToasts();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [removeOpen, setRemoveOpen] = useState(false);
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const maxBytes = Math.round(settings.ukuran_max_foto_mb * bytesPerMb);

  return (
    <Card title="Foto Profil">
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <UserAvatar size={96} src={settings.foto_url} alt="Foto profil" />
        <Space direction="vertical" size={8}>
          <Typography.Text type="secondary">
            Format {settings.ekstensi_foto.map((ext) => ext.toUpperCase()).join(', ')}, maksimal{' '}
            {settings.ukuran_max_foto_mb} MB.
          </Typography.Text>
          <Space wrap>
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploadOpen(true)}>
              Ubah Foto
            </Button>
            {settings.foto_url ? (
              <Button danger icon={<DeleteOutlined />} onClick={() => setRemoveOpen(true)}>
                Hapus Foto
              </Button>
            ) : null}
          </Space>
        </Space>
      </div>
      <UploadDialog
        open={uploadOpen}
        title="Ubah Foto Profil"
        accept={settings.ekstensi_foto}
        maxBytes={maxBytes}
        onCancel={() => setUploadOpen(false)}
        onUpload={async (file, onProgress) => {
          await upload.mutateAsync({ file, onProgress });
          setUploadOpen(false);
          void message.success('Foto profil berhasil diubah.');
        }}
      />
      <ConfirmDialog
        open={removeOpen}
        title="Hapus Foto Profil"
        danger
        confirmText="Hapus"
        onCancel={() => setRemoveOpen(false)}
        onConfirm={async () => {
          await remove.mutateAsync();
          setRemoveOpen(false);
          void message.success('Foto profil dihapus.');
        }}
      >
        Foto profil Anda akan diganti dengan gambar bawaan.
      </ConfirmDialog>
    </Card>
  );
}
