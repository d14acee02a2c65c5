import { Ban, CircleCheck, Trash2 } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { initialsOf, readableTextOn } from "~/lib/ui-color";
import { cn } from "~/lib/utils";
import type { ColumnDef } from "~/resources/types";
import { displayText, personName, referenceName } from "./format";

// One renderer per column kind (DESIGN §4): the registry names a kind, never a component.

export type StatusStyles = Record<string, { className: string; Icon: typeof CircleCheck }>;

export const STATUS_STYLE: StatusStyles = {
  // Each pair meets WCAG AA (4.5:1) in light and dark mode.
  Active: {
    className: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
    Icon: CircleCheck,
  },
  Trashed: { className: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200", Icon: Trash2 },
  // A cancelled official receipt (issue 10): kept in every register, shown like a void form.
  Cancelled: {
    className: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
    Icon: Ban,
  },
  Void: {
    className: "border-orange-300 bg-orange-50 text-orange-900 dark:border-orange-800 dark:bg-orange-950 dark:text-orange-200",
    Icon: Ban,
  },
};

/** A status as a badge; `styles` names the states of its own kind (unknown ones look Active). */
export function StatusBadge({ status, styles = STATUS_STYLE }: { status: string; styles?: StatusStyles }) {
  const style = styles[status] ?? styles.Active;
  const Icon = style.Icon;
  return (
    <Badge variant="outline" data-status={status} className={cn("gap-1 px-2 py-1", style.className)}>
      <Icon aria-hidden="true" />
      {status}
    </Badge>
  );
}

/** A palette for people without a colour of their own: the id picks one, so a person keeps it. */
const PALETTE = ["#fde68a", "#bbf7d0", "#bfdbfe", "#fbcfe8", "#ddd6fe", "#fed7aa", "#a5f3fc", "#e9d5ff"];

type PersonValue = { id?: number; fullname?: string | null; name?: string | null; image?: string | null; hex_color?: string | null };

export function PersonCell({ value }: { value: unknown }) {
  if (value == null) return <span className="text-muted-foreground">—</span>;
  const person = (typeof value === "object" ? value : { fullname: String(value) }) as PersonValue;
  const name = personName(person) || "Unknown";
  const photo = person.image && person.image !== "/default_avatar.png" ? person.image : null;
  const colour = person.hex_color || PALETTE[Math.abs(Number(person.id ?? name.length)) % PALETTE.length];
  return (
    <span className="flex items-center gap-2 whitespace-nowrap">
      <Avatar className="size-7">
        {photo ? <AvatarImage src={photo} alt="" /> : null}
        <AvatarFallback aria-hidden="true" className="text-[0.65rem]" style={{ backgroundColor: colour, color: readableTextOn(colour) }}>
          {initialsOf(name)}
        </AvatarFallback>
      </Avatar>
      <span>{name}</span>
    </span>
  );
}

export function CellValue({ column, value }: { column: ColumnDef; value: unknown }) {
  if (column.kind === "status") return value ? <StatusBadge status={String(value)} /> : null;
  if (column.kind === "person") return <PersonCell value={value} />;
  if (value == null || value === "") return <span className="text-muted-foreground">—</span>;
  switch (column.kind) {
    case "reference":
      return <span>{referenceName(value)}</span>;
    case "list": {
      const items = Array.isArray(value) ? value : [value];
      return (
        <span className="flex flex-wrap gap-1">
          {items.map((item, i) => (
            <Badge key={i} variant="secondary">
              {referenceName(item)}
            </Badge>
          ))}
        </span>
      );
    }
    case "money":
    case "number":
      return <span className="tabular-nums">{displayText(column.kind, value)}</span>;
    case "date":
    case "datetime": {
      const text = displayText(column.kind, value);
      const iso = value instanceof Date ? value.toISOString() : String(value);
      return (
        <time dateTime={iso} className="whitespace-nowrap">
          {text}
        </time>
      );
    }
    default:
      return <span>{displayText(column.kind, value)}</span>;
  }
}

export function isNumericKind(column: ColumnDef): boolean {
  return column.kind === "money" || column.kind === "number";
}
