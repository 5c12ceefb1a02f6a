import { useState } from 'react';
import { Button, Checkbox, Form, Input, Typography, Upload } from 'antd';
import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { bytesPerMb, fileTypeNotAllowedMessage, formatFileSize } from '@lms/contract/format.rules';
import { maxFileSizeMessage } from '../../../components/upload-dialog.tsx';
import { fileExtension, uploadFailedMessage } from '../../../components/upload-rules.ts';
import { normalizeApiError } from '../../../lib/api-error.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { useUpdateSyllabus } from '../api/update-syllabus.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { useToasts } from '../../../components/toasts.tsx';
import type { ClassModalProps } from './class-modal-props.ts';

/** Syllabus files the server accepts (checked by content there) and their limit. */
export const syllabusExtensions = ['pdf', 'doc', 'docx'] as const;
export const syllabusMaxBytes = 10 * bytesPerMb;

/** Ubah Silabus: the syllabus text and file (PDF, DOC, DOCX up to 10 MB), or removing the file. */
export function SyllabusModal({ detail, open, onClose }: ClassModalProps) {
  const isPhone = useIsPhone();
  const { message } = useToasts();
  const [form] = Form.useForm<{ teks: string; hapus_file: boolean }>();
  const [file, setFile] = useState<File | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const update = useUpdateSyllabus(detail.mata_kuliah.id);
  const current = detail.mata_kuliah.pendahuluan.silabus;

  const close = () => {
    setFile(null);
    setUploadError(null);
    onClose();
  };

  return (
    <FormModal
      open={open}
      title="Ubah Silabus"
      form={form}
      saving={update.isPending}
      centered
      forceRender={false}
      onClose={close}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ teks: current.teks ?? '', hapus_file: false }}
        onFinish={(values) =>
          update.mutate(
            { teks: values.teks, file: file ?? undefined, hapusFile: values.hapus_file },
            {
              onSuccess: () => {
                void message.success('Silabus berhasil diubah');
                close();
              },
              onError: (error) => {
                if (!file) return void message.error(normalizeApiError(error).message);
                // The chosen file went with the failed send: dropped, with the reason under it (spec 2 §8).
                setFile(null);
                setUploadError(uploadFailedMessage(normalizeApiError(error)));
              },
            },
          )
        }
      >
        <Form.Item name="teks" label="Teks Silabus">
          <Input.TextArea rows={isPhone ? 6 : 8} maxLength={20_000} showCount />
        </Form.Item>
        <Form.Item
          label="File Silabus"
          extra="Format PDF, DOC, DOCX, maksimal 10 MB"
          validateStatus={uploadError ? 'error' : undefined}
          help={uploadError ?? undefined}
        >
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'flex-start' }}>
            {current.file && !file ? (
              <Typography.Text>
                <PaperClipOutlined /> {current.file.name} ({formatFileSize(current.file.content_length)})
              </Typography.Text>
            ) : null}
            {file ? (
              <Typography.Text>
                <PaperClipOutlined /> {file.name} ({formatFileSize(file.size)})
              </Typography.Text>
            ) : null}
            <Upload
              accept={syllabusExtensions.map((e) => `.${e}`).join(',')}
              showUploadList={false}
              beforeUpload={(chosen) => {
                const extension = fileExtension(chosen.name);
                if (!(syllabusExtensions as readonly string[]).includes(extension)) {
                  void message.error(fileTypeNotAllowedMessage(extension || chosen.name));
                } else if (chosen.size > syllabusMaxBytes) {
                  void message.error(maxFileSizeMessage(syllabusMaxBytes));
                } else {
                  setFile(chosen);
                  setUploadError(null);
                }
                return Upload.LIST_IGNORE;
              }}
            >
              <Button icon={<UploadOutlined />}>{current.file || file ? 'Ganti File' : 'Pilih File'}</Button>
            </Upload>
          </div>
        </Form.Item>
        {current.file && !file ? (
          <Form.Item name="hapus_file" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox>Hapus file silabus</Checkbox>
          </Form.Item>
        ) : null}
      </Form>
    </FormModal>
  );
}
