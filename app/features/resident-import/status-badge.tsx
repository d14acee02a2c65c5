import { Badge } from "~/components/ui/badge";

const LABELS: Record<string, { label: string; variant: "default" | "secondary" | "destructive" | "outline" | "success" }> = {
  mapping: { label: "Columns to match", variant: "outline" },
  review: { label: "Dry run — not saved", variant: "secondary" },
  committing: { label: "Importing…", variant: "default" },
  committed: { label: "Imported", variant: "success" },
  undoing: { label: "Undoing…", variant: "default" },
  undone: { label: "Undone", variant: "outline" },
};

/** An import's state in words. */
export function StatusBadge({ status }: { status: string }) {
  const s = LABELS[status] ?? { label: status, variant: "outline" as const };
  return (
    <Badge variant={s.variant} data-testid="import-status">
      {s.label}
    </Badge>
  );
}
