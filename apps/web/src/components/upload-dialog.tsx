import { useState, type ReactNode } from 'react';
import { InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Modal, Progress, Typography, Upload } from 'antd';
import {
  bytesPerMb,
  defaultUploadMaxBytes,
  formatFileSize,
  isFileTooLarge,
  uploadTooLargeMessage,
} from '@lms/contract/format.rules';
import { modalWidth } from '../lib/layout-constants.ts';
import { useIsPhone } from '../lib/use-is-phone.ts';
import { useToasts } from './toasts.tsx';
import { uploadFailedMessage, uploadRefusal } from './upload-rules.ts';

/** The dialog's flag for a file over the limit (spec 1 §5), letter for letter. */
export const fileTooLargeFlag = 'Ukuran file melebihi batas maksimal';

/** The toast of a simple upload control for a file over the limit (spec 1 §5). */
export function maxFileSizeMessage(maxBytes: number): string {
  return `Maximum file size is ${Number((maxBytes / bytesPerMb).toFixed(2))} MB`;
}

/** Displayed file names are shortened past 20 characters in upload dialogs (spec 1 §5). */
export const uploadNameLimit = 20;

/** A file name cut to the limit with an ellipsis: 'laporan-praktikum-mi...'. */
export function shortenFileName(name: string, limit = uploadNameLimit): string {
  return name.length > limit ? `${name.slice(0, limit)}...` : name;
}

export interface UploadDialogProps {
  open: boolean;
  title: ReactNode;
  /** Allowed extensions without the dot, e.g. ['jpg', 'jpeg', 'png']. */
  accept: readonly string[];
  /** Size limit in bytes; 10240 KB by default (spec 1 §5). */
  maxBytes?: number;
  /** Text under the drop area; by default the allowed types and the limit. */
  hint?: ReactNode;
  /** 'Simpan' by default. */
  okText?: string;
  /** Sends the file, reporting progress (0–100); the dialog closes itself only through the caller. */
  onUpload(file: File, onProgress: (percent: number) => void): Promise<unknown>;
  onCancel(): void;
}

/**
 * The file upload dialog of spec 1 §2 §5: one file, type checked by extension ('File type .{ext} is not
 * allowed'), size checked against the limit ('Ukuran file melebihi batas maksimal' and 'Ukuran file tidak
 * boleh lebih dari {N}MB.'), progress while sending; Simpan is disabled with no file, an invalid one, or
 * while sending. 600 px wide (90% on phones).
 */
export function UploadDialog({
  open,
  title,
  accept,
  maxBytes = defaultUploadMaxBytes,
  hint,
  okText = 'Simpan',
  onUpload,
  onCancel,
}: UploadDialogProps) {
  const isPhone = useIsPhone();
  const { message } = useToasts();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tooLarge = !!file && isFileTooLarge(file.size, maxBytes);
  const uploading = percent !== null;

  // A closed dialog forgets its file (state adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setFile(null);
      setPercent(null);
      setError(null);
    }
  }

  const choose = (chosen: File) => {
    // The type is refused here; a file over the limit stays, flagged, with Simpan disabled (spec 1 §5).
    const refusal = uploadRefusal(chosen, { accept, maxBytes: Number.POSITIVE_INFINITY });
    if (refusal) {
      void message.error(refusal);
      return;
    }
    setError(null);
    setFile(chosen);
  };

  const save = async () => {
    if (!file || tooLarge) return;
    setPercent(0);
    setError(null);
    try {
      await onUpload(file, (p) => setPercent(Math.min(100, Math.max(0, Math.round(p)))));
    } catch (e) {
      // The refused file is dropped so the next try starts from a fresh choice (spec 2 §8).
      setFile(null);
      setError(uploadFailedMessage(e));
    } finally {
      setPercent(null);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={modalWidth('base', isPhone)}
      centered
      okText={okText}
      cancelText="Batal"
      onOk={() => void save()}
      onCancel={() => {
        if (!uploading) onCancel();
      }}
      okButtonProps={{ disabled: !file || tooLarge || uploading, loading: uploading }}
      cancelButtonProps={{ disabled: uploading }}
      mask={{ closable: !uploading }}
      destroyOnHidden
    >
      <Upload.Dragger
        accept={accept.map((ext) => `.${ext}`).join(',')}
        multiple={false}
        showUploadList={false}
        disabled={uploading}
        beforeUpload={(chosen) => {
          choose(chosen);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Klik atau seret file ke area ini</p>
        <p className="ant-upload-hint">
          {hint ??
            `Format ${accept.map((ext) => ext.toUpperCase()).join(', ')}, maksimal ${Number((maxBytes / bytesPerMb).toFixed(2))} MB`}
        </p>
      </Upload.Dragger>
      {file ? (
        <div
          style={{ marginTop: 12, display: 'flex', alignItems: 'center', gap: 8 }}
          data-testid="upload-file"
        >
          <PaperClipOutlined aria-hidden />
          <Typography.Text title={file.name}>{shortenFileName(file.name)}</Typography.Text>
          <Typography.Text type="secondary">({formatFileSize(file.size)})</Typography.Text>
        </div>
      ) : null}
      {tooLarge ? (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          message={fileTooLargeFlag}
          description={uploadTooLargeMessage(maxBytes)}
        />
      ) : null}
      {uploading ? <Progress style={{ marginTop: 12 }} percent={percent} size="small" /> : null}
      {error ? <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} /> : null}
    </Modal>
  );
}
