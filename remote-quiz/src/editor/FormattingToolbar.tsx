import { type ReactNode, useRef } from 'react';
import { ReactEditor, useSlateSelector, useSlateStatic } from 'slate-react';
import {
  BulletListIcon,
  CleanIcon,
  Header1Icon,
  Header2Icon,
  IndentIcon,
  LinkIcon,
  OrderedListIcon,
  OutdentIcon,
  PictureIcon,
  QuoteIcon,
} from './icons.tsx';
import { readToolbarState, sameToolbarState } from './lib/toolbar-state.ts';
import {
  type BlockFormat,
  changeIndent,
  cleanFormatting,
  setFont,
  setSize,
  toggleBlock,
  toggleMark,
} from './lib/transforms.ts';
import { FONTS, type Font, type Size, type ToggleMark } from './lib/types.ts';
import { CLEAN_HOTKEY, describeHotkey, LINK_HOTKEY, MARK_HOTKEYS } from './shortcuts.ts';
import { useRovingFocus } from './useRovingFocus.ts';

/**
 * The formatting toolbar. It reads the state its controls show in one selector (useSlateSelector),
 * so typing re-renders none of them unless that state changes.
 */

interface ToolButtonProps {
  label: string;
  hotkey?: string;
  pressed?: boolean;
  disabled?: boolean;
  /** Keeps focus where the action puts it (a form, a file picker) instead of back in the answer. */
  keepFocus?: boolean;
  onAction: () => void;
  children: ReactNode;
}

function ToolButton({ label, hotkey, pressed, disabled, keepFocus, onAction, children }: ToolButtonProps) {
  const editor = useSlateStatic();
  const keys = hotkey ? describeHotkey(hotkey) : undefined;
  return (
    <button
      type="button"
      className="quiz-tool"
      data-toolbar-item
      aria-label={label}
      title={keys ? `${label} (${keys.label})` : label}
      aria-pressed={pressed}
      aria-disabled={disabled || undefined}
      aria-keyshortcuts={keys?.aria}
      // Keeps the answer's selection when the button is clicked with a pointer.
      onPointerDown={(event) => event.preventDefault()}
      onClick={() => {
        if (disabled) return;
        onAction();
        if (!keepFocus) ReactEditor.focus(editor);
      }}
    >
      {children}
    </button>
  );
}

function MarkButton({
  mark,
  label,
  active,
  children,
}: {
  mark: ToggleMark;
  label: string;
  active: boolean;
  children: ReactNode;
}) {
  const editor = useSlateStatic();
  return (
    <ToolButton label={label} hotkey={MARK_HOTKEYS[mark]} pressed={active} onAction={() => toggleMark(editor, mark)}>
      {children}
    </ToolButton>
  );
}

function BlockButton({
  format,
  label,
  active,
  children,
}: {
  format: BlockFormat;
  label: string;
  active: boolean;
  children: ReactNode;
}) {
  const editor = useSlateStatic();
  return (
    <ToolButton label={label} pressed={active} onAction={() => toggleBlock(editor, format)}>
      {children}
    </ToolButton>
  );
}

function IndentButton({ delta, possible }: { delta: 1 | -1; possible: boolean }) {
  const editor = useSlateStatic();
  const label = delta === 1 ? 'Increase indent' : 'Decrease indent';
  return (
    <ToolButton label={label} disabled={!possible} onAction={() => changeIndent(editor, delta)}>
      {delta === 1 ? <IndentIcon /> : <OutdentIcon />}
    </ToolButton>
  );
}

const FONT_LABELS: Record<Font | '', string> = { '': 'Sans Serif', serif: 'Serif', monospace: 'Monospace' };
const SIZE_LABELS: Record<Size | '', string> = { small: 'Small', '': 'Normal', large: 'Large', huge: 'Huge' };

/** The choices of font and size, in the order each list shows them; '' is the default, no class. */
const FONT_CHOICES = ['', ...FONTS] as const;
const SIZE_CHOICES = ['small', '', 'large', 'huge'] as const;

interface ToolSelectProps<Value extends string> {
  label: string;
  value: Value | '';
  choices: readonly (Value | '')[];
  labels: Record<Value | '', string>;
  /** Undefined for the default. */
  onChoose: (value: Value | undefined) => void;
}

/** A list of the toolbar (font, size): the choice applies to the selection, and the answer gets focus back. */
function ToolSelect<Value extends string>({ label, value, choices, labels, onChoose }: ToolSelectProps<Value>) {
  const editor = useSlateStatic();
  return (
    <select
      className="quiz-tool-select"
      data-toolbar-item
      aria-label={label}
      value={value}
      onChange={(event) => {
        const chosen = choices.find((choice) => choice === event.target.value);
        onChoose(chosen === '' ? undefined : chosen);
        ReactEditor.focus(editor);
      }}
    >
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {labels[choice]}
        </option>
      ))}
    </select>
  );
}

function LinkButton({ onOpen, active }: { onOpen: () => void; active: boolean }) {
  return (
    <ToolButton label="Link" hotkey={LINK_HOTKEY} pressed={active} keepFocus onAction={onOpen}>
      <LinkIcon />
    </ToolButton>
  );
}

interface FormattingToolbarProps {
  editorId: string;
  onOpenLink: () => void;
  onChoosePicture: () => void;
}

export function FormattingToolbar({ editorId, onOpenLink, onChoosePicture }: FormattingToolbarProps) {
  const editor = useSlateStatic();
  const state = useSlateSelector(readToolbarState, sameToolbarState);
  const toolbar = useRef<HTMLDivElement>(null);
  const roving = useRovingFocus(toolbar);
  return (
    <div
      ref={toolbar}
      role="toolbar"
      aria-label="Answer formatting"
      aria-controls={editorId}
      className="quiz-toolbar"
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
    >
      <div className="quiz-toolbar-group">
        <BlockButton format="heading-one" active={state['heading-one']} label="Header 1">
          <Header1Icon />
        </BlockButton>
        <BlockButton format="heading-two" active={state['heading-two']} label="Header 2">
          <Header2Icon />
        </BlockButton>
        <ToolSelect
          label="Font"
          value={state.font}
          choices={FONT_CHOICES}
          labels={FONT_LABELS}
          onChoose={(font) => setFont(editor, font)}
        />
        <ToolSelect
          label="Size"
          value={state.size}
          choices={SIZE_CHOICES}
          labels={SIZE_LABELS}
          onChoose={(size) => setSize(editor, size)}
        />
      </div>
      <div className="quiz-toolbar-group">
        <MarkButton mark="bold" active={state.bold} label="Bold">
          <strong>B</strong>
        </MarkButton>
        <MarkButton mark="italic" active={state.italic} label="Italic">
          <em>I</em>
        </MarkButton>
        <MarkButton mark="underline" active={state.underline} label="Underline">
          <u>U</u>
        </MarkButton>
        <MarkButton mark="strike" active={state.strike} label="Strikethrough">
          <s>S</s>
        </MarkButton>
      </div>
      <div className="quiz-toolbar-group">
        <BlockButton format="block-quote" active={state['block-quote']} label="Blockquote">
          <QuoteIcon />
        </BlockButton>
        <BlockButton format="numbered-list" active={state['numbered-list']} label="Ordered list">
          <OrderedListIcon />
        </BlockButton>
        <BlockButton format="bulleted-list" active={state['bulleted-list']} label="Bullet list">
          <BulletListIcon />
        </BlockButton>
        <IndentButton delta={-1} possible={state.indentLess} />
        <IndentButton delta={1} possible={state.indentMore} />
      </div>
      <div className="quiz-toolbar-group">
        <LinkButton onOpen={onOpenLink} active={state.link} />
        <ToolButton label="Image" keepFocus onAction={onChoosePicture}>
          <PictureIcon />
        </ToolButton>
        <ToolButton label="Remove formatting" hotkey={CLEAN_HOTKEY} onAction={() => cleanFormatting(editor)}>
          <CleanIcon />
        </ToolButton>
      </div>
    </div>
  );
}
