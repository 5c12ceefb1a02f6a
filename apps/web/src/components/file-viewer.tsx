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
