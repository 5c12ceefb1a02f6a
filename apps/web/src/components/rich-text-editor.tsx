import { useEffect, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import './rich-text.css';

export interface RichTextEditorProps {
  /** HTML. */
  value?: string;
  onChange?(html: string): void;
  /** Accessible name of the editing area. */
  label: string;
  /** Marks the box red (a form error). */
  invalid?: boolean;
  id?: string;
}

/** An empty editor gives '<p></p>'; forms treat it as no text. */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/**
 * A small rich-text editor (TipTap): bold, italic, underline, strike, lists, undo and redo; links typed
 * as URLs are kept. Used as an antd Form control (value/onChange). The server sanitises what it stores.
 */
export function RichTextEditor({ value = '', onChange, label, invalid = false, id }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editorProps: {
      attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', ...(id ? { id } : {}) },
    },
    onUpdate: ({ editor: e }) => onChange?.(htmlOf(e)),
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
        {tool('Urungkan', <UndoOutlined />, false, () => chain().undo().run(), !state?.canUndo)}
        {tool('Ulangi', <RedoOutlined />, false, () => chain().redo().run(), !state?.canRedo)}
      </div>
      <EditorContent editor={editor} className="rich-text-editor__content rich-text" />
    </div>
  );
}
