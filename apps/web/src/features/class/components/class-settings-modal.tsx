import { useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { bannerExtensions, defaultBannerCount, defaultBannerIndex } from '@lms/contract/class.rules';
import { ClassBanner, defaultBanners } from '../../../components/class-banner.tsx';
import { UploadDialog } from '../../../components/upload-dialog.tsx';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { modalWidth } from '../../../lib/layout-constants.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { bytesPerMb } from '@lms/contract/format.rules';
import { useUploadLimitMb } from '../../../lib/queries/get-upload-limits.ts';
import { useUpdateClass, useUploadClassBanner } from '../api/update-class.ts';
import { useToasts } from '../../../components/toasts.tsx';
import type { ClassModalProps } from './class-modal-props.ts';

/** The banner failure toast of spec 2 §8: '{error message}! {server status message}'. */
export function bannerFailureMessage(error: unknown): string {
  return `Gagal mengunggah banner! ${normalizeApiError(error).message}`;
}

/**
 * Pengaturan Kelas: the banner. Upload a png/jpg/jpeg within the college's limit (the shared upload
 * dialog flags a file that is too large), remove it, or pick one of the seven default banners.
 */
export function ClassSettingsModal({ detail, open, onClose }: ClassModalProps) {
  const isPhone = useIsPhone();
  const { message } = useToasts();
  const maxBytes = Math.round(useUploadLimitMb('banner_kelas') * bytesPerMb);
  const [uploadOpen, setUploadOpen] = useState(false);
  const update = useUpdateClass(detail.id);
  const upload = useUploadClassBanner(detail.id);
  const chosen = defaultBannerIndex(detail.banner_color_idx);

  const save = (input: Parameters<typeof update.mutate>[0], success: string) =>
    update.mutate(input, {
      onSuccess: () => void message.success(success),
      onError: (error) => void message.error(normalizeApiError(error).message),
    });

  return (
    <>
      <Modal
        open={open && !uploadOpen}
        title="Pengaturan Kelas"
        width={modalWidth('default', isPhone)}
        centered
        onCancel={onClose}
        footer={<Button onClick={onClose}>Tutup</Button>}
        destroyOnHidden
      >
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          Banner Kelas
        </Typography.Title>
        <ClassBanner
          bannerUrl={detail.banner_url}
          colorIdx={detail.banner_color_idx}
          height={isPhone ? 96 : 140}
          style={{ borderRadius: 8 }}
        />
        <Space wrap style={{ marginTop: 12 }}>
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploadOpen(true)}>
            Unggah Banner
          </Button>
          {detail.banner_url ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              loading={update.isPending && update.variables?.hapus_banner === true}
              onClick={() => save({ hapus_banner: true }, 'Banner berhasil dihapus')}
            >
              Hapus Banner
            </Button>
          ) : null}
        </Space>
        <Typography.Title level={5} style={{ marginTop: 20 }}>
          Banner Bawaan
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          {detail.banner_url
            ? 'Banner bawaan dipakai setelah banner unggahan dihapus.'
            : 'Pilih salah satu banner bawaan untuk kelas ini.'}
        </Typography.Paragraph>
        <div className="class-banner-choices" role="radiogroup" aria-label="Banner bawaan">
          {Array.from({ length: defaultBannerCount }, (_, index) => (
            <button
              key={index}
              type="button"
              role="radio"
              aria-checked={index === chosen}
              aria-label={`Banner bawaan ${index + 1}`}
              disabled={update.isPending}
              onClick={() => {
                if (index !== chosen) save({ banner_color_idx: index }, 'Banner bawaan berhasil diubah');
              }}
              style={{
                height: 48,
                borderRadius: 8,
                cursor: 'pointer',
                backgroundImage: defaultBanners[index],
                backgroundSize: 'cover',
                border: index === chosen ? '2px solid #1d4ed8' : '1px solid #e5e7eb',
                display: 'grid',
                placeItems: 'center',
                color: '#1d4ed8',
              }}
            >
              {index === chosen ? <CheckOutlined /> : null}
            </button>
          ))}
        </div>
      </Modal>
      <UploadDialog
        open={uploadOpen}
        title="Unggah Banner Kelas"
        accept={bannerExtensions}
        maxBytes={maxBytes}
        onCancel={() => setUploadOpen(false)}
        onUpload={async (file, onProgress) => {
          try {
            await upload.mutateAsync({ file, onProgress });
          } catch (error) {
            void message.error(bannerFailureMessage(error));
            // The dialog words it 'Unggah gagal: {message}' and clears the file.
            throw normalizeApiError(error);
          }
          void message.success('Banner berhasil diunggah');
          setUploadOpen(false);
        }}
      />
    </>
  );
}
