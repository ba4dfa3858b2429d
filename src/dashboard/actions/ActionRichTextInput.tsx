// The Text area editor (SPEC §5): ra-input-rich-text restricted to headings of level 3 and
// alignment left, center or right, matching src/shared/richText.ts. Loaded lazily (STYLE).
import { useEffect, useReducer } from 'react';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import FormatStrikethrough from '@mui/icons-material/FormatStrikethrough';
import FormatAlignLeft from '@mui/icons-material/FormatAlignLeft';
import FormatAlignCenter from '@mui/icons-material/FormatAlignCenter';
import FormatAlignRight from '@mui/icons-material/FormatAlignRight';
import TitleIcon from '@mui/icons-material/Title';
import {
  ClearButtons,
  DefaultEditorOptions,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  useTiptapEditor,
  type RichTextInputProps,
} from 'ra-input-rich-text';
import type { AnyExtension, Editor } from '@tiptap/core';
import { useTranslate } from 'react-admin';
import { TEXT_ALIGNMENTS, type TextAlignment } from '../../shared/richText';

const baseExtensions = (DefaultEditorOptions.extensions ?? []) as AnyExtension[];
const byName = (name: string) => baseExtensions.find((extension) => extension.name === name);

/**
 * StarterKit with headings at level 3 only and without what the sanitiser drops (code, code
 * blocks, rules); TextAlign with the three alignments. No images, colours or highlights.
 */
export const TEXT_AREA_EXTENSIONS: AnyExtension[] = [
  byName('starterKit')?.configure({
    heading: { levels: [3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
  }),
  byName('textAlign')?.configure({
    types: ['heading', 'paragraph'],
    alignments: [...TEXT_ALIGNMENTS],
    defaultAlignment: 'left',
  }),
].filter((extension): extension is AnyExtension => !!extension);

const EDITOR_OPTIONS = { ...DefaultEditorOptions, extensions: TEXT_AREA_EXTENSIONS };

// The extensions' typed commands (toggleBold, setTextAlign…) come from packages this one does not
// import, so the toolbar uses the core commands they wrap (toggleMark, toggleNode, updateAttributes).

/** Re-renders on every editor transaction, so the toggles show the current marks. */
function useEditorRefresh(editor: Editor | null | undefined) {
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!editor) return;
    editor.on('transaction', refresh);
    return () => {
      editor.off('transaction', refresh);
    };
  }, [editor]);
}

const MARKS = [
  {
    value: 'bold',
    icon: FormatBold,
    toggle: (e: Editor) => e.chain().focus().toggleMark('bold').run(),
  },
  {
    value: 'italic',
    icon: FormatItalic,
    toggle: (e: Editor) => e.chain().focus().toggleMark('italic').run(),
  },
  {
    value: 'underline',
    icon: FormatUnderlined,
    toggle: (e: Editor) => e.chain().focus().toggleMark('underline').run(),
  },
  {
    value: 'strike',
    icon: FormatStrikethrough,
    toggle: (e: Editor) => e.chain().focus().toggleMark('strike').run(),
  },
] as const;

const ALIGN_ICONS: Record<TextAlignment, typeof FormatAlignLeft> = {
  left: FormatAlignLeft,
  center: FormatAlignCenter,
  right: FormatAlignRight,
};

function TextAreaToolbarButtons() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  useEditorRefresh(editor);
  const disabled = !editor?.isEditable;
  const isHeading = !!editor?.isActive('heading', { level: 3 });
  const align = TEXT_ALIGNMENTS.find((a) => editor?.isActive({ textAlign: a })) ?? 'left';
  const label = (key: string) => translate(`app.actions.rich_text.${key}`);
  return (
    <>
      <ToggleButtonGroup size="small" disabled={disabled} value={isHeading ? ['h3'] : []}>
        <ToggleButton
          value="h3"
          aria-label={label('heading')}
          title={label('heading')}
          data-testid="rich-text-heading"
          onClick={() =>
            editor?.chain().focus().toggleNode('heading', 'paragraph', { level: 3 }).run()
          }
        >
          <TitleIcon fontSize="inherit" />
        </ToggleButton>
      </ToggleButtonGroup>
      <ToggleButtonGroup
        size="small"
        disabled={disabled}
        value={MARKS.filter((mark) => editor?.isActive(mark.value)).map((mark) => mark.value)}
      >
        {MARKS.map(({ value, icon: Icon, toggle }) => (
          <ToggleButton
            key={value}
            value={value}
            aria-label={label(value)}
            title={label(value)}
            onClick={() => editor && toggle(editor)}
          >
            <Icon fontSize="inherit" />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ToggleButtonGroup size="small" disabled={disabled} exclusive value={align}>
        {TEXT_ALIGNMENTS.map((alignment) => {
          const Icon = ALIGN_ICONS[alignment];
          return (
            <ToggleButton
              key={alignment}
              value={alignment}
              aria-label={label(`align_${alignment}`)}
              title={label(`align_${alignment}`)}
              data-testid={`rich-text-align-${alignment}`}
              onClick={() =>
                editor
                  ?.chain()
                  .focus()
                  .updateAttributes('paragraph', { textAlign: alignment })
                  .updateAttributes('heading', { textAlign: alignment })
                  .run()
              }
            >
              <Icon fontSize="inherit" />
            </ToggleButton>
          );
        })}
      </ToggleButtonGroup>
      <ListButtons size="small" />
      <LinkButtons size="small" />
      <QuoteButtons size="small" />
      <ClearButtons size="small" />
    </>
  );
}

export default function ActionRichTextInput(props: RichTextInputProps) {
  return (
    <RichTextInput
      {...props}
      editorOptions={EDITOR_OPTIONS}
      toolbar={
        <RichTextInputToolbar>
          <TextAreaToolbarButtons />
        </RichTextInputToolbar>
      }
    />
  );
}
