// The rich-text editor of articles, blocks and footer pages: Tiptap (ProseMirror) with a Mantine
// toolbar (bold, italic, headings, lists, link, image). It offers only what the server's
// sanitiser keeps (apps/server/src/lib/sanitize-html.ts): no underline, strike, code or rules.
// Tiptap's own stylesheet is injected with the response's CSP nonce (style-src has no
// 'unsafe-inline').
import {
  ActionIcon,
  Button,
  Group,
  Input,
  Paper,
  Popover,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readCspNonce } from '../../lib/csp-nonce';

const nonce = typeof document === 'undefined' ? undefined : readCspNonce();
const SAFE_URL = /^(\/(?![/\\])\S*|https?:\/\/\S+|mailto:\S+)$/i;
const SAFE_IMAGE = /^(\/(?![/\\])\S*|https:\/\/\S+)$/i;

function Tool({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <ActionIcon
        variant={active ? 'filled' : 'default'}
        size="md"
        aria-label={label}
        aria-pressed={active ?? false}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** A toolbar button that opens a URL field (link, image). */
function UrlTool({
  label,
  icon,
  active,
  initial,
  pattern,
  onApply,
  onRemove,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  initial: () => string;
  pattern: RegExp;
  onApply: (url: string) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('content');
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const valid = pattern.test(url.trim());
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom" withArrow shadow="md">
      <Popover.Target>
        <Tooltip label={label} withArrow openDelay={300}>
          <ActionIcon
            variant={active ? 'filled' : 'default'}
            size="md"
            aria-label={label}
            aria-pressed={active ?? false}
            onClick={() => {
              setUrl(initial());
              setOpened((o) => !o);
            }}
          >
            {icon}
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            onApply(url.trim());
            setOpened(false);
          }}
        >
          <Stack gap="xs" w={260}>
            <TextInput
              label={t('editor.url')}
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              error={url.trim() !== '' && !valid ? t('editor.urlInvalid') : undefined}
              data-autofocus
            />
            <Group gap="xs" justify="flex-end">
              {onRemove && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    onRemove();
                    setOpened(false);
                  }}
                >
                  {t('editor.remove')}
                </Button>
              )}
              <Button size="xs" type="submit" disabled={!valid}>
                {t('editor.apply')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}

const svg = (d: ReactNode) => (
  <svg
    width={16}
    height={16}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {d}
  </svg>
);
const icons = {
  bold: svg(<path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />),
  italic: svg(<path d="M11 5h6M7 19h6M14 5l-4 14" />),
  bullet: svg(<path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />),
  ordered: svg(
    <path d="M10 6h10M10 12h10M10 18h10M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />,
  ),
  quote: svg(<path d="M6 17h3l2-4V7H5v6h3zM14 17h3l2-4V7h-6v6h3z" />),
  link: svg(
    <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />,
  ),
  image: svg(<path d="M4 5h16v14H4zM4 15l4-4 5 5M14 14l2-2 4 4M15 9h.01" />),
  undo: svg(<path d="M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-1" />),
  redo: svg(<path d="m15 14 5-5-5-5M20 9H9a5 5 0 0 0 0 10h1" />),
};

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation('content');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Group gap={4} p={6} className="hc-rte-toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
      <Tool label={t('editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        {icons.bold}
      </Tool>
      <Tool
        label={t('editor.italic')}
        active={state.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        {icons.italic}
      </Tool>
      <Tool
        label={t('editor.h2')}
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        <strong>H2</strong>
      </Tool>
      <Tool
        label={t('editor.h3')}
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        <strong>H3</strong>
      </Tool>
      <Tool
        label={t('editor.bulletList')}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      >
        {icons.bullet}
      </Tool>
      <Tool
        label={t('editor.orderedList')}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      >
        {icons.ordered}
      </Tool>
      <Tool
        label={t('editor.quote')}
        active={state.quote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        {icons.quote}
      </Tool>
      <UrlTool
        label={t('editor.link')}
        icon={icons.link}
        active={state.link}
        pattern={SAFE_URL}
        initial={() => (editor.getAttributes('link').href as string | undefined) ?? ''}
        onApply={(href) => chain().extendMarkRange('link').setLink({ href }).run()}
        onRemove={() => chain().extendMarkRange('link').unsetLink().run()}
      />
      <UrlTool
        label={t('editor.image')}
        icon={icons.image}
        pattern={SAFE_IMAGE}
        initial={() => ''}
        onApply={(src) => chain().setImage({ src, alt: '' }).run()}
      />
      <Tool label={t('editor.undo')} onClick={() => chain().undo().run()}>
        {icons.undo}
      </Tool>
      <Tool label={t('editor.redo')} onClick={() => chain().redo().run()}>
        {icons.redo}
      </Tool>
    </Group>
  );
}

export function RichTextEditor({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['http', 'https', 'mailto'],
          HTMLAttributes: { target: null, rel: 'noopener noreferrer' },
        },
      }),
      Image.configure({ inline: false }),
    ],
    content: value,
    ...(nonce ? { injectNonce: nonce } : {}),
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'hc-rte-content',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });

  // A new value from outside (another item loaded) replaces the document.
  useEffect(() => {
    if (editor && value !== editor.getHTML())
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <Input.Wrapper label={label} labelElement="div" labelProps={{ id: labelId }} error={error}>
      <Paper withBorder radius="sm" className="hc-rte" mt={4}>
        {editor && <Toolbar editor={editor} />}
        <EditorContent editor={editor} />
      </Paper>
    </Input.Wrapper>
  );
}
