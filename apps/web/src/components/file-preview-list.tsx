import { useEffect, useState } from 'react';
import { DownloadOutlined, EyeInvisibleOutlined, EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Image, Typography } from 'antd';
import { formatFileSize } from '@lms/contract/format.rules';
import { viewerKindOf } from './file-viewer.tsx';
import { LoadingLines } from './loading-lines.tsx';
import { PdfReader } from './pdf-reader.tsx';
import './file-preview-list.css';

/** A private file: fetched with the session (`load`, `download`), never linked. */
export interface PreviewableFile {
  id: string;
  name: string;
  size: number;
}

export interface FilePreviewListProps<F extends PreviewableFile> {
  files: readonly F[];
  /** The file's bytes, fetched with the session. */
  load(file: F): Promise<Blob>;
  /** Saves the file (the server sends it as an attachment). */
  download(file: F): Promise<unknown>;
  /** Shown when a download fails. */
  onError(error: Error): void;
}

/** Whether the page can show a file itself: PDFs (pdf.js) and images. */
export function previewableInPage(name: string): boolean {
  const kind = viewerKindOf(name);
  return kind === 'pdf' || kind === 'image';
}

/**
 * A hand-in's files, each with its size, Lihat (PDFs and images open in the page as materials do; the first
 * such file is open from the start) and Unduh. Private files are fetched with the session, so the preview
 * reads their bytes rather than linking them.
 */
export function FilePreviewList<F extends PreviewableFile>({
  files,
  load,
  download,
  onError,
}: FilePreviewListProps<F>) {
  const first = files.find((f) => previewableInPage(f.name));
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(first ? [first.id] : []));
  const [downloading, setDownloading] = useState<string | null>(null);
  if (files.length === 0) return null;
  return (
    <div
      className="file-preview-list"
      style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 8 }}
    >
      {files.map((file) => {
        const viewable = previewableInPage(file.name);
        const shown = viewable && open.has(file.id);
        return (
          <div key={file.id} data-testid="file-preview-item">
            <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
              <PaperClipOutlined aria-hidden />
              <Typography.Text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{file.name}</Typography.Text>
              <Typography.Text type="secondary">({formatFileSize(file.size)})</Typography.Text>
              <span style={{ display: 'inline-flex', gap: 8, marginInlineStart: 'auto' }}>
                {viewable ? (
                  <Button
                    size="small"
                    icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                    aria-expanded={shown}
                    aria-label={`${shown ? 'Tutup' : 'Lihat'} ${file.name}`}
                    onClick={() => {
                      const next = new Set(open);
                      if (shown) next.delete(file.id);
                      else next.add(file.id);
                      setOpen(next);
                    }}
                  >
                    {shown ? 'Tutup' : 'Lihat'}
                  </Button>
                ) : null}
                <Button
                  size="small"
                  icon={<DownloadOutlined />}
                  loading={downloading === file.id}
                  aria-label={`Unduh ${file.name}`}
                  onClick={async () => {
                    setDownloading(file.id);
                    try {
                      await download(file);
                    } catch (error) {
                      onError(error as Error);
                    } finally {
                      setDownloading(null);
                    }
                  }}
                >
                  Unduh
                </Button>
              </span>
            </div>
            {shown ? <FilePreview file={file} load={load} /> : null}
          </div>
        );
      })}
    </div>
  );
}

/** One private file shown in the page from its fetched bytes. */
function FilePreview<F extends PreviewableFile>({ file, load }: { file: F; load(file: F): Promise<Blob> }) {
  const [state, setState] = useState<{ blob: Blob; url: string } | 'loading' | 'error'>('loading');
  useEffect(() => {
    let cancelled = false;
    let url: string | null = null;
    load(file).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ blob, url });
      },
      () => {
        if (!cancelled) setState('error');
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // Once per file shown (the element is keyed by the file): `load` is new on every render of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file.id]);

  return (
    <div style={{ marginTop: 8 }}>
      {state === 'loading' ? (
        <LoadingLines rows={4} />
      ) : state === 'error' ? (
        <Alert type="error" showIcon title="Berkas tidak dapat ditampilkan. Unduh untuk membukanya." />
      ) : viewerKindOf(file.name) === 'image' ? (
        <Image
          src={state.url}
          alt={file.name}
          style={{ maxWidth: '100%', maxHeight: '60vh', objectFit: 'contain' }}
          preview={{ mask: 'Perbesar' }}
        />
      ) : (
        <PdfReader file={state.blob} title={file.name} />
      )}
    </div>
  );
}
