import { useState } from 'react';
import { CloseOutlined, DownloadOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Image, Skeleton, Typography, Upload } from 'antd';
import { bytesPerMb, formatFileSize } from '@lms/contract/format.rules';
import { forumAttachmentExtensions, forumAttachmentMaxCount, forumMessages } from '@lms/contract/forum.rules';
import type { ForumAttachment } from '@lms/contract/forum.schema';
import { uploadRefusals } from '../../../components/upload-rules.ts';
import { useUploadLimitMb } from '../../../lib/queries/get-upload-limits.ts';
import { useIsPhone } from '../../../lib/use-is-phone.ts';
import { downloadForumAttachment, useForumAttachmentImage } from '../api/get-forum-attachment.ts';
import { useToasts } from '../../../components/toasts.tsx';

/** On narrow screens names longer than 25 characters show their first 12 and last 8 (spec 2 §9). */
export function shortenAttachmentName(name: string, narrow: boolean): string {
  return narrow && name.length > 25 ? `${name.slice(0, 12)}...${name.slice(-8)}` : name;
}

function FileLine({ name, size, action }: { name: string; size: number; action: React.ReactNode }) {
  const isPhone = useIsPhone();
  return (
    <div className="forum-attachment" data-testid="forum-attachment">
      <PaperClipOutlined aria-hidden />
      <Typography.Text title={name} className="forum-attachment-name">
        {shortenAttachmentName(name, isPhone)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ flex: 'none' }}>
        {formatFileSize(size)}
      </Typography.Text>
      {action}
    </div>
  );
}

/** An image shown in the post (fetched with the caller's token), with antd's zoomable preview. */
function AttachmentImage({ attachment }: { attachment: ForumAttachment }) {
  const image = useForumAttachmentImage(attachment);
  if (image.isPending) return <Skeleton.Image active style={{ width: 160, height: 120 }} />;
  if (!image.data) return null;
  return (
    <Image
      src={image.data}
      alt={attachment.nama}
      style={{ maxWidth: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 6 }}
      preview={{ mask: 'Perbesar' }}
    />
  );
}

/** The files of a post: images shown in place, every file with its name, size and Unduh. */
export function PostAttachments({ attachments }: { attachments: ForumAttachment[] }) {
  const { notification } = useToasts();
  const [busy, setBusy] = useState<string | null>(null);
  if (attachments.length === 0) return null;
  const download = async (attachment: ForumAttachment) => {
    setBusy(attachment.id);
    try {
      await downloadForumAttachment(attachment);
    } catch (error) {
      notification.error({ title: (error as Error).message, placement: 'bottom' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 6 }}>
      {attachments.map((attachment) => (
        <div key={attachment.id}>
          {attachment.tipe.startsWith('image/') ? <AttachmentImage attachment={attachment} /> : null}
          <FileLine
            name={attachment.nama}
            size={attachment.ukuran}
            action={
              <Button
                size="small"
                icon={<DownloadOutlined />}
                loading={busy === attachment.id}
                onClick={() => void download(attachment)}
              >
                Unduh
              </Button>
            }
          />
        </div>
      ))}
    </div>
  );
}

/**
 * Chooses a post's files before sending: the allowed extensions (spec 2 §5), each within the
 * `lampiran_forum` size setting, at most forumAttachmentMaxCount; the server checks them again by content.
 */
export function AttachmentPicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const { notification } = useToasts();
  const maxBytes = Math.round(useUploadLimitMb('lampiran_forum') * bytesPerMb);
  const toast = (title: string) => notification.error({ title, placement: 'bottom' });
  // Files chosen together arrive one call each with the whole batch: take the batch once, at its first.
  const addBatch = (batch: File[]) => {
    const accepted: File[] = [];
    for (const { file, refusal } of uploadRefusals(batch, { accept: forumAttachmentExtensions, maxBytes })) {
      if (refusal) {
        toast(refusal);
      } else if (files.length + accepted.length >= forumAttachmentMaxCount) {
        toast(forumMessages.tooManyAttachments);
        break;
      } else {
        accepted.push(file);
      }
    }
    if (accepted.length > 0) onChange([...files, ...accepted]);
  };
  return (
    <div>
      <Upload
        multiple
        showUploadList={false}
        accept={forumAttachmentExtensions.map((ext) => `.${ext}`).join(',')}
        beforeUpload={(file, batch) => {
          if (file === batch[0]) addBatch(batch);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<PaperClipOutlined />}>Lampirkan File</Button>
      </Upload>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
        Maksimal {forumAttachmentMaxCount} file, masing-masing {Number((maxBytes / bytesPerMb).toFixed(2))}{' '}
        MB: gambar, PDF, dokumen Office, ZIP/RAR, audio, atau video.
      </Typography.Text>
      {files.map((file, index) => (
        <FileLine
          key={`${file.name}-${index}`}
          name={file.name}
          size={file.size}
          action={
            <Button
              size="small"
              type="text"
              aria-label={`Hapus ${file.name}`}
              icon={<CloseOutlined />}
              onClick={() => onChange(files.filter((_, i) => i !== index))}
            />
          }
        />
      ))}
    </div>
  );
}
