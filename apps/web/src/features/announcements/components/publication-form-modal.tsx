import { useEffect, useState } from 'react';
import { Button, DatePicker, Form, Input, Space } from 'antd';
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import {
  announcementTitleMax,
  htmlHasText,
  newsSummaryMax,
  publicationImageExtensions,
  publicationImageMaxBytes,
} from '@lms/contract/announcement.schema';
import { RichTextEditor, type RichTextImageUpload } from '../../../components/rich-text-editor.tsx';
import { UploadDialog } from '../../../components/upload-dialog.tsx';
import { fromPickerValue, pickerFormat, timeZoneLabel, toPickerValue } from '../../../lib/date.ts';
import { useTimeZone } from '../../../lib/use-time-zone.ts';
import { useSavePublication, type PublicationKind } from '../api/save-publication.ts';
import { uploadPublicationImage } from '../api/upload-publication-image.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import './publication-list.css';

/** The item being edited, or null for a new one. */
export interface EditablePublication {
  id: string;
  judul: string;
  isi: string;
  tanggal_publish: string;
  ringkasan?: string;
  gambar_url?: string | null;
}

interface FormValues {
  judul: string;
  ringkasan?: string;
  gambar_url?: string | null;
  tanggal_publish: Dayjs | null;
  isi: string;
}

const nouns: Record<PublicationKind, string> = { pengumuman: 'Pengumuman', berita: 'Berita' };

/** Images of the body and the cover: sent as soon as picked, inserted by their address. */
const imageUpload: RichTextImageUpload = {
  accept: publicationImageExtensions,
  maxBytes: publicationImageMaxBytes,
  upload: uploadPublicationImage,
};

/** A news article's cover as a form control: the picture, and buttons to upload, replace or remove it. */
function CoverField({ value, onChange }: { value?: string | null; onChange?(url: string | null): void }) {
  const [picking, setPicking] = useState(false);
  return (
    <div className="publication-cover-field">
      {value ? <img className="publication-cover-field__image" src={value} alt="Gambar sampul" /> : null}
      <Space wrap>
        <Button icon={<PictureOutlined />} onClick={() => setPicking(true)}>
          {value ? 'Ganti Gambar Sampul' : 'Unggah Gambar Sampul'}
        </Button>
        {value ? (
          <Button danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            Hapus Gambar Sampul
          </Button>
        ) : null}
      </Space>
      <UploadDialog
        open={picking}
        title="Unggah Gambar Sampul"
        accept={publicationImageExtensions}
        maxBytes={publicationImageMaxBytes}
        onCancel={() => setPicking(false)}
        onUpload={async (file, onProgress) => {
          onChange?.(await uploadPublicationImage(file, onProgress));
          setPicking(false);
        }}
      />
    </div>
  );
}

/**
 * Create or edit an announcement or news article: title, (news) summary, publication time in the
 * college zone (empty publishes now; a future time keeps it hidden until then) and the body.
 */
export function PublicationFormModal({
  kind,
  open,
  item,
  onClose,
  onSaved,
}: {
  kind: PublicationKind;
  open: boolean;
  item: EditablePublication | null;
  onClose(): void;
  onSaved?(id: string): void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { message } = useToasts();
  const timeZone = useTimeZone();
  const save = useSavePublication(kind);
  const noun = nouns[kind];

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({
      judul: item?.judul ?? '',
      ringkasan: item?.ringkasan ?? '',
      gambar_url: item?.gambar_url ?? null,
      isi: item?.isi ?? '',
      tanggal_publish: item ? toPickerValue(item.tanggal_publish, timeZone) : null,
    });
  }, [open, item, form, timeZone]);

  const submit = async (values: FormValues) => {
    try {
      const saved = await save.mutateAsync({
        id: item?.id,
        input: {
          judul: values.judul,
          isi: values.isi,
          ...(kind === 'berita'
            ? { ringkasan: values.ringkasan ?? '', gambar_url: values.gambar_url ?? null }
            : {}),
          tanggal_publish: values.tanggal_publish ? fromPickerValue(values.tanggal_publish, timeZone) : null,
        },
      });
      message.success(`${noun} berhasil disimpan`);
      onSaved?.(saved.id);
      onClose();
    } catch (error) {
      message.error(error instanceof Error ? error.message : 'Terjadi kesalahan');
    }
  };

  return (
    <FormModal
      open={open}
      title={item ? `Ubah ${noun}` : `Tambah ${noun}`}
      form={form}
      saving={save.isPending}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="judul"
          label="Judul"
          rules={[
            { required: true, whitespace: true, message: 'Judul wajib diisi.' },
            {
              max: announcementTitleMax,
              message: `Judul tidak boleh lebih dari ${announcementTitleMax} karakter.`,
            },
          ]}
        >
          <Input placeholder={`Judul ${noun.toLowerCase()}`} maxLength={announcementTitleMax} showCount />
        </Form.Item>
        {kind === 'berita' ? (
          <Form.Item
            name="ringkasan"
            label="Ringkasan"
            rules={[
              {
                max: newsSummaryMax,
                message: `Ringkasan tidak boleh lebih dari ${newsSummaryMax} karakter.`,
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={newsSummaryMax} showCount />
          </Form.Item>
        ) : null}
        {kind === 'berita' ? (
          <Form.Item
            name="gambar_url"
            label="Gambar Sampul"
            extra="Tampil di atas berita dan di daftar berita. PNG atau JPG, maksimal 5 MB."
          >
            <CoverField />
          </Form.Item>
        ) : null}
        <Form.Item
          name="tanggal_publish"
          label={`Waktu Terbit (${timeZoneLabel(timeZone)})`}
          extra="Kosongkan untuk menerbitkan sekarang. Waktu yang akan datang menjadwalkan penerbitan."
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={pickerFormat}
            placeholder="Terbitkan sekarang"
            style={{ width: '100%', maxWidth: 280 }}
          />
        </Form.Item>
        <Form.Item
          name="isi"
          label="Isi"
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                value && htmlHasText(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error('Isi wajib diisi.')),
            },
          ]}
          required
        >
          <RichTextEditor label={`Isi ${noun.toLowerCase()}`} imageUpload={imageUpload} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
