import { FileOutlined } from '@ant-design/icons';
import { Button, Image, Typography } from 'antd';
import { fileExtension } from './upload-rules.ts';

export type ViewerKind = 'image' | 'pdf' | 'audio' | 'video' | 'other';

const kindsByExtension: Record<string, ViewerKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  pdf: 'pdf',
  mp3: 'audio',
  wav: 'audio',
  mp4: 'video',
  webm: 'video',
  ogg: 'video',
};

/** How a file is shown, from its name (the extensions of spec 1 §5). */
export function viewerKindOf(name: string): ViewerKind {
  return kindsByExtension[fileExtension(name)] ?? 'other';
}

export interface FileViewerProps {
  /** Our own file URL (`/v2/files/{key}?college-id=…`); never a third-party address. */
  url: string;
  name: string;
  /** Overrides the kind guessed from the name. */
  kind?: ViewerKind;
  /** Height of PDF and video frames; 70% of the viewport by default. */
  height?: number | string;
}

/**
 * The image and document viewer of spec 1 §2: images open antd's preview with zoom, rotate and flip;
 * PDFs show in the page; audio and video play in place; other files offer a download.
 */
export function FileViewer({ url, name, kind, height = '70vh' }: FileViewerProps) {
  const resolved = kind ?? viewerKindOf(name);
  if (resolved === 'image') {
    return (
      <Image
        src={url}
        alt={name}
        style={{ maxWidth: '100%', maxHeight: height, objectFit: 'contain' }}
        preview={{ mask: 'Perbesar' }}
      />
    );
  }
  if (resolved === 'pdf') {
    return (
      <iframe
        src={url}
        title={name}
        style={{ width: '100%', height, border: '1px solid #f0f0f0', borderRadius: 8 }}
      />
    );
  }
  if (resolved === 'audio') {
    return (
      <audio controls src={url} aria-label={name} style={{ width: '100%' }}>
        <a href={url}>{name}</a>
      </audio>
    );
  }
  if (resolved === 'video') {
    return (
      <video controls src={url} aria-label={name} style={{ width: '100%', maxHeight: height }}>
        <a href={url}>{name}</a>
      </video>
    );
  }
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
      <FileOutlined aria-hidden />
      <Typography.Text>{name}</Typography.Text>
      <Button href={url} target="_blank" rel="noopener noreferrer">
        Unduh
      </Button>
    </div>
  );
}
