import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, Progress, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Image as ImageNode } from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { isOwnFileUrl } from '@lms/contract/rich-text.rules';
import { useToasts } from './toasts.tsx';
import { UploadDialog } from './upload-dialog.tsx';
import { uploadFailedMessage, uploadRefusal } from './upload-rules.ts';
import './rich-text.css';

/** Images the editor may insert: where they are sent and what they may be. */
export interface RichTextImageUpload {
  /** Extensions without the dot. */
  accept: readonly string[];
  maxBytes: number;
  /** Sends a picked image, reporting progress (0–100); answers its address (an own file URL). */
  upload(file: File, onProgress: (percent: number) => void): Promise<string>;
}

export interface RichTextEditorProps {
  /** HTML. */
  value?: string;
  onChange?(html: string): void;
  /** Accessible name of the editing area. */
  label: string;
  /** Marks the box red (a form error). */
  invalid?: boolean;
  id?: string;
  /** With it the toolbar has 'Sisipkan Gambar' (announcements and news); without, no images are added. */
  imageUpload?: RichTextImageUpload;
  /** For a form that inserts text from outside (the question form's 'Sisipkan Rumpang'). */
  handleRef?: Ref<RichTextEditorHandle>;
}

export interface RichTextEditorHandle {
  /**
   * Inserts plain text where the cursor was last placed, or at the end when the editing area was never
   * focused; answers the new HTML (null before the editor is ready).
   */
  insertText(text: string): string | null;
}

/**
 * An image's alt text from its file name: 'denah-kampus_2026.png' → 'denah kampus 2026'; a pasted
 * picture (the clipboard calls it 'image.png') is 'Gambar'.
 */
export function altOfFileName(name: string): string {
  const base = name
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return !base || base.toLowerCase() === 'image' ? 'Gambar' : base;
}

/**
 * Inserts an image with an empty paragraph after it and the cursor there: an image left selected would
 * be replaced by whatever is typed or pasted next.
 */
function insertImage(editor: Editor, src: string, alt: string): void {
  editor
    .chain()
    .focus()
    .insertContent([{ type: 'image', attrs: { src, alt } }, { type: 'paragraph' }])
    .run();
}

/** Pasted HTML without images from other hosts, which the server would drop on saving. */
function withoutForeignImages(html: string): { html: string; dropped: boolean } {
  let dropped = false;
  const clean = html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const url = (src?.[2] ?? src?.[3] ?? src?.[4] ?? '').replace(/&amp;/g, '&');
    if (isOwnFileUrl(url)) return tag;
    dropped = true;
    return '';
  });
  return { html: clean, dropped };
}

/** Said when a paste held pictures of another site: they are left out rather than lost on saving. */
export const foreignImagePasteMessage = 'Gambar dari situs lain tidak ikut ditempel.';
export const foreignImagePasteHint = 'Simpan gambarnya, lalu gunakan Sisipkan Gambar.';

/** An empty editor gives '<p></p>'; forms treat it as no text. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * A small rich-text editor (TipTap): bold, italic, underline, strike, lists, undo and redo; links typed
 * as URLs are kept; with `imageUpload`, images uploaded through the shared upload dialog. Used as an antd
 * Form control (value/onChange). The server sanitises what it stores (images of own files only).
 */
export function RichTextEditor({
  value = '',
  onChange,
  label,
  invalid = false,
  id,
  imageUpload,
  handleRef,
}: RichTextEditorProps) {
  const [picking, setPicking] = useState(false);
  const [pastePercent, setPastePercent] = useState<number | null>(null);
  const { message } = useToasts();
  // The editor's paste handler is made once; it reaches the current render's through this.
  const pasteRef = useRef<((file: File) => Promise<void>) | null>(null);
  // Whether the cursor was ever placed: only then does an insert from outside go where it is.
  const placedRef = useRef(false);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      ImageNode.configure({ allowBase64: false }),
    ],
    content: value,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', ...(id ? { id } : {}) },
      transformPastedHTML: (html) => withoutForeignImages(html).html,
      handlePaste: (_view, event) => {
        const pictures = [...(event.clipboardData?.files ?? [])].filter((f) => f.type.startsWith('image/'));
        const paste = pasteRef.current;
        if (pictures.length > 0 && paste) {
          for (const picture of pictures) void paste(picture);
          return true;
        }
        if (withoutForeignImages(event.clipboardData?.getData('text/html') ?? '').dropped) {
          // Only an editor that uploads can point to its own button.
          void message.error(
            paste ? `${foreignImagePasteMessage} ${foreignImagePasteHint}` : foreignImagePasteMessage,
          );
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(htmlOf(e)),
    onFocus: () => {
      placedRef.current = true;
    },
  });

  useImperativeHandle(
    handleRef,
    () => ({
      insertText: (text: string) => {
        if (!editor) return null;
        (placedRef.current ? editor.chain().focus() : editor.chain().focus('end')).insertContent(text).run();
        return htmlOf(editor);
      },
    }),
    [editor],
  );

  /** A pasted or dropped picture file: checked as the upload dialog checks it, sent, then inserted. */
  const insertPastedImage = async (file: File) => {
    const upload = imageUpload;
    if (!upload || !editor) return;
    const refusal = uploadRefusal(file, { accept: upload.accept, maxBytes: upload.maxBytes });
    if (refusal) {
      void message.error(refusal);
      return;
    }
    setPastePercent(0);
    try {
      const src = await upload.upload(file, (p) => setPastePercent(Math.round(p)));
      insertImage(editor, src, altOfFileName(file.name));
    } catch (error) {
      void message.error(uploadFailedMessage(error));
    } finally {
      setPastePercent(null);
    }
  };
  useEffect(() => {
    pasteRef.current = imageUpload ? insertPastedImage : null;
  });

  // A value set from outside (the form loading an item) replaces the content.
  useEffect(() => {
    if (editor && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      strike: e?.isActive('strike') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      canUndo: e?.can().undo() ?? false,
      canRedo: e?.can().redo() ?? false,
    }),
  });

  const tool = (title: string, icon: ReactNode, active: boolean, run: () => void, disabled = false) => (
    <Tooltip title={title}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        aria-label={title}
        aria-pressed={active}
        icon={icon}
        disabled={!editor || disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );

  const chain = () => editor!.chain().focus();
  return (
    <div className="rich-text-editor" aria-invalid={invalid}>
      <div className="rich-text-editor__toolbar" role="toolbar" aria-label={`Format ${label}`}>
        {tool('Tebal', <BoldOutlined />, !!state?.bold, () => chain().toggleBold().run())}
        {tool('Miring', <ItalicOutlined />, !!state?.italic, () => chain().toggleItalic().run())}
        {tool('Garis bawah', <UnderlineOutlined />, !!state?.underline, () =>
          chain().toggleUnderline().run(),
        )}
        {tool('Coret', <StrikethroughOutlined />, !!state?.strike, () => chain().toggleStrike().run())}
        {tool('Daftar berpoin', <UnorderedListOutlined />, !!state?.bulletList, () =>
          chain().toggleBulletList().run(),
        )}
        {tool('Daftar bernomor', <OrderedListOutlined />, !!state?.orderedList, () =>
          chain().toggleOrderedList().run(),
        )}
        {imageUpload ? tool('Sisipkan Gambar', <PictureOutlined />, false, () => setPicking(true)) : null}
        {tool('Urungkan', <UndoOutlined />, false, () => chain().undo().run(), !state?.canUndo)}
        {tool('Ulangi', <RedoOutlined />, false, () => chain().redo().run(), !state?.canRedo)}
      </div>
      {pastePercent !== null ? (
        <Progress
          percent={pastePercent}
          size="small"
          status="active"
          aria-label="Progres unggah gambar"
          style={{ padding: '0 12px', margin: 0 }}
        />
      ) : null}
      <EditorContent editor={editor} className="rich-text-editor__content rich-text" />
      {imageUpload ? (
        <UploadDialog
          open={picking}
          title="Sisipkan Gambar"
          okText="Sisipkan"
          accept={imageUpload.accept}
          maxBytes={imageUpload.maxBytes}
          onCancel={() => setPicking(false)}
          onUpload={async (file, onProgress) => {
            const src = await imageUpload.upload(file, onProgress);
            if (editor) insertImage(editor, src, altOfFileName(file.name));
            setPicking(false);
          }}
        />
      ) : null}
    </div>
  );
}
