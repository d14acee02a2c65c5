import { Extension, Node, mergeAttributes } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import TextAlign from "@tiptap/extension-text-align";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Bold,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  List,
  ListOrdered,
  Pilcrow,
  Redo2,
  Sheet,
  Underline,
  Undo2,
} from "lucide-react";
import * as React from "react";
import { m } from "@domain/i18n";

// The certificate template editor: Tiptap 3 (ProseMirror) with headings,
// bold/italic/underline, alignment, lists, tables and images (read into data: URLs, never linked),
// and placeholders as non-editable chips inserted from a menu. Loaded lazily, on this screen only
// (routes/certificates.template-editor.tsx), so the login and list bundles never carry it. The
// server sanitises what is saved (server/features/certificates/sanitize.ts).

/** A placeholder of spec §3 or a custom field: an atom that prints as {{key}} in the stored HTML. */
const PlaceholderChip = Node.create({
  name: "placeholderChip",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  addAttributes() {
    return { key: { default: "" } };
  },
  parseHTML() {
    return [{ tag: "span[data-placeholder]", getAttrs: (el) => ({ key: (el as HTMLElement).getAttribute("data-placeholder") ?? "" }) }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const key = String(node.attrs.key);
    return [
      "span",
      mergeAttributes(
        { class: "placeholder-chip", "data-placeholder": key, contenteditable: "false" },
        { ...HTMLAttributes, key: undefined },
      ),
      `{{${key}}}`,
    ];
  },
  renderText({ node }) {
    return `{{${String(node.attrs.key)}}}`;
  },
});

/** Print styles the toolbar does not set but the seeded templates use: indent, capitals, page break. */
const KEPT_STYLES = ["text-indent", "text-transform", "break-before"];
const PrintStyles = Extension.create({
  name: "printStyles",
  addGlobalAttributes() {
    return [
      {
        types: ["paragraph", "heading", "bold"],
        attributes: {
          printStyle: {
            default: null,
            parseHTML: (el) => {
              const style = (el as HTMLElement).style;
              const kept = KEPT_STYLES.map((p) => (style.getPropertyValue(p) ? `${p}:${style.getPropertyValue(p)}` : "")).filter(Boolean);
              return kept.length ? kept.join(";") : null;
            },
            renderHTML: (attrs) => (attrs.printStyle ? { style: String(attrs.printStyle) } : {}),
          },
        },
      },
    ];
  },
});

/** Turns `{{key}}` typed or pasted as text into chips, so every placeholder is one atom. */
function chipsFromText(html: string): string {
  return html.replace(
    /\{\{\s*([A-Za-z][A-Za-z0-9_/]{0,62})\s*\}\}/g,
    (_m, key: string) => `<span data-placeholder="${key}">{{${key}}}</span>`,
  );
}

export interface PlaceholderOption {
  key: string;
  label: string;
}

const MAX_IMAGE_BYTES = 400_000;

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      onClick={onClick}
      className={`inline-flex size-8 items-center justify-center rounded-md border text-sm hover:bg-accent ${active ? "bg-accent text-accent-foreground" : "bg-background"}`}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor, placeholders }: { editor: Editor; placeholders: PlaceholderOption[] }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      h1: e.isActive("heading", { level: 1 }),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      left: e.isActive({ textAlign: "left" }),
      center: e.isActive({ textAlign: "center" }),
      right: e.isActive({ textAlign: "right" }),
      justify: e.isActive({ textAlign: "justify" }),
    }),
  });
  const fileRef = React.useRef<HTMLInputElement>(null);
  const [imageError, setImageError] = React.useState<string | null>(null);
  const chain = () => editor.chain().focus();
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 border-b bg-muted/40 p-2" role="toolbar" aria-label={m.finance_template_toolbar()}>
      <div role="group" aria-label={m.finance_tool_paragraph_style()} className="flex items-center gap-1">
        <ToolButton label={m.finance_tool_paragraph()} onClick={() => chain().setParagraph().run()}>
          <Pilcrow className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_heading1()} active={state.h1} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
          <Heading1 className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_heading2()} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2 className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_heading3()} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <Heading3 className="size-4" />
        </ToolButton>
      </div>
      <div role="group" aria-label={m.finance_tool_text_style()} className="flex items-center gap-1">
        <ToolButton label={m.finance_tool_bold()} active={state.bold} onClick={() => chain().toggleBold().run()}>
          <Bold className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_italic()} active={state.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_underline()} active={state.underline} onClick={() => chain().toggleUnderline().run()}>
          <Underline className="size-4" />
        </ToolButton>
      </div>
      <div role="group" aria-label={m.finance_tool_alignment()} className="flex items-center gap-1">
        <ToolButton label={m.finance_tool_align_left()} active={state.left} onClick={() => chain().setTextAlign("left").run()}>
          <AlignLeft className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_align_center()} active={state.center} onClick={() => chain().setTextAlign("center").run()}>
          <AlignCenter className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_align_right()} active={state.right} onClick={() => chain().setTextAlign("right").run()}>
          <AlignRight className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_justify()} active={state.justify} onClick={() => chain().setTextAlign("justify").run()}>
          <AlignJustify className="size-4" />
        </ToolButton>
      </div>
      <div role="group" aria-label={m.finance_tool_insert_history()} className="flex items-center gap-1">
        <ToolButton label={m.finance_tool_bullets()} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
          <List className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_numbered()} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrdered className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_table()} onClick={() => chain().insertTable({ rows: 2, cols: 2, withHeaderRow: false }).run()}>
          <Sheet className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_image()} onClick={() => fileRef.current?.click()}>
          <ImagePlus className="size-4" />
        </ToolButton>
        <input
          ref={fileRef}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="hidden"
          aria-label={m.finance_tool_image_file()}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (!file) return;
            if (file.size > MAX_IMAGE_BYTES) {
              setImageError(m.finance_tool_image_too_large({ size: Math.round(file.size / 1024), max: MAX_IMAGE_BYTES / 1000 }));
              return;
            }
            setImageError(null);
            const reader = new FileReader();
            reader.onload = () =>
              chain()
                .setImage({ src: String(reader.result), alt: file.name })
                .run();
            reader.readAsDataURL(file);
          }}
        />
        <ToolButton label={m.finance_tool_undo()} onClick={() => chain().undo().run()}>
          <Undo2 className="size-4" />
        </ToolButton>
        <ToolButton label={m.finance_tool_redo()} onClick={() => chain().redo().run()}>
          <Redo2 className="size-4" />
        </ToolButton>
      </div>
      <div className="w-full sm:w-auto">
        <label className="flex w-full items-center gap-1 text-sm">
          <span className="sr-only">{m.finance_tool_placeholder_sr()}</span>
          <select
            className="h-8 w-full rounded-md border bg-background px-2 text-sm sm:w-auto"
            value=""
            data-testid="placeholder-menu"
            onChange={(event) => {
              const key = event.target.value;
              if (key) chain().insertContent({ type: "placeholderChip", attrs: { key } }).insertContent(" ").run();
            }}
          >
            <option value="">{m.finance_tool_placeholder_menu()}</option>
            {placeholders.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label} — {`{{${p.key}}}`}
              </option>
            ))}
          </select>
        </label>
      </div>
      {imageError ? (
        <p role="alert" className="w-full text-sm text-destructive">
          {imageError}
        </p>
      ) : null}
    </div>
  );
}

/** The rich-text editor; reports its HTML on every change. */
export default function TemplateEditor({
  initialHtml,
  placeholders,
  onChange,
}: {
  initialHtml: string;
  placeholders: PlaceholderOption[];
  onChange: (html: string) => void;
}) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false }),
      TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right", "justify"] }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ allowBase64: true, inline: false }),
      PlaceholderChip,
      PrintStyles,
    ],
    content: chipsFromText(initialHtml),
    editorProps: {
      attributes: {
        class: "certificate-body min-h-[24rem] bg-white p-6 text-black focus:outline-none",
        "aria-label": m.finance_template_editor_name(),
        role: "textbox",
        "aria-multiline": "true",
      },
      transformPastedHTML: chipsFromText,
    },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
    onCreate: ({ editor: e }) => onChange(e.getHTML()),
  });
  if (!editor) return <div className="min-h-[24rem] animate-pulse rounded-md bg-muted" aria-busy="true" />;
  return (
    <div className="overflow-hidden rounded-md border" data-testid="template-editor">
      <Toolbar editor={editor} placeholders={placeholders} />
      <EditorContent editor={editor} className="overflow-x-auto" />
    </div>
  );
}
