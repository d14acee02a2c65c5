import { Ban, CircleCheck, Trash2 } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { initialsOf, readableTextOn } from "~/lib/ui-color";
import { cn } from "~/lib/utils";
import type { ColumnDef } from "@domain/registry/types";
import { displayText, personName, referenceName } from "@domain/format";
import { getLocale, m } from "@domain/i18n";

// One renderer per column kind (DESIGN §4): the registry names a kind, never a component.

export type StatusStyles = Record<string, { className: string; Icon: typeof CircleCheck }>;

export const STATUS_STYLE: StatusStyles = {
  // Each pair meets WCAG AA (4.5:1) in light and dark mode.
  Active: {
    className: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
    Icon: CircleCheck,
  },
  Trashed: { className: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200", Icon: Trash2 },
  // A cancelled official receipt: kept in every register, shown like a void form.
  Cancelled: {
    className: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
    Icon: Ban,
  },
  Void: {
    className: "border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-200",
    Icon: Ban,
  },
};

/** The row statuses the server sends (in English: they are values), in the reader's language. */
const STATUS_WORDS: Record<string, () => string> = {
  Active: m.resource_status_active,
  Trashed: m.resource_status_trashed,
  Void: m.resource_status_void,
  Cancelled: m.resource_status_cancelled,
};

/** A status as a badge; `styles` names the states of its own kind (unknown ones look Active). */
export function StatusBadge({ status, label, styles = STATUS_STYLE }: { status: string; label?: string; styles?: StatusStyles }) {
  const style = styles[status] ?? styles.Active;
  const Icon = style.Icon;
  return (
    <Badge variant="outline" data-status={status} className={cn("gap-1 px-2 py-1", style.className)}>
      <Icon aria-hidden="true" />
      {label ?? STATUS_WORDS[status]?.() ?? status}
    </Badge>
  );
}

/** A palette for people without a colour of their own: the id picks one, so a person keeps it. */
const PALETTE = ["#fde68a", "#bbf7d0", "#bfdbfe", "#fbcfe8", "#ddd6fe", "#fed7aa", "#a5f3fc", "#e9d5ff"];

type PersonValue = { id?: number; fullname?: string | null; name?: string | null; image?: string | null; hex_color?: string | null };

export function PersonCell({ value, inLink = false }: { value: unknown; inLink?: boolean }) {
  if (value == null) return <span className="text-muted-foreground">—</span>;
  const person = (typeof value === "object" ? value : { fullname: String(value) }) as PersonValue;
  const name = personName(person) || m.resource_person_unknown();

  const photo = person.image && person.image !== "/default_avatar.png" ? person.image : null;
  const colour = person.hex_color || PALETTE[Math.abs(Number(person.id ?? name.length)) % PALETTE.length];
  return (
    <span className="flex items-center gap-2">
      <Avatar className="size-7 shrink-0">
        {photo ? <AvatarImage src={photo} alt="" /> : null}
        <AvatarFallback aria-hidden="true" className="text-[0.65rem]" style={{ backgroundColor: colour, color: readableTextOn(colour) }}>
          {initialsOf(name)}
        </AvatarFallback>
      </Avatar>
      <ClampedText text={name} inLink={inLink} />
    </span>
  );
}

/** Longer than this, a word (an id, a code, an e-mail address) may break anywhere in a cell. */
const LONG_WORD = 14;

/**
 * A cell's text whose long words may break anywhere: a table sizes its columns by their longest
 * unbreakable word, so a few codes or e-mail addresses in a row would push it out of its card. Words
 * of ordinary length stay whole (`overflow-wrap: anywhere` on the whole text would cut them too).
 */
function BreakableText({ text }: { text: string }) {
  // Words and the whitespace between them, kept so the text reads the same.
  const parts = text.split(/(\s+)/);
  const isLong = (part: string) => part.length > LONG_WORD && !/\s/.test(part);
  if (!parts.some(isLong)) return text;
  return parts.map((part, i) =>
    isLong(part) ? (
      <span key={i} className="wrap-anywhere">
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** Longer than this, a cell's text may be cut: it gets the title and a tab stop to read it whole. */
const LONG_TEXT = 24;

/**
 * A cell's text in at most two lines and 14rem (tables fit their card at 1440 px).
 * A cut value reads whole on hover (title) and on focus (a tab stop that lifts the clamp), so the
 * keyboard and touch reach it too.
 */
export function ClampedText({ text, inLink = false }: { text: string; inLink?: boolean }) {
  const long = text.length > LONG_TEXT;
  // Inside a link the link takes the focus (and the title); a second tab stop would nest them.
  const focusable = long && !inLink;
  return (
    <span
      className={cn(
        "line-clamp-2 max-w-56 min-w-0 break-words",
        inLink && "underline decoration-1 underline-offset-2 group-hover/main:decoration-2",
        focusable && "rounded-sm focus:line-clamp-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
      )}
      title={long ? text : undefined}
      // A value that may be cut must be reachable without a mouse: focus lifts the clamp.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={focusable ? 0 : undefined}
      data-testid={long ? "clamped-text" : undefined}
    >
      <BreakableText text={text} />
    </span>
  );
}

/** A cell by its column's kind; `inLink` when the row's main link wraps it (no tab stop of its own). */
export function CellValue({ column, value, inLink = false }: { column: ColumnDef; value: unknown; inLink?: boolean }) {
  if (column.kind === "status") return value ? <StatusBadge status={String(value)} /> : null;
  if (column.kind === "person") return <PersonCell value={value} inLink={inLink} />;
  if (value == null || value === "") return <span className="text-muted-foreground">—</span>;
  switch (column.kind) {
    case "reference":
      return <ClampedText text={referenceName(value)} inLink={inLink} />;
    case "list": {
      const items = Array.isArray(value) ? value : [value];
      return (
        <span className="flex flex-wrap gap-1">
          {items.map((item, i) => (
            <Badge key={i} variant="secondary" className="whitespace-normal">
              <BreakableText text={referenceName(item)} />
            </Badge>
          ))}
        </span>
      );
    }
    case "range": {
      // "4364301 T–4364350 T": a serial is never cut; on two lines the break comes after the dash.
      const text = String(value);
      const cut = text.indexOf("–");
      if (cut < 0) return <ClampedText text={text} />;
      return (
        <span>
          <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>
          <wbr />
          <span className="whitespace-nowrap">{text.slice(cut + 1)}</span>
        </span>
      );
    }
    case "money":
    case "number":
      return <span className="tabular-nums">{displayText(column.kind, value, getLocale())}</span>;
    case "date":
    case "datetime": {
      const text = displayText(column.kind, value, getLocale());
      const iso = value instanceof Date ? value.toISOString() : String(value);
      // "Nov 23, 2026, 11:56 PM": the date and the time each stay whole; the line may break between.
      const cut = column.kind === "datetime" ? text.lastIndexOf(", ") : -1;
      return (
        <time dateTime={iso} className={cut > 0 ? undefined : "whitespace-nowrap"}>
          {cut > 0 ? (
            <>
              <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>{" "}
              <span className="whitespace-nowrap">{text.slice(cut + 2)}</span>
            </>
          ) : (
            text
          )}
        </time>
      );
    }
    default:
      // An enum's stored value in the words its column gives it, else as stored.
      return <ClampedText text={column.labels?.[String(value)] ?? displayText(column.kind, value, getLocale())} inLink={inLink} />;
  }
}

export function isNumericKind(column: ColumnDef): boolean {
  return column.kind === "money" || column.kind === "number";
}
