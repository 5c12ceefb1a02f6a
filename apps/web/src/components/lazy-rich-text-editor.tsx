import { Suspense, lazy } from 'react';
import type { RichTextEditorProps } from './rich-text-editor.tsx';
import './rich-text.css';

// TipTap and ProseMirror are ~130 KB gzip: fetched when an editor first shows, not with the page that
// might open one.
const RichTextEditor = lazy(async () => ({
  default: (await import('./rich-text-editor.tsx')).RichTextEditor,
}));

/** RichTextEditor, its code fetched on first render; meanwhile an empty box of the editor's size. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="rich-text-editor" aria-busy="true">
          <div className="rich-text-editor__toolbar" style={{ minHeight: 33, boxSizing: 'border-box' }} />
          <div className="rich-text-editor__content">
            <div className="ProseMirror" />
          </div>
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
