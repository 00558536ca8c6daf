import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import Link from '@tiptap/extension-link';
import { Button, Divider, Flex, Tooltip, Upload } from 'antd';
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  DisconnectOutlined,
  MinusOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { ApiError } from '../../app/api-client.ts';
import { toast } from '../../app/toast.ts';
import { newsApi } from './api.ts';

/**
 * The article body's editor (Tiptap): headings 2–4, bold, italic, underline, strike, lists, quotes, code,
 * links (http, https, mailto or the portal's own addresses) and images uploaded through the news upload (public
 * files). What it writes is what the server's allow-list keeps; the server sanitises it again on every save.
 * Loaded only by the article form, so no other page carries it.
 */
export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-label'?: string;
}

const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?![/\\]))/i;

export default function RichTextEditor({ value, onChange, id, 'aria-label': label }: RichTextEditorProps) {
  const { t } = useTranslation('news');
  const [uploading, setUploading] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false }),
      Link.configure({
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto'],
        isAllowedUri: (url) => SAFE_LINK.test(url),
        HTMLAttributes: { rel: 'noopener noreferrer', target: null },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value ?? '',
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { class: 'news-editor-content', ...(id ? { id } : {}), 'aria-label': label ?? '' } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
  });

  const insertImage = async (file: File) => {
    if (!editor) return;
    setUploading(true);
    try {
      const stored = await newsApi.uploadImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src: stored.url ?? `/api/Files/${stored.id}`, alt: file.name.replace(/\.[^.]+$/, '') })
        .run();
    } catch (err) {
      toast.error(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    } finally {
      setUploading(false);
    }
  };

  const setLink = () => {
    if (!editor) return;
    const previous = (editor.getAttributes('link').href as string | undefined) ?? '';
    const href = window.prompt(t('editor.linkPrompt'), previous)?.trim();
    if (href === undefined) return;
    if (!href) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else if (SAFE_LINK.test(href)) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  };

  return (
    <div className="news-editor">
      {editor && <Toolbar editor={editor} onLink={setLink} onImage={insertImage} uploading={uploading} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({
  editor,
  onLink,
  onImage,
  uploading,
}: {
  editor: Editor;
  onLink: () => void;
  onImage: (file: File) => Promise<void>;
  uploading: boolean;
}) {
  const { t } = useTranslation('news');
  const button = (key: string, icon: React.ReactNode, run: () => void, active = false, disabled = false) => (
    <Tooltip key={key} title={t(`editor.${key}`)}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        icon={icon}
        aria-label={t(`editor.${key}`)}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
      />
    </Tooltip>
  );
  const chain = () => editor.chain().focus();
  const heading = (level: 2 | 3 | 4) => (
    <Tooltip key={level} title={t(`editor.heading${level}`)}>
      <Button
        size="small"
        type={editor.isActive('heading', { level }) ? 'primary' : 'text'}
        // The accessible name starts with what the button shows (H2), then says what it is.
        aria-label={`H${level} – ${t(`editor.heading${level}`)}`}
        aria-pressed={editor.isActive('heading', { level })}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => chain().toggleHeading({ level }).run()}
      >
        H{level}
      </Button>
    </Tooltip>
  );
  return (
    <Flex className="news-editor-toolbar" gap={2} wrap align="center" role="toolbar">
      {button('bold', <BoldOutlined />, () => chain().toggleBold().run(), editor.isActive('bold'))}
      {button('italic', <ItalicOutlined />, () => chain().toggleItalic().run(), editor.isActive('italic'))}
      {button('underline', <UnderlineOutlined />, () => chain().toggleUnderline().run(), editor.isActive('underline'))}
      {button('strike', <StrikethroughOutlined />, () => chain().toggleStrike().run(), editor.isActive('strike'))}
      <Divider type="vertical" />
      {heading(2)}
      {heading(3)}
      {heading(4)}
      <Divider type="vertical" />
      {button(
        'bulletList',
        <UnorderedListOutlined />,
        () => chain().toggleBulletList().run(),
        editor.isActive('bulletList'),
      )}
      {button(
        'orderedList',
        <OrderedListOutlined />,
        () => chain().toggleOrderedList().run(),
        editor.isActive('orderedList'),
      )}
      <Tooltip title={t('editor.blockquote')}>
        <Button
          size="small"
          type={editor.isActive('blockquote') ? 'primary' : 'text'}
          aria-label={t('editor.blockquote')}
          aria-pressed={editor.isActive('blockquote')}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => chain().toggleBlockquote().run()}
        >
          “ ”
        </Button>
      </Tooltip>
      {button('code', <CodeOutlined />, () => chain().toggleCode().run(), editor.isActive('code'))}
      {button(
        'codeBlock',
        <span aria-hidden>{'{ }'}</span>,
        () => chain().toggleCodeBlock().run(),
        editor.isActive('codeBlock'),
      )}
      {button('horizontalRule', <MinusOutlined />, () => chain().setHorizontalRule().run())}
      <Divider type="vertical" />
      {button('link', <LinkOutlined />, onLink, editor.isActive('link'))}
      {button('unlink', <DisconnectOutlined />, () => chain().unsetLink().run(), false, !editor.isActive('link'))}
      {/* The portal's upload control picks the image: no browser-native file field shows in the editor. */}
      <Upload
        accept="image/png,image/jpeg,image/gif,image/webp"
        showUploadList={false}
        disabled={uploading}
        customRequest={({ file, onSuccess }) => void onImage(file as File).then(() => onSuccess?.(null))}
      >
        {button('image', <PictureOutlined />, () => undefined, false, uploading)}
      </Upload>
      <Divider type="vertical" />
      {button('undo', <UndoOutlined />, () => chain().undo().run(), false, !editor.can().undo())}
      {button('redo', <RedoOutlined />, () => chain().redo().run(), false, !editor.can().redo())}
    </Flex>
  );
}
